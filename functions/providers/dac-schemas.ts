import { z } from '@hono/zod-openapi';
import { ccnPathParam } from '../../shared/hospitals/ccn-param';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, NpiString } from '../../shared/http/schemas';

export const NpiPath = z.object({
  npi: NpiString().openapi({
    param: { name: 'npi', in: 'path' },
    description: 'National Provider Identifier: 10 digits with a valid check digit.',
    example: '1203847565',
  }),
});

export const HospitalCcnPath = z.object({
  ccn: ccnPathParam('CMS Certification Number of the hospital (6 characters, leading zeros kept).', '360999'),
});

const asOf = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  description:
    'Answer from the versions of each source in force on this date (YYYY-MM-DD); default today. The NPPES registry is read as loaded whatever the date.',
});

export const ProviderQuery = z.object({ as_of: asOf });

export const AffiliatesQuery = z.object({
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Clinicians per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  cursor: z.string().optional().openapi({ description: 'The `next_cursor` of the previous page (same as_of).' }),
  as_of: asOf,
});
