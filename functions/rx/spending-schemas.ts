import { z } from '@hono/zod-openapi';
import { MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { PROGRAMS, type Program, TOP_METRICS } from '../../shared/rx/spending-rows';

const asOf = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  example: '2025-06-01',
  description:
    'Answer from the release of each program in force on this date (YYYY-MM-DD): a release is in force from the day it was first archived until the next release; default today.',
});

/** `part_d,medicaid`: each item a program; a typo is a 400 naming it. */
const programs = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const items = s.split(',').map((x) => x.trim());
    items.forEach((item, i) => {
      if (!(PROGRAMS as readonly string[]).includes(item))
        ctx.addIssue({ code: 'custom', message: `item ${i + 1} '${item}' is not one of ${PROGRAMS.join(', ')}` });
    });
    return [...new Set(items)] as Program[];
  })
  .optional()
  .openapi({
    type: 'string',
    description: `Programs, comma-separated (any of ${PROGRAMS.join(', ')}); default all three.`,
    example: 'part_d,medicaid',
  });

const year = queryInt((n) => n.min(1990).max(2100)).openapi({
  description: 'Data (calendar) year, e.g. 2022.',
  example: 2022,
});

export const SpendingQuery = z.object({
  program: programs,
  year: year.optional(),
  q: z.string().min(1).max(200).optional().openapi({
    description:
      'Words of the brand or generic name (or, in Part B, the HCPCS code or description), each word of two letters or more; every word must match.',
    example: 'atorvastatin',
  }),
  manufacturer: z.string().min(1).max(100).optional().openapi({
    description:
      'Manufacturer as published (exact, case-insensitive; CMS truncates names, e.g. `Bristol-Myers Sq`). Implies level=manufacturer unless level=all.',
  }),
  hcpcs: z
    .string()
    .regex(/^[A-Za-z0-9]\d{4}$/, 'expected a HCPCS Level II code such as J0178')
    .transform((s) => s.toUpperCase())
    .optional()
    .openapi({ description: 'Part B only: the HCPCS code (implies program=part_b).', example: 'J0178' }),
  level: z.enum(['overall', 'manufacturer', 'all']).optional().openapi({
    description:
      '`overall` (default): one row per drug and year across manufacturers; `manufacturer`: one row per manufacturer (default when `manufacturer` is given); `all`: both (do not sum them).',
  }),
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(50)
    .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default 50).` }),
  cursor: z.string().min(1).max(400).optional().openapi({ description: "The previous page's `next_cursor`." }),
  as_of: asOf,
});

export const MAX_TOP = 100;

export const SpendingTopQuery = z.object({
  program: z.enum(PROGRAMS).openapi({ description: 'The program ranked (one).', example: 'part_d' }),
  year,
  metric: z
    .enum(Object.keys(TOP_METRICS) as [keyof typeof TOP_METRICS, ...(keyof typeof TOP_METRICS)[]])
    .default('total_spending')
    .openapi({
      description:
        'total_spending (default), avg_spend_per_dosage_unit, spending_growth_pct (from the year before, same release), total_beneficiaries (not Medicaid), total_claims.',
    }),
  limit: queryInt((n) => n.min(1).max(MAX_TOP))
    .default(10)
    .openapi({ description: `How many drugs, 1 to ${MAX_TOP} (default 10).` }),
  exclude_outliers: z
    .enum(['true', 'false'])
    .transform((s) => s === 'true')
    .optional()
    .openapi({ type: 'string', description: 'true: leave out rows CMS flags as outliers that year.' }),
  as_of: asOf,
});
