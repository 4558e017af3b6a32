import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, StateString } from '../../shared/http/schemas';
import { normalizeCcn } from '../../shared/vbc/hrrp-rows';

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the HRRP files in force on this date (YYYY-MM-DD; a fiscal year runs 1 October to 30 September); default today.',
  }),
});

export const CcnPath = z.object({
  ccn: z
    .string()
    .transform((s, ctx) => {
      const ccn = normalizeCcn(s);
      if (!ccn) {
        ctx.addIssue({
          code: 'custom',
          message:
            'expected a CCN: 6 characters (digits, a letter allowed in third place), e.g. 010001; 5 digits get their leading zero back',
        });
        return z.NEVER;
      }
      return ccn;
    })
    .openapi({ param: { name: 'ccn', in: 'path' }, description: 'CMS Certification Number.', example: '010001' }),
});

const pct = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal number')
  .transform(Number)
  .optional();

export const HrrpListQuery = z
  .object({
    state: StateString().optional().openapi({ description: "The hospital file's State (USPS code).", example: 'AL' }),
    penalized: z.enum(['true', 'false']).optional().openapi({
      description: 'true: payment adjustment factor below 1 (payment_reduction_pct above 0); false: no reduction.',
    }),
    payment_reduction_pct_min: pct.openapi({
      description: 'Lowest payment_reduction_pct (percent, inclusive).',
      example: '1',
    }),
    payment_reduction_pct_max: pct.openapi({ description: 'Highest payment_reduction_pct (percent, inclusive).' }),
    sort: z.enum(['ccn', 'payment_reduction_pct', 'facility_name']).default('ccn').openapi({
      description: 'Order of the list; ties and equal values always end on CCN (unique). Nulls come last.',
    }),
    order: z
      .enum(['asc', 'desc'])
      .optional()
      .openapi({ description: 'Default asc, except desc for payment_reduction_pct (largest penalty first).' }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Hospitals to skip (0 to ${MAX_OFFSET}).` }),
  })
  .merge(AsOfQuery);
