import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, NpiString } from '../../shared/http/schemas';

export const ProviderNpiPath = z.object({
  npi: NpiString().openapi({
    param: { name: 'npi', in: 'path' },
    description: 'NPI (10 digits, check digit verified).',
    example: '1372640197',
  }),
});

const asOf = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  description:
    'Answer from the publications in force on this date (YYYY-MM-DD; a publication is in force from its publication date until the next one of its file type and program year); default today.',
});

export const FinancialQuery = z.object({
  program_year: queryInt((n) => n.min(2013).max(2100))
    .optional()
    .openapi({ description: 'Program year of the rows listed.', example: 2023 }),
  kind: z
    .enum(['general', 'research', 'ownership'], { message: 'expected general, research or ownership' })
    .optional()
    .openapi({ description: 'File type of the rows listed.' }),
  payer: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Paying manufacturer or GPO, exactly as published.' }),
  nature: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Nature of payment, exactly as published (e.g. `Consulting Fee`).' }),
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Payment rows per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'The `payments.next_cursor` of the previous page (same filters and as_of).' }),
  as_of: asOf,
});

export const TrialsQuery = z.object({ as_of: asOf });
