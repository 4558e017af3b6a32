import { z } from '@hono/zod-openapi';
import { MEASURE_NAMES } from '../../shared/companies/company-rows';
import { MA_EVENT_TYPES } from '../../shared/companies/ma-event-schemas';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';

export const COMPANY_FACTS_MAX_LIMIT = 500;
export const COMPANY_SEARCH_MAX_LIMIT = 100;
export const MA_EVENTS_MAX_LIMIT = 200;

const asOf = DateString.optional().openapi({
  param: { name: 'as_of', in: 'query' },
  description: 'Answer from the versions of each source in force on this date (YYYY-MM-DD); default today.',
});

export const CompanyPath = z.object({
  ticker: z
    .string()
    .trim()
    .min(1)
    .max(12, 'expected a ticker or a CIK')
    .openapi({
      param: { name: 'ticker', in: 'path' },
      description: 'Ticker as EDGAR lists it (any case, e.g. `PHHS`, `BRK-B`) or a CIK (1 to 10 digits).',
      example: 'PHHS',
    }),
});

export const CompanyFinancialsQuery = z.object({
  measure: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim().toLowerCase()))
    .pipe(
      z.array(
        z.enum(MEASURE_NAMES as [string, ...string[]], {
          message: `expected a comma list of ${MEASURE_NAMES.join(', ')}`,
        }),
      ),
    )
    .optional()
    .openapi({
      description: `Comma list of measures: ${MEASURE_NAMES.join(', ')}. Default all.`,
      example: 'revenue,net_income',
    }),
  period_type: z
    .enum(['annual', 'quarterly', 'other', 'instant'], { message: 'expected annual, quarterly, other or instant' })
    .optional()
    .openapi({
      description: 'annual (350-380 days), quarterly (80-100 days), other durations, or instant (balance-sheet dates).',
    }),
  period_end_min: DateString.optional().openapi({ description: 'Periods ending on or after this date.' }),
  period_end_max: DateString.optional().openapi({ description: 'Periods ending on or before this date.' }),
  limit: queryInt((n) => n.min(1).max(COMPANY_FACTS_MAX_LIMIT))
    .default(100)
    .openapi({ description: `Facts per page, 1 to ${COMPANY_FACTS_MAX_LIMIT} (default 100).` }),
  offset: queryInt((n) => n.min(0).max(10_000))
    .default(0)
    .openapi({ description: 'Facts to skip, in the answer order (period end descending, measure, frame).' }),
  as_of: asOf,
});

export const CompanySearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'expected at least two characters')
    .max(100)
    .optional()
    .openapi({ description: 'Words of the company name or a ticker; every word must match.', example: 'pine hollow' }),
  sic: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'expected a 4-digit SIC code')
    .optional()
    .openapi({ description: 'SIC code of the filer (4 digits).', example: '8062' }),
  state_of_incorporation: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, 'expected a 2-character state or country code as EDGAR writes it')
    .optional()
    .openapi({ description: 'State of incorporation as EDGAR codes it (DE, MN, ...).', example: 'DE' }),
  limit: queryInt((n) => n.min(1).max(COMPANY_SEARCH_MAX_LIMIT))
    .default(25)
    .openapi({ description: `Companies per page, 1 to ${COMPANY_SEARCH_MAX_LIMIT} (default 25).` }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page (same filters and as_of).' }),
  as_of: asOf,
});

export const MaEventsQuery = z.object({
  since: DateString.optional().openapi({
    description: 'Events dated on or after this day (default 365 days before `until`).',
  }),
  until: DateString.optional().openapi({
    description: 'Events dated on or before this day (default `as_of`). At most 731 days after `since`.',
  }),
  type: z
    .enum(MA_EVENT_TYPES, { message: `expected one of ${MA_EVENT_TYPES.join(', ')}` })
    .optional()
    .openapi({ description: 'Only events of this type.' }),
  source: z
    .enum(['sec_edgar', 'cms_chow'], { message: 'expected sec_edgar or cms_chow' })
    .optional()
    .openapi({ description: 'Only events one source reports (merged events count for both).' }),
  limit: queryInt((n) => n.min(1).max(MA_EVENTS_MAX_LIMIT))
    .default(50)
    .openapi({ description: `Events per page, 1 to ${MA_EVENTS_MAX_LIMIT} (default 50).` }),
  offset: queryInt((n) => n.min(0).max(10_000))
    .default(0)
    .openapi({ description: 'Events to skip, in the answer order (date descending, then event_id).' }),
  as_of: asOf,
});
