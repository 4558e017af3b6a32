import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { IngredientDetailSchema, IngredientListSchema } from '../../shared/rx/ingredient-schemas';
import { INGREDIENT_ORDER, ingredientDetail, ingredientList, MAX_DETAIL_NDCS } from '../../shared/rx/ingredients';
import { IngredientListQuery, RxcuiPath } from './ingredient-schemas';
import { AsOfQuery } from './schemas';

const tags = ['Drug economics'];
const common =
  'From the RxNorm prescribable release in force on `as_of` (nlm_rxnorm: RXNCONSO names, RXNSAT NDCs, RXNREL ingredient links computed when the release loads): 503 naming nlm_rxnorm when no release is loaded and in force. Each ingredient carries `ndc_counts` (its NDCs in RxNorm, and how many the FDA NDC Directory in force lists as active by the /rx/ndcs/{ndc11} rule: null and a gap without a directory version), `generic_acquisition_cost` (the median NADAC per unit of its generic NDCs in the weekly file in force, one median per pricing unit, never pooled across units, with the NDC count; null and a gap without a NADAC file), and `spending`, `price_list` and `shortages` blocks that are `pending` until their sources are joined (each names its source and the join). `methodology_note` states the limits.';

const listRoute = createRoute({
  method: 'get',
  path: '/rx/ingredients',
  tags,
  summary: 'Drug ingredients with NDC counts and median generic acquisition cost',
  description: `RxNorm ingredients of one term type (\`tty\`, default IN), searched by name prefix (\`name\`) or by the words of the name (\`q\`), ordered by ${INGREDIENT_ORDER}; paged by \`limit\` (at most 25: each item joins its NDCs) and \`cursor\`. ${common}`,
  request: { query: IngredientListQuery },
  responses: { 200: jsonResponse(IngredientListSchema, 'The ingredients.'), ...problemResponses(400, 401, 503) },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/rx/ingredients/{rxcui}',
  tags,
  summary: 'One drug ingredient with its NDCs',
  description: `One RxNorm ingredient (IN, PIN or MIN) by RXCUI, with its synonyms and its NDCs (first ${MAX_DETAIL_NDCS} by ndc11, each with its drug concept, directory status and NADAC rate; all are counted). A malformed RXCUI is a 400 naming \`rxcui\`; an RXCUI that is no ingredient of the release in force is a 404. ${common}`,
  request: { params: RxcuiPath, query: AsOfQuery },
  responses: { 200: jsonResponse(IngredientDetailSchema, 'The ingredient.'), ...problemResponses(400, 401, 404, 503) },
});

/** /rx/ingredients and /rx/ingredients/{rxcui} (issue 18 points 1 and 2). */
export function registerIngredientRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(listRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await ingredientList(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(detailRoute, async (c) => {
    const { rxcui } = c.req.valid('param');
    const { as_of } = c.req.valid('query');
    return c.json(await ingredientDetail(deps, rxcui, asOfOrToday(deps.clock, as_of)), 200);
  });
}
