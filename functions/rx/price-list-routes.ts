import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { listPriceList, priceListProduct } from '../../shared/rx/price-list';
import { PriceListPageSchema, PriceListProductSchema } from '../../shared/rx/price-list-schemas';
import { PriceListProductQuery, PriceListQuery, SlugPath } from './price-list-schemas';

const tags = ['Drug economics'];
const common =
  "From the Cost Plus Drugs price-list snapshot in force on `as_of` (costplus_price_list: the vendor's public API listing, archived weekly; a snapshot is in force from the day it was archived until the next): 503 naming costplus_price_list when none is loaded and in force. Each product carries its published unit price in dollars (the published text, such as \"$1.820\", is kept in `source_row`), its implied acquisition cost (unit price ÷ (1 + markup) with the vendor's published formula in force on the snapshot's date: `formula` names the version, its dates and where each figure was published), and the NADAC per-unit cost of its listed NDC in the NADAC file in force on `as_of` (`acquisition_cost`: matched by identifier; a short published NDC only through its padded reading checked by name, with a confidence; `nadac_not_in_force` and a gap when no NADAC file is in force). A difference is given only where the units agree (per each). `methodology_note` states the limits.";

const listRoute = createRoute({
  method: 'get',
  path: '/rx/price-list',
  tags,
  summary: 'A vendor public price list beside acquisition cost',
  description: `The products of the snapshot, filtered by \`q\` (name or brand text), \`ndc\`, \`form\`, \`pill_nonpill\`, \`min_unit_price\`/\`max_unit_price\`, ordered by \`sort\` (default \`name\`: medication name, strength, form; always ending on the slug, unique in a snapshot) and \`order\`, paged by \`limit\`/\`offset\` with \`total\`. ${common}`,
  request: { query: PriceListQuery },
  responses: { 200: jsonResponse(PriceListPageSchema, 'The page.'), ...problemResponses(400, 401, 503) },
});

const productRoute = createRoute({
  method: 'get',
  path: '/rx/price-list/{slug}',
  tags,
  summary: 'One price-list product with its dated history',
  description: `One product by its slug (case-insensitive), and its change-only price history: one point per snapshot up to \`as_of\` where its unit price changed or it entered (\`added\`) or left (\`removed\`) the listing, oldest first, computed when each snapshot loaded; paged by \`limit\`/\`cursor\`. A product the snapshot in force no longer lists is a 200 with \`listed: false\`; a slug no loaded snapshot up to the date listed is a 404; a malformed slug is a 400 naming \`slug\`. ${common}`,
  request: { params: SlugPath, query: PriceListProductQuery },
  responses: { 200: jsonResponse(PriceListProductSchema, 'The product.'), ...problemResponses(400, 401, 404, 503) },
});

/** /rx/price-list and /rx/price-list/{slug} (issue 18, point 4), registered on the rx router. */
export function registerPriceListRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  router.openapi(listRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listPriceList(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(productRoute, async (c) => {
    const { slug } = c.req.valid('param');
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await priceListProduct(deps, slug, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
