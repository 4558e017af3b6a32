import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { SignalListSchema, SignalSummarySchema } from '../../shared/signals/schemas';
import { listSignals, signalSummary } from '../../shared/signals/signals';
import { SignalListQuery, SignalSummaryQuery } from './schemas';
import { SIGNALS_TOOLS } from './tools';

const tags = ['Construction signals'];
const sources =
  'From the construction-signal feeds in force on the date (city building-permit feeds and state certificate-of-need or construction-project lists, each named in `sources` with its version and stating its own rule in `methodology_note`) and CMS Hospital General Information as the facility reference. 503 naming the feeds when none is loaded; the facility reference missing is a gap in the body (matches `not_attempted`).';

const listRoute = createRoute({
  method: 'get',
  path: '/signals',
  tags,
  summary: 'Health-facility construction signals',
  description: `One row per project after duplicate filings are merged (\`merged_from\`, \`merge_rule\`), each matched to a hospital (CCN) by normalized name and street address with its confidence and method; ambiguous matches list candidates and give no CCN. Filters: \`state\`, \`city\`, \`category\`, \`min_value\` (dollars), \`since\` (latest date on or after), \`system\` (503 until the system linkage ahrq_compendium is loaded). Ordered by \`sort\` (nulls last), ties by the feed version and record (unique); paged by \`limit\` and \`cursor\` (each page's \`next\`) or \`offset\` (at most 10,000). A page reads its own signals from a listing per order, partitioned by state and by category: filters other than those and the order's own field (\`min_value\` with sort=value, \`since\` with sort=recent) may skip at most 5,000 signals per request, beyond that a 400 (\`too_broad\`). \`total\` is counted from the load-time rollup for state and category; with \`city\`, \`min_value\` or \`since\` only with \`include_total=true\`, else null. ${sources}`,
  request: { query: SignalListQuery },
  responses: { 200: jsonResponse(SignalListSchema, 'Signals.'), ...problemResponses(400, 401, 503) },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/signals/summary',
  tags,
  summary: 'Construction signals by state and category',
  description: `Signals, declared dollars and median value per state and category, computed when each feed version loaded (merged projects counted once), and state totals. Filters: \`state\`, \`category\`. ${sources}`,
  request: { query: SignalSummaryQuery },
  responses: { 200: jsonResponse(SignalSummarySchema, 'The rollup.'), ...problemResponses(400, 401, 503) },
});

/** Construction signals (issue 23, point 5): /signals and /signals/summary; /signals/systems waits for a system linkage. */
export const signalsGroup: RouteGroup = {
  name: 'signals',
  description:
    '/signals: health-facility construction signals matched to hospitals; /signals/summary: by state and category',
  tools: SIGNALS_TOOLS,
  build(deps) {
    const router = createRouter();
    const asOf = (q: { as_of?: string }) => asOfOrToday(deps.clock, q.as_of);
    router.openapi(listRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await listSignals(deps, q, asOf({ as_of })), 200);
    });
    router.openapi(summaryRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await signalSummary(deps, q, asOf({ as_of })), 200);
    });
    return router;
  },
};
