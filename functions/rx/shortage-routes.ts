import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { ShortageListSchema } from '../../shared/rx/shortage-schemas';
import { listShortages } from '../../shared/rx/shortages';
import { ShortagesQuery } from './shortage-schemas';

const shortagesRoute = createRoute({
  method: 'get',
  path: '/rx/shortages',
  tags: ['Drug economics'],
  summary: 'Drug shortages',
  description:
    "FDA's drug shortages from its Drug Shortages Database export in force on `as_of` (each export a snapshot, in force from the day it was archived to the next; stale after 21 days: then a 503 naming fda_drug_shortages, as when none is loaded). One item per shortage (FDA's generic-name entry), with its status, therapeutic categories, reasons, companies, dates, the NDCs its presentations print (read from the presentation text after an `NDC` mark, as ndc11; an unhyphenated 10-digit code stays unresolved), and each presentation with its published row (`source`). Filters: `status`, `name`, `ndc` (any common NDC form; malformed is a 400 naming `ndc`), `therapeutic_category`, `company`, `updated_since`; `status_counts` counts the shortages matching the other filters by status. Default order: latest update first, ties by `shortage_id` (unique); `sort=name` orders by `shortage_id`. Paged by `limit` (at most 100) and `offset`, with the exact `total`.",
  request: { query: ShortagesQuery },
  responses: { 200: jsonResponse(ShortageListSchema, 'The shortages.'), ...problemResponses(400, 401, 503) },
});

/** GET /rx/shortages. */
export function registerShortageRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(shortagesRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listShortages(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
