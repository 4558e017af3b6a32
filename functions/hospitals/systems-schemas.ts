import { z } from '@hono/zod-openapi';
import { queryInt } from '../../shared/http/query-int';
import { SYSTEM_ID_PATTERN } from '../../shared/systems/system-rows';
import { ProfileQuery } from './profile-schemas';

export const SystemPath = z.object({
  id: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z.string().regex(SYSTEM_ID_PATTERN, 'expected an AHRQ health-system id: HSI and eight digits (e.g. HSI00000101)'),
    )
    .openapi({
      param: { name: 'id', in: 'path' },
      description: 'AHRQ Compendium health-system id (`HSI` and eight digits; lower case accepted).',
      example: 'HSI00000101',
    }),
});

export const SystemQuery = ProfileQuery;

const fiscalYear = queryInt((n) => n.min(1990).max(2100))
  .optional()
  .openapi({
    description: 'Fiscal year (the calendar year the tax period ends in).',
    example: 2023,
  });

export const SystemFinancialsQuery = ProfileQuery.extend({ fiscal_year: fiscalYear });

export const EXECUTIVES_MAX_LIMIT = 200;

export const SystemExecutivesQuery = ProfileQuery.extend({
  fiscal_year: fiscalYear,
  limit: queryInt((n) => n.min(1).max(EXECUTIVES_MAX_LIMIT))
    .default(50)
    .openapi({ description: `Persons per page, 1 to ${EXECUTIVES_MAX_LIMIT} (default 50).` }),
  offset: queryInt((n) => n.min(0).max(100_000))
    .default(0)
    .openapi({ description: 'Persons to skip, in the answer order.' }),
});
