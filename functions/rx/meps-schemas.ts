import { z } from '@hono/zod-openapi';
import { queryInt } from '../../shared/http/query-int';
import { MEPS_SEGMENT_PARAMS } from '../../shared/rx/meps-schemas';
import { AsOfQuery } from './schemas';

/** Rows per page at most: each row carries a generic-cost join (RxNorm and NADAC reads). */
export const MEPS_MAX_LIMIT = 100;

export const MepsMixQuery = z
  .object({
    year: queryInt((n) => n.min(1996).max(2100))
      .optional()
      .openapi({ description: 'Data year (default: the latest loaded; `data_years` lists them).', example: 2021 }),
    segment: z.enum(MEPS_SEGMENT_PARAMS).default('all').openapi({
      description:
        'Person segment (default `all`): `private_under_65` (any private coverage in the year), `public_only_under_65`, `uninsured_under_65`, `age_65_plus`, `not_classified` (age or coverage not reported), `not_linked` (not in the consolidated file).',
      example: 'private_under_65',
    }),
    drug: z.string().trim().min(1).max(200).optional().openapi({
      description: 'One drug, exact Multum generic name (RXDRGNAM, case ignored).',
      example: 'ATORVASTATIN',
    }),
    limit: queryInt((n) => n.min(1).max(MEPS_MAX_LIMIT))
      .default(25)
      .openapi({ description: `Rows per page, 1 to ${MEPS_MAX_LIMIT} (default 25).` }),
    cursor: z
      .string()
      .max(400)
      .optional()
      .openapi({ description: "The previous page's `next_cursor`: the rows after it." }),
  })
  .merge(AsOfQuery);
