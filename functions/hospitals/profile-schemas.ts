import { z } from '@hono/zod-openapi';
import { CBSA_PATTERN } from '../../shared/hospitals/profile-rows';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';

export const ProfileQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description: 'Answer from the versions of each source in force on this date (YYYY-MM-DD); default today.',
  }),
});

export const CbsaPath = z.object({
  cbsa_code: z
    .string()
    .trim()
    .regex(CBSA_PATTERN, 'expected a CBSA or metropolitan division code: five digits, e.g. 16980')
    .openapi({
      param: { name: 'cbsa_code', in: 'path' },
      description: 'OMB CBSA code, or a metropolitan division code (five digits).',
      example: '20020',
    }),
});

export const TRIALS_MAX_LIMIT = 100;

export const HospitalTrialsQuery = ProfileQuery.extend({
  limit: queryInt((n) => n.min(1).max(TRIALS_MAX_LIMIT))
    .default(50)
    .openapi({ description: `Trials per page, 1 to ${TRIALS_MAX_LIMIT} (default 50).` }),
  offset: queryInt((n) => n.min(0).max(1000))
    .default(0)
    .openapi({ description: 'Trials to skip, in the answer order (confidence, then NCT id).' }),
});
