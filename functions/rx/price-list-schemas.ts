import { z } from '@hono/zod-openapi';
import { parseNdc } from '../../shared/codes/ndc';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { SLUG_PATTERN } from '../../shared/rx/price-list-rows';
import { AsOfQuery } from './schemas';

const price = (which: string) =>
  z
    .string()
    .regex(/^\d{1,6}(\.\d{1,5})?$/, 'expected a non-negative dollar amount, e.g. 0.5 or 12.25')
    .transform(Number)
    .optional()
    .openapi({ description: `${which} unit price in dollars, inclusive.`, example: '1.5' });

/** Filters, order and paging of /rx/price-list (the snapshot is filtered and sorted in memory). */
export const PriceListQuery = z
  .object({
    q: z.string().trim().min(2, 'give at least 2 characters').max(100).optional().openapi({
      description: 'Case-insensitive text found in the medication name or the brand name.',
      example: 'statin',
    }),
    ndc: z
      .string()
      .transform((s, ctx) => {
        const p = parseNdc(s);
        if (p.kind === 'ndc11') return p.ndc11;
        ctx.addIssue({
          code: 'custom',
          message:
            p.kind === 'ambiguous'
              ? `a 10-digit NDC without hyphens is ambiguous (${p.candidates.join(', ')}); give the hyphenated form or 11 digits`
              : p.reason,
        });
        return z.NEVER;
      })
      .optional()
      .openapi({ description: 'The listed NDC in any common form (answered as ndc11).', example: '00093505698' }),
    form: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .optional()
      .openapi({ description: 'Dosage form, case-insensitive (`Tablet`).' }),
    pill_nonpill: z.enum(['Pill', 'Nonpill']).optional().openapi({ description: 'As the vendor classes it.' }),
    min_unit_price: price('Lowest'),
    max_unit_price: price('Highest'),
    sort: z.enum(['name', 'unit_price', 'slug']).default('name').openapi({
      description:
        '`name` (default): medication name, strength, form; `unit_price`; `slug`. Every order ends on the slug (unique in a snapshot).',
    }),
    order: z.enum(['asc', 'desc']).default('asc'),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: `Products to skip (default 0, at most ${MAX_OFFSET}).` }),
  })
  .merge(AsOfQuery);

export const SlugPath = z.object({
  slug: z
    .string()
    .regex(SLUG_PATTERN, 'expected a price-list slug: letters, digits, _ - . ( ), at most 200 characters')
    .openapi({
      param: { name: 'slug', in: 'path' },
      description: 'The vendor product slug as published (`Atorvastatin-20mg-Tablet`), case-insensitive.',
      example: 'Atorvastatin-20mg-Tablet',
    }),
});

export const PriceListProductQuery = z
  .object({
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `History points per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    cursor: z.string().max(40).optional().openapi({ description: "The previous page's `next_cursor`." }),
  })
  .merge(AsOfQuery);
