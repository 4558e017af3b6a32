import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { HEALTH_FUNDING_CLASSES, INTEGRATION_CLASSES } from '../../shared/rx/employer-rows';
import { AsOfQuery } from '../rx/schemas';

const year = queryInt((n) => n.min(2009).max(2100))
  .optional()
  .openapi({
    description: 'Plan year (default: the newest plan year in force on `as_of`; `years` lists them).',
    example: 2023,
  });
const metro = z
  .string()
  .regex(/^\d{5}$/, 'expected a 5-digit CBSA code')
  .optional()
  .openapi({ description: 'Metro: 5-digit CBSA code of the sponsor mailing ZIP.', example: '10580' });
const limit = queryInt((n) => n.min(1).max(MAX_LIMIT))
  .default(DEFAULT_LIMIT)
  .openapi({ description: `Rows per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` });
const cursor = z
  .string()
  .max(400)
  .optional()
  .openapi({ description: "The previous page's `next_cursor`: the rows after it." });
const integration = z
  .enum(INTEGRATION_CLASSES)
  .optional()
  .openapi({ description: 'Integration class of the PBM and the carriers.', example: 'same_parent' });

export const EmployersQuery = z
  .object({
    year,
    state: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected a 2-letter state abbreviation')
      .optional()
      .openapi({ description: 'Sponsor mailing state.', example: 'NY' }),
    metro,
    funding_class: z
      .enum(HEALTH_FUNDING_CLASSES)
      .optional()
      .openapi({ description: 'health_funding_class.', example: 'self_funded_with_stop_loss' }),
    pbm: z.string().max(60).optional().openapi({ description: 'PBM key as /rx/pbms lists it.', example: 'caremark' }),
    integration,
    min_participants: queryInt((n) => n.min(0).max(10_000_000))
      .optional()
      .openapi({ description: 'Minimum active participants (inclusive).', example: 1000 }),
    limit,
    cursor,
  })
  .merge(AsOfQuery);

export const EinPath = z.object({
  ein: z
    .string()
    .max(20)
    .openapi({
      param: { name: 'ein', in: 'path' },
      example: '14-1234567',
      description: 'Sponsor EIN: 9 digits, or NN-NNNNNNN.',
    }),
});

export const EmployerQuery = AsOfQuery;

export const EmployerMetrosQuery = z.object({ year, metro, limit, cursor }).merge(AsOfQuery);

export const EmployerIntegrationQuery = z
  .object({
    year,
    integration,
    largest: queryInt((n) => n.min(1).max(100))
      .default(10)
      .openapi({ description: 'Largest plans listed (1 to 100, default 10).' }),
  })
  .merge(AsOfQuery);

export const PbmsQuery = z
  .object({
    year,
    limit: queryInt((n) => n.min(1).max(500))
      .default(100)
      .openapi({ description: 'PBMs per page, 1 to 500 (default 100).' }),
    offset: queryInt((n) => n.min(0).max(100_000))
      .default(0)
      .openapi({ description: 'PBMs skipped.' }),
  })
  .merge(AsOfQuery);
