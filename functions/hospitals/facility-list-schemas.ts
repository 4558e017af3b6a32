import { z } from '@hono/zod-openapi';
import { OWNERSHIP } from '../../shared/facilities/pdc-rows';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, StateString } from '../../shared/http/schemas';

/** The query of every facility-type list (/nursing-homes, /hospice, /home-health, /dialysis, /irf, /ltch). */
export const FacilityListQuery = z.object({
  state: StateString().optional().openapi({ description: 'USPS state code of the facility.', example: 'AL' }),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'expected a 5-digit ZIP code')
    .optional()
    .openapi({ description: '5-digit ZIP code of the facility.', example: '35653' }),
  county: z
    .string()
    .trim()
    .min(1, 'expected a county name')
    .max(60, 'expected a county name (at most 60 characters)')
    .optional()
    .openapi({ description: 'County name as published, any case (e.g. `Franklin`).', example: 'Franklin' }),
  ownership: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.enum(OWNERSHIP, { message: `expected one of ${OWNERSHIP.join(', ')}` }))
    .optional()
    .openapi({ description: `Normalized ownership: ${OWNERSHIP.join(', ')}.`, example: 'for_profit' }),
  status: z
    .enum(['active', 'terminated', 'all'], { message: 'expected active, terminated or all' })
    .default('all')
    .openapi({
      description:
        'active: listed by the release in force; terminated: listed by an earlier release only (with end_date); all (default): both.',
    }),
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Facilities per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page (same filters and as_of).' }),
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      "Answer from the file's release in force on this date (YYYY-MM-DD; a release is in force from its month's first day, or the day it was archived when its name carries no month, until the next); default today.",
  }),
});
