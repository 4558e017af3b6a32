import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { aspSearch } from '../../shared/rx/asp';
import { AspSearchSchema } from '../../shared/rx/asp-schemas';
import { BiosimilarsSchema } from '../../shared/rx/biosimilar-schemas';
import { biosimilars } from '../../shared/rx/biosimilars';
import { AspQuery, BiosimilarsQuery } from './asp-schemas';

const tags = ['Drug economics'];

const aspRoute = createRoute({
  method: 'get',
  path: '/rx/asp',
  tags,
  summary: 'Part B payment limits (ASP); search by description, HCPCS or NDC',
  description:
    'The Medicare Part B payment limits of the CMS ASP pricing file in force on `as_of` (one file per calendar quarter, in force from its first to its last day): each code with its short descriptor, billing unit (`dosage`), payment limit in dollars per billing unit, coinsurance percent, notes, quarter and the archived row it came from. Filters, all optional and combined: `q` (every word in the short descriptor), `hcpcs` (one code; a malformed code is a 400 naming `hcpcs`), `ndc` (any NDC form; matched through the NDC-HCPCS crosswalk of the same quarter, an identifier link: `ndc_matches` on each item and the `ndc` block say which crosswalk rows linked it; an NDC the crosswalk does not list gives an empty page, not a 404). Ordered by HCPCS code (unique within a quarter), paged by `limit`/`offset` with `total`. CPT-shaped vaccine codes keep their code but not their AMA-licensed descriptor. 503 naming cms_asp_pricing when no payment-limit file (or, for an `ndc` search, no crosswalk) is loaded and in force. `methodology_note` states what a payment limit is and is not.',
  request: { query: AspQuery },
  responses: { 200: jsonResponse(AspSearchSchema, 'The payment limits.'), ...problemResponses(400, 401, 503) },
});

const biosimilarsRoute = createRoute({
  method: 'get',
  path: '/rx/biosimilars',
  tags,
  summary: 'Biosimilars beside their reference product’s payment limit',
  description:
    'Each 351(k) biosimilar or interchangeable BLA of the FDA Purple Book extract in force on `as_of` (fda_purple_book; one item per BLA, with its products), beside the reference product the Purple Book states for it (found among the 351(a) rows by proper name; `reference_product.link` says how and with what confidence), the reference product’s ASP payment limit in the quarter in force (`reference_asp`) and the biosimilar’s own ASP code (`biosimilar_asp`): the ASP file has no NDC or BLA column, so those links are name matches on the CMS descriptor, each with its rule and confidence, and several equally good codes are all listed as `ambiguous`, never one chosen. `cheapest_price_list_product` is a `pending` block naming costplus_price_list until that source loads (same shape as the future join). Filters: `reference_product` (proprietary or proper name), `molecule`, `interchangeable`; ordered by molecule, proper name and BLA number (unique), paged by `limit`/`offset` with `total`. 503 naming fda_purple_book when no extract is loaded and in force; no ASP file in force is a gap and `source_not_loaded` links.',
  request: { query: BiosimilarsQuery },
  responses: { 200: jsonResponse(BiosimilarsSchema, 'The biosimilars.'), ...problemResponses(400, 401, 503) },
});

/** /rx/asp and /rx/biosimilars (issue 18, point 5), registered on the rx group's router. */
export function registerAspRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(aspRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await aspSearch(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(biosimilarsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await biosimilars(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
