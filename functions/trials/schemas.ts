import { z } from '@hono/zod-openapi';
import { MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, StateString } from '../../shared/http/schemas';
import { normalizeNctId } from '../../shared/trials/study-rows';

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the ClinicalTrials.gov set in force on this date (YYYY-MM-DD; a set is in force from the day it was archived to the day before the next); default today.',
  }),
});

export const NctPath = z.object({
  nct_id: z
    .string()
    .transform((s, ctx) => {
      const id = normalizeNctId(s);
      if (!id) {
        ctx.addIssue({
          code: 'custom',
          message: 'expected an NCT number: NCT and 8 digits, e.g. NCT05594173 (any case)',
        });
        return z.NEVER;
      }
      return id;
    })
    .openapi({
      param: { name: 'nct_id', in: 'path' },
      description: 'ClinicalTrials.gov NCT number.',
      example: 'NCT05594173',
    }),
});

/** API v2 overallStatus values (Status enum). */
const STATUSES = [
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'ENROLLING_BY_INVITATION',
  'NOT_YET_RECRUITING',
  'RECRUITING',
  'SUSPENDED',
  'TERMINATED',
  'WITHDRAWN',
  'AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'TEMPORARILY_NOT_AVAILABLE',
  'APPROVED_FOR_MARKETING',
  'WITHHELD',
  'UNKNOWN',
] as const;
/** API v2 Phase values. */
const PHASES = ['NA', 'EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'] as const;

const text = (description: string, example?: string) =>
  z.string().min(1).max(200).optional().openapi({ description, example });

export const TrialsListQuery = z
  .object({
    condition: text('Words of a condition the study lists (every word must appear in its conditions).', 'diabetes'),
    status: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .pipe(z.enum(STATUSES))
      .optional()
      .openapi({ description: `Overall status (API v2): ${STATUSES.join(', ')}; any case.`, example: 'RECRUITING' }),
    phase: z
      .string()
      .transform((s) => s.trim().toUpperCase().replace(/\s+/g, ''))
      .pipe(z.enum(PHASES))
      .optional()
      .openapi({
        description: `A phase the study lists: ${PHASES.join(', ')}; any case. A PHASE2/PHASE3 study matches either.`,
      }),
    sponsor: text('Words of the lead sponsor or a collaborator (every word must appear among their names).', 'pfizer'),
    state: StateString().optional().openapi({ description: 'A US site in this state (USPS code).', example: 'CA' }),
    city: text('A site in this city (whole city name, any case).', 'Boston'),
    zip: z
      .string()
      .regex(/^\d{5}(-?\d{4})?$/, 'expected a US ZIP code: 5 digits (ZIP+4 accepted)')
      .optional()
      .openapi({ description: 'A US site with this ZIP code (the first five digits compare).', example: '02115' }),
    updated_since: DateString.optional().openapi({ description: 'Last update posted on or after this date.' }),
    updated_until: DateString.optional().openapi({ description: 'Last update posted on or before this date.' }),
    sort: z.enum(['nct_id', 'last_update']).default('nct_id').openapi({
      description:
        '`nct_id` (default, ascending) or `last_update` (last update posted, newest first; studies without one last). Every order ends on the archived record (unique).',
    }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(50)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default 50).` }),
    cursor: z.string().min(1).optional().openapi({ description: 'The `next_cursor` of the previous page.' }),
  })
  .merge(AsOfQuery);
