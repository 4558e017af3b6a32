import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, NpiString, StateString } from '../../shared/http/schemas';
import { SYSTEM_ID_PATTERN } from '../../shared/systems/system-rows';

const asOf = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  description:
    'Answer from the MIPS files in force on this date (YYYY-MM-DD; a performance-year file is in force from the day it was archived until the next one); default today.',
});

export const QualityNpiPath = z.object({
  npi: NpiString().openapi({
    param: { name: 'npi', in: 'path' },
    description: 'NPI (10 digits, check digit verified).',
    example: '1372640197',
  }),
});

export const QualityNpiQuery = z.object({ as_of: asOf });

export const SpecialtyPath = z.object({
  specialty: z
    .string()
    .trim()
    .transform((s) => (/^[0-9A-Za-z]{9}X$/i.test(s) ? s.toUpperCase() : s.toLowerCase()))
    .refine((s) => /^[0-9A-Z]{9}X$/.test(s) || /^[a-z0-9]+(?:-[a-z0-9]+){0,9}$/.test(s), {
      message:
        'expected an NPPES taxonomy code (10 characters ending in X) or a specialty slug such as internal-medicine',
    })
    .openapi({
      param: { name: 'specialty', in: 'path' },
      description:
        "An NPPES Health Care Provider Taxonomy code (`207R00000X`, any case), or, for clinicians the registry does not list, the MIPS file's own specialty as a lower-case slug (`internal-medicine`).",
      example: '207R00000X',
    }),
});

export const LeaderboardQuery = z.object({
  state: StateString()
    .optional()
    .openapi({ description: "USPS practice state (the file's, else the registry's).", example: 'TX' }),
  min_volume: queryInt((n) => n.min(0).max(10_000_000))
    .optional()
    .openapi({
      description: 'Minimum Medicare patients (QPP Experience rows only: rows without a patient count are left out).',
    }),
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Entries per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page (same filters and as_of).' }),
  as_of: asOf,
});

export const SystemQualityPath = z.object({
  system_id: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z.string().regex(SYSTEM_ID_PATTERN, 'expected an AHRQ health-system id: HSI and eight digits (e.g. HSI00000101)'),
    )
    .openapi({
      param: { name: 'system_id', in: 'path' },
      description: 'AHRQ Compendium health-system id, as `/systems/{id}` takes it (`HSI` and eight digits; any case).',
      example: 'HSI00000101',
    }),
});

export const SystemQualityQuery = z.object({
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Clinicians per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page (same system and as_of).' }),
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the Compendium, facility-affiliation and MIPS files each in force on this date (YYYY-MM-DD); default today.',
  }),
});
