import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { SPENDING_ORDER, spendingList, spendingTop } from '../../shared/rx/spending';
import { SpendingListSchema, SpendingTopSchema } from '../../shared/rx/spending-schemas';
import { MAX_TOP, SpendingQuery, SpendingTopQuery } from './spending-schemas';

const tags = ['Drug economics'];
const common =
  'From the CMS Spending by Drug releases (data.cms.gov) of Medicare Part D (cms_partd_spending_by_drug), Medicare Part B (cms_partb_spending_by_drug, by HCPCS code) and Medicaid (cms_medicaid_spending_by_drug): for each program the release in force on `as_of` answers, for every year it holds (a release restates the earlier years; `releases` names the one used). Money in dollars as published, gross of rebates; changes in percent. Null figures carry their reason in `null_reasons` (Part D and Part B suppress beneficiary counts under 11; Medicaid publishes none). 503 naming the sources when none of the programs asked for has a release loaded and in force; a program missing among several is a gap in the body. `methodology_note` states what each program covers and omits.';

const listRoute = createRoute({
  method: 'get',
  path: '/rx/spending',
  tags,
  summary: 'Spending by drug: Part D, Part B, Medicaid, by year',
  description: `Rows per drug (brand and generic name; HCPCS code in Part B), program and year, overall (default) or per manufacturer, filtered by \`program\` (several, comma-separated), \`year\`, name words \`q\`, \`manufacturer\`, \`hcpcs\` (Part B) and \`level\`. Order: ${SPENDING_ORDER}. Paged by \`limit\` (at most 1,000) and \`cursor\`; a page may come back short with a cursor when filters skip many rows. ${common}`,
  request: { query: SpendingQuery },
  responses: { 200: jsonResponse(SpendingListSchema, 'The rows.'), ...problemResponses(400, 401, 503) },
});

const topRoute = createRoute({
  method: 'get',
  path: '/rx/spending/top',
  tags,
  summary: 'Top drugs by spending, unit cost, growth, beneficiaries or claims',
  description: `The top \`limit\` drugs (overall rows, at most ${MAX_TOP}) of one \`program\` and \`year\` by \`metric\`: total spending (default), average spending per dosage unit, spending growth from the year before (same release), beneficiaries (Part D, Part B) or claims; largest first, ties by the row's record number in the release, descending (unique: the later row of the file first); drugs without a value for the metric are not ranked; \`exclude_outliers=true\` leaves out rows CMS flags as outliers. Rankings are stored when a release loads, never sorted per request. ${common}`,
  request: { query: SpendingTopQuery },
  responses: { 200: jsonResponse(SpendingTopSchema, 'The ranking.'), ...problemResponses(400, 401, 503) },
});

/** GET /rx/spending and /rx/spending/top (issue 18, point 6) on the rx router. */
export function registerSpendingRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(listRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await spendingList(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(topRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await spendingTop(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
