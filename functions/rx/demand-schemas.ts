import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { AsOfQuery } from './schemas';

const drugName = z.string().trim().min(1).max(200);

export const DemandQuery = z
  .object({
    level: z.enum(['county', 'cbsa']).default('county').openapi({
      description: 'county (default): rows per data year, state, county and drug; cbsa: per data year, CBSA and drug.',
    }),
    generic: drugName.optional().openapi({
      description: 'Generic name, exact (Gnrc_Name, case ignored), e.g. ATORVASTATIN CALCIUM.',
      example: 'ATORVASTATIN CALCIUM',
    }),
    brand: drugName.optional().openapi({
      description: 'Brand name, exact (Brnd_Name, case ignored; generics carry their generic name as brand).',
      example: 'LIPITOR',
    }),
    state: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected a 2-letter state abbreviation')
      .optional()
      .openapi({ description: 'State abbreviation (county rows only).', example: 'NY' }),
    county_fips: z
      .string()
      .regex(/^\d{5}$/, 'expected a 5-digit county FIPS code')
      .optional()
      .openapi({ description: '5-digit county FIPS (county rows only).', example: '36001' }),
    cbsa: z
      .string()
      .regex(/^\d{5}$/, 'expected a 5-digit CBSA code')
      .optional()
      .openapi({ description: '5-digit CBSA code (CBSA rows only).', example: '10580' }),
    year: queryInt((n) => n.min(2013).max(2100))
      .optional()
      .openapi({
        description: 'Data year (the releases in force on `as_of` are listed in `data_years`).',
        example: 2022,
      }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Rows per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    cursor: z
      .string()
      .max(400)
      .optional()
      .openapi({ description: "The previous page's `next_cursor`: the rows after it." }),
  })
  .merge(AsOfQuery);
