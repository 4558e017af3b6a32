import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { SignalListSchema, SignalSummarySchema } from '../../shared/signals/schemas';
import { listSignals, signalSummary } from '../../shared/signals/signals';
import { SystemSignalsListSchema } from '../../shared/signals/system-schemas';
import { listSystemSignals, SYSTEM_SIGNAL_CAP, systemSignals } from '../../shared/signals/systems';
import { SignalListQuery, SignalSummaryQuery, SystemSignalsQuery } from './schemas';
import { SIGNALS_TOOLS } from './tools';

const tags = ['Construction signals'];
const sources =
  'From the construction-signal feeds in force on the date (city building-permit feeds and state certificate-of-need or construction-project lists, each named in `sources` with its version and stating its own rule in `methodology_note`), CMS Hospital General Information as the facility reference and the AHRQ Compendium hospital linkage (ahrq_compendium) for the health system of a matched hospital. 503 naming the feeds when none is loaded; the facility reference missing is a gap in the body (matches `not_attempted`), the linkage missing a gap too (`system` null).';

const listRoute = createRoute({
  method: 'get',
  path: '/signals',
  tags,
  summary: 'Health-facility construction signals',
  description: `One row per project after duplicate filings are merged (\`merged_from\`, \`merge_rule\`), each matched to a hospital (CCN) by normalized name and street address with its confidence and method; ambiguous matches list candidates and give no CCN. Filters: \`state\`, \`city\`, \`category\`, \`min_value\` (dollars), \`since\` (latest date on or after), \`system\` (an AHRQ health-system id: the signals whose matched CCN the Compendium linkage in force lists under it; 404 for an id it does not list, 503 naming ahrq_compendium when no linkage is in force; read whole and paged in memory, \`total\` exact). Ordered by \`sort\` (nulls last), ties by the feed version and record (unique); paged by \`limit\` and \`cursor\` (each page's \`next\`) or \`offset\` (at most 10,000). A page reads its own signals from a listing per order, partitioned by state and by category: filters other than those and the order's own field (\`min_value\` with sort=value, \`since\` with sort=recent) may skip at most 5,000 signals per request, beyond that a 400 (\`too_broad\`). \`total\` is counted from the load-time rollup for state and category; with \`city\`, \`min_value\` or \`since\` only with \`include_total=true\`, else null. ${sources}`,
  request: { query: SignalListQuery },
  responses: { 200: jsonResponse(SignalListSchema, 'Signals.'), ...problemResponses(400, 401, 404, 503) },
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

const systemsRoute = createRoute({
  method: 'get',
  path: '/signals/systems',
  tags,
  summary: 'Construction signals rolled up per health system',
  description: `Construction signals per health system by declared dollar volume. How a signal is tied to a system: only through its facility match, and only when that match is \`matched\` (one hospital clearly wins); the AHRQ Compendium hospital linkage in force on the date must list the matched CCN under exactly one system. Ambiguous, unmatched and not-attempted matches are not counted for any system, nor are hospitals in no system, absent from the linkage or listed under two systems; \`coverage\` counts each case, so the share tied is visible. Each signal counts once (merged duplicate filings are one signal) at its own declared value (the applicant's estimate). Per system: signals, total declared dollars, signals without a value, counts and dollars per category, the hospitals the signals matched, and the Compendium system-file profile (hospitals, acute hospitals, physicians, beds) when a system file is in force. Filters: \`state\` (of the signals' sites, not the system's home office), \`category\`. Order: \`sort=value\` (default, dollars) or \`signals\`, ending on health_sys_id (unique). Paged by \`limit\` (at most 1,000) and \`offset\` or \`cursor\`; \`total\` counts systems. Cost: the rollup is computed on request from the signals in scope (each matched to the reference and its CCN looked up in the linkage), at most ${SYSTEM_SIGNAL_CAP.toLocaleString('en-US')} signals, else 400 \`too_broad\` asking for \`state\` or \`category\`; it is kept per process by the versions it was built from, so the next page reads no signal again. \`sources\` lists every version used: the signal feeds, the facility reference, the linkage and the system file. 503 naming ahrq_compendium when no linkage is in force on the date; a Compendium release is in force from the day it was archived (AHRQ dates neither its files nor its rows) and describes the systems of its year. ${sources}`,
  request: { query: SystemSignalsQuery },
  responses: {
    200: jsonResponse(SystemSignalsListSchema, 'Systems, largest first.'),
    ...problemResponses(400, 401, 503),
  },
});

/** Construction signals (issue 23, point 5): /signals, /signals/summary and /signals/systems. */
export const signalsGroup: RouteGroup = {
  name: 'signals',
  description:
    '/signals: health-facility construction signals matched to hospitals and their health systems; /signals/summary: by state and category; /signals/systems: by health system',
  tools: SIGNALS_TOOLS,
  build(deps) {
    const router = createRouter();
    const asOf = (q: { as_of?: string }) => asOfOrToday(deps.clock, q.as_of);
    router.openapi(listRoute, async (c) => {
      const { as_of, system, ...q } = c.req.valid('query');
      const date = asOf({ as_of });
      return c.json(
        system !== undefined ? await listSystemSignals(deps, { ...q, system }, date) : await listSignals(deps, q, date),
        200,
      );
    });
    router.openapi(systemsRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await systemSignals(deps, q, asOf({ as_of })), 200);
    });
    router.openapi(summaryRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await signalSummary(deps, q, asOf({ as_of })), 200);
    });
    return router;
  },
};
