import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { AsOfQuery } from './schemas';
import { RxSummarySchema, rxSummary } from './summary';

const summaryRoute = createRoute({
  method: 'get',
  path: '/rx/summary',
  tags: ['Drug economics'],
  summary: 'Counts and freshness of the drug datasets',
  description:
    'Every drug economics catalog dataset (those declaring the group in their own folder, in id order) with the loaded versions in force on `as_of`, the rows they hold and the gaps of sources with none in force (with the reason), and each source of the group with its freshness (judged now against the publisher cadence, the rule of GET /sources), its last load and record count, and its latest publisher version. A dataset with nothing loaded is listed with its gaps, never left out: this read answers 200 whatever is loaded.',
  request: { query: AsOfQuery },
  responses: { 200: jsonResponse(RxSummarySchema, 'The summary.'), ...problemResponses(400, 401) },
});

/** GET /rx/summary. */
export function registerSummaryRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(summaryRoute, async (c) => {
    const { as_of } = c.req.valid('query');
    return c.json(await rxSummary(deps, asOfOrToday(deps.clock, as_of)), 200);
  });
}
