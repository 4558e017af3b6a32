import { z } from '@hono/zod-openapi';
import { MAX_CURSOR_CHARS } from '../../shared/http/cursor';
import { queryInt } from '../../shared/http/query-int';
import { DateString, NpiString, StateString } from '../../shared/http/schemas';
import { PROFESSIONS } from '../../shared/providers/licenses/rows';

export const ALERTS_MAX_LIMIT = 100;

export const LicenseAsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description: 'Answer from the versions of each source in force on this date (YYYY-MM-DD); default today.',
  }),
});

export const LicenseNpiPath = z.object({
  npi: NpiString().openapi({
    param: { name: 'npi', in: 'path' },
    description: 'NPI with a valid check digit.',
    example: '1847362914',
  }),
});

export const LicenseStatePath = z.object({
  state: StateString().openapi({
    param: { name: 'state', in: 'path' },
    description: 'Two-letter USPS state or territory code (any case).',
    example: 'CO',
  }),
});

export const AlertsQuery = LicenseAsOfQuery.extend({
  since: DateString.optional().openapi({
    description:
      'First action date of the window (YYYY-MM-DD); default 90 days before as_of. The window ends on as_of.',
  }),
  state: StateString().optional().openapi({ description: 'Only this state\u2019s actions.', example: 'NY' }),
  profession: z.enum(PROFESSIONS).optional().openapi({ description: 'Only actions on licences of this profession.' }),
  limit: queryInt((n) => n.min(1).max(ALERTS_MAX_LIMIT))
    .default(50)
    .openapi({ description: `Actions per page, 1 to ${ALERTS_MAX_LIMIT} (default 50).` }),
  cursor: z
    .string()
    .min(1)
    .max(MAX_CURSOR_CHARS)
    .optional()
    .openapi({ description: "The previous page's `next_cursor` (same filters)." }),
});
