import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT, PageQuery } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString, StateString } from '../../shared/http/schemas';
import { SIGNAL_CATEGORIES } from '../../shared/signals/signal-rows';

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    description:
      'Answer from the signal feeds and the facility reference in force on this date (YYYY-MM-DD; a feed walk is in force from the day it was archived to the day before the next); default today.',
  }),
});

const category = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(SIGNAL_CATEGORIES, { message: `expected one of ${SIGNAL_CATEGORIES.join(', ')}` }))
  .optional()
  .openapi({ description: `Signal category: ${SIGNAL_CATEGORIES.join(', ')}.`, example: 'expansion' });

const state = StateString().optional().openapi({ description: 'USPS state code of the site.', example: 'IL' });

export const SignalListQuery = z
  .object({
    state,
    city: z
      .string()
      .trim()
      .min(1, 'expected a city name')
      .max(80, 'expected at most 80 characters')
      .optional()
      .openapi({ description: 'City of the site (case and punctuation ignored).', example: 'Chicago' }),
    category,
    system: z
      .string()
      .trim()
      .regex(/^HSI\d{8}$/i, 'expected an AHRQ health-system id: HSI and eight digits (e.g. HSI00000101)')
      .transform((s) => s.toUpperCase())
      .optional()
      .openapi({
        description:
          "AHRQ Compendium health-system id (`HSI` and eight digits): only the signals whose matched hospital (CCN) the Compendium hospital linkage in force on the date lists under that system (ambiguous and unmatched signals never count). An id the linkage in force does not list is a 404; no linkage in force is a 503 naming ahrq_compendium. With `system` the system's signals are read whole (at most 20,000 signals in scope, else 400 `too_broad`) and `total` is always exact.",
        example: 'HSI00000101',
      }),
    min_value: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected a non-negative number of dollars')
      .transform(Number)
      .optional()
      .openapi({
        description: 'Lowest declared value in dollars (inclusive); signals without a value are left out.',
        example: '1000000',
      }),
    since: DateString.optional().openapi({
      description:
        'Recency: signals whose latest date (issued, approved or filed) is on or after this day (YYYY-MM-DD).',
      example: '2024-01-01',
    }),
    sort: z.enum(['recent', 'value']).default('recent').openapi({
      description:
        'recent (default): latest date, newest first; value: declared value, largest first. Nulls last; ties end on the feed version and record of the signal (unique).',
    }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: PageQuery.shape.offset,
    cursor: PageQuery.shape.cursor,
    include_total: PageQuery.shape.include_total.openapi({
      description:
        'true: count `total` also for city, min_value and since (reads up to 20,000 signals, else 400); without them `total` is always counted, from the load-time rollup.',
    }),
  })
  .merge(AsOfQuery);

export const SignalSummaryQuery = z.object({ state, category }).merge(AsOfQuery);

export const SystemSignalsQuery = z
  .object({
    state: StateString()
      .optional()
      .openapi({ description: "USPS state code of the signals' sites (not the system's home office).", example: 'IL' }),
    category,
    sort: z.enum(['value', 'signals']).default('value').openapi({
      description:
        'value (default): total declared dollars, largest first (systems whose signals declare no value last); signals: signal count, most first. Ties: the other measure, then health_sys_id ascending (unique).',
    }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Systems per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: PageQuery.shape.offset,
    cursor: PageQuery.shape.cursor,
  })
  .merge(AsOfQuery);
