import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { RecallListSchema } from '../../shared/rx/recall-schemas';
import { listRecalls } from '../../shared/rx/recalls';
import { RecallsQuery } from './recalls-schemas';

const recallsRoute = createRoute({
  method: 'get',
  path: '/rx/recalls',
  tags: ['Drug economics'],
  summary: 'Drug recall enforcement reports',
  description:
    "FDA's drug recall enforcement reports from openFDA's bulk file (openfda_drug_enforcement) in force on `as_of` (each weekly download a snapshot, in force from the day it was archived until the next; 503 naming openfda_drug_enforcement when none is loaded and in force). One item per report (`recall_number`; `event_id` groups the products of one recall event), with its hazard class, status, dates (ISO), firm, product, reason, openFDA's harmonized names, and its NDCs two ways: `ndc11_structured` (openfda.package_ndc) and `ndc11_text` (printed in product_description: hyphenated 4-4-2, 5-3-2, 5-4-1 anywhere, 11 digits after an `NDC` mark; an unhyphenated 10-digit code is kept in `ndc_text_unresolved`). Filters: `ndc` (any common NDC form; malformed or an unhyphenated 10-digit code is a 400 naming `ndc`), `ingredient`, `firm`, `classification` (`Class I`, `Class II`, `Class III`), `status` (`Ongoing`, `Completed`, `Terminated`), `report_from`/`report_to`. `match_stats` counts the matches, by NDC method (structured only, text only, both) and by how the ingredient matched; each item's `match` says the same for it. Each item's `ingredients` links its NDCs to RxNorm ingredients in the release in force (`source_not_loaded` and a gap without one). Default order: newest report first, ties by recall number, event id and place in the file (unique); `sort=recall_number` orders by recall number. Paged by `limit` (at most 1000) and `offset`, with the exact `total`.",
  request: { query: RecallsQuery },
  responses: { 200: jsonResponse(RecallListSchema, 'The reports.'), ...problemResponses(400, 401, 503) },
});

/** GET /rx/recalls. */
export function registerRecallRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(recallsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listRecalls(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
