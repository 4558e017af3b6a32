import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { nadacMovers, nadacSeries } from '../../shared/rx/nadac';
import { ndcProfile } from '../../shared/rx/ndc-profile';
import { NadacMoversSchema, NadacSeriesSchema, NdcProfileSchema } from '../../shared/rx/schemas';
import { registerAspRoutes } from './asp-routes';
import { registerDemandRoutes } from './demand-routes';
import { registerIngredientRoutes } from './ingredient-routes';
import { registerMepsRoutes } from './meps-routes';
import { registerPriceListRoutes } from './price-list-routes';
import { AsOfQuery, NadacMoversQuery, NadacSeriesQuery, Ndc11Path } from './schemas';
import { registerShortageRoutes } from './shortage-routes';
import { registerSpendingRoutes } from './spending-routes';
import { registerSummaryRoutes } from './summary-routes';
import { RX_TOOLS } from './tools';

const tags = ['Drug economics'];
const nadac =
  'From the NADAC weekly files (medicaid_nadac, data.medicaid.gov) in force on `as_of`: 503 naming medicaid_nadac when none is loaded and in force (before the first file, or a file older than 21 days: a `stale_version` gap). `methodology_note` states what NADAC covers and omits.';

const profileRoute = createRoute({
  method: 'get',
  path: '/rx/ndcs/{ndc11}',
  tags,
  summary: 'Package profile of an NDC',
  description: `The package and its product from the FDA NDC Directory files in force on \`as_of\` (finished, unfinished and excluded: product, labeler, dosage form, routes, strengths, pharmacologic classes, marketing dates and category, application number, each with its published row), joined by ndc11 to its latest NADAC rate (\`nadac.in_force\` false: the last rate of an earlier weekly file), and a \`status\`: \`active\`, \`obsolete\` or \`unknown\` to the sources in force, with \`status_reason\` and \`status_detail\` (the rule is in \`methodology_note\`: listed and not past its end-marketing date is active; marketing ended, in FDA's excluded file, listed by an earlier directory version only, or priced by NADAC but not listed is obsolete). An NDC no source in force knows is a 200 with status \`unknown\`, not a 404: the answer says which sources were searched. The NDC in any common form; a malformed or unhyphenated 10-digit NDC is a 400 naming \`ndc11\`. 503 naming fda_ndc_directory and medicaid_nadac when neither is loaded and in force; one of them missing is a gap in the body.`,
  request: { params: Ndc11Path, query: AsOfQuery },
  responses: { 200: jsonResponse(NdcProfileSchema, 'The profile.'), ...problemResponses(400, 401, 503) },
});

const seriesRoute = createRoute({
  method: 'get',
  path: '/rx/ndcs/{ndc11}/nadac',
  tags,
  summary: 'Change-only NADAC price series of a package',
  description: `One point per weekly file (up to the one in force on \`as_of\`) where the NDC's per-unit cost or its effective date changed, or where it entered (\`added\`) or left (\`removed\`) the file, oldest first, each with its percent change and the archived file that first showed it (\`published_in\`, \`source\`); \`current\` is its rate in the file in force (null when that file does not list it). Points are computed when each file loads (the file merged with the one before it), never per request. Paged by \`limit\` and \`cursor\`. The NDC in any common form (4-4-2, 5-3-2, 5-4-1 hyphenated, or 11 digits); a malformed or unhyphenated 10-digit NDC is a 400 naming \`ndc11\`; an NDC no loaded file up to the date listed is a 404. ${nadac}`,
  request: { params: Ndc11Path, query: NadacSeriesQuery },
  responses: { 200: jsonResponse(NadacSeriesSchema, 'The series.'), ...problemResponses(400, 401, 404, 503) },
});

const moversRoute = createRoute({
  method: 'get',
  path: '/rx/nadac/movers',
  tags,
  summary: 'Largest NADAC price moves in a window',
  description: `The NDCs whose per-unit cost moved the most between consecutive weekly files published in the window (\`from\`/\`to\`, or \`window\` ending on \`to\`; default the 28 days ending on \`as_of\`; at most 92 days), each NDC once at its largest move, ranked by percent change (largest in size first; ties by ndc11, unique), filtered by \`direction\` (up, down, both) and \`min_pct_change\`, paged by \`limit\`/\`offset\` with \`total\`. Read from the moves stored when each file loaded (the 1,000 largest per file by percent change): \`complete\` says whether every move of the window at least \`min_pct_change\` is ranked. A move is a weekly step, not the net change over the window. ${nadac}`,
  request: { query: NadacMoversQuery },
  responses: { 200: jsonResponse(NadacMoversSchema, 'The movers.'), ...problemResponses(400, 401, 503) },
});

/** Drug economics (issue 18): NDC profiles (FDA NDC Directory and NADAC), the NADAC series and its movers. */
export const rxGroup: RouteGroup = {
  name: 'rx',
  description:
    '/rx/summary: counts and freshness; /rx/shortages: FDA drug shortages; /rx/ndcs/{ndc11}: package profile and status; /rx/ndcs/{ndc11}/nadac: the change-only NADAC series; /rx/nadac/movers: largest moves; /rx/spending, /rx/spending/top: spending by drug (Part D, Part B, Medicaid); /rx/demand: Part D demand by county and metro; /rx/price-list(/{slug}): a vendor price list beside acquisition cost; /rx/asp: Part B payment limits; /rx/biosimilars: biosimilars beside their reference product; /rx/ingredients(/{rxcui}): RxNorm ingredients with NDC counts and median generic cost; /rx/meps/mix: MEPS survey-weighted drug mix; /rx/approvals, /rx/labels, /rx/recalls, /rx/establishments: the fda group; /rx/employers, /rx/pbms: the employers group',
  tools: RX_TOOLS,
  build(deps) {
    const router = createRouter();
    registerSummaryRoutes(router, deps);
    registerShortageRoutes(router, deps);
    const asOf = (q: { as_of?: string }) => asOfOrToday(deps.clock, q.as_of);
    router.openapi(profileRoute, async (c) => {
      const { ndc11 } = c.req.valid('param');
      const { as_of } = c.req.valid('query');
      return c.json(await ndcProfile(deps, ndc11, asOf({ as_of })), 200);
    });
    router.openapi(seriesRoute, async (c) => {
      const { ndc11 } = c.req.valid('param');
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await nadacSeries(deps, ndc11, q, asOf({ as_of })), 200);
    });
    router.openapi(moversRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await nadacMovers(deps, q, asOf({ as_of })), 200);
    });
    registerSpendingRoutes(router, deps);
    registerDemandRoutes(router, deps);
    registerMepsRoutes(router, deps);
    registerPriceListRoutes(router, deps);
    registerAspRoutes(router, deps);
    registerIngredientRoutes(router, deps);
    return router;
  },
};
