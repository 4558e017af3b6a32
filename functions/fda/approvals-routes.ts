import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { approvalDetail, listApprovals } from '../../shared/rx/approvals';
import {
  ApprovalDetailSchema,
  ApprovalsPageSchema,
  ApprovedProductsPageSchema,
  LaunchRadarPageSchema,
} from '../../shared/rx/approvals-schemas';
import { launchRadar, listApprovedProducts } from '../../shared/rx/approved-products';
import {
  ApplNoPath,
  ApprovalQuery,
  ApprovalsQuery,
  ApprovedProductsQuery,
  LaunchRadarQuery,
} from './approvals-schemas';

const tags = ['Drug economics'];
const daf =
  'From the Drugs@FDA data files (fda_drugsatfda) of the weekly release in force on `as_of`: a later release that renames a sponsor or changes a marketing status answers from its first day. 503 naming fda_drugsatfda when no release is loaded and in force. `methodology_note` states what Drugs@FDA covers and omits.';
const ob =
  'From the Orange Book data files (fda_orange_book) of the monthly release in force on `as_of`. 503 naming fda_orange_book when no release is loaded and in force. `methodology_note` states what the Orange Book covers and omits.';

const approvalsRoute = createRoute({
  method: 'get',
  path: '/rx/approvals',
  tags,
  summary: 'Approved drug applications',
  description: `Applications (NDA, ANDA, BLA) with their sponsor, drug names, active ingredients, product count and first approval date (the original submission approved; \`tentative_approval_date\` for a TA, which is not an approval), filtered by \`sponsor\`, \`drug_name\`, \`active_ingredient\` (case-insensitive, anywhere in the value), \`appl_type\` and the first-approval-date window \`approved_from\`/\`approved_to\` (inclusive; an application without a first approval date is outside every window). Ordered by first approval date (none last), ties by \`appl_no\` (unique). Paged by \`limit\`/\`offset\` with \`total\`. The join of Applications, Products and Submissions is computed once per process and release, not per request. ${daf}`,
  request: { query: ApprovalsQuery },
  responses: { 200: jsonResponse(ApprovalsPageSchema, 'The applications.'), ...problemResponses(400, 401, 503) },
});

const approvalRoute = createRoute({
  method: 'get',
  path: '/rx/approvals/{appl_no}',
  tags,
  summary: 'One application: products and submission history',
  description: `The application's sponsor and type, every product (dosage form;route, strength, active ingredient, reference drug and standard flags, therapeutic equivalence code, marketing status), and its full submission history oldest first (ORIG and SUPPL, status AP or TA with \`tentative\`, date, class, review priority), each with the archived row it came from. \`appl_no\` as 6 digits, fewer (zeros added) or prefixed NDA/ANDA/BLA; anything else is a 400 naming \`appl_no\`; an application no table in force lists is a 404. ${daf}`,
  request: { params: ApplNoPath, query: ApprovalQuery },
  responses: { 200: jsonResponse(ApprovalDetailSchema, 'The application.'), ...problemResponses(400, 401, 404, 503) },
});

const productsRoute = createRoute({
  method: 'get',
  path: '/rx/approved-products',
  tags,
  summary: 'Approved drug products (Orange Book)',
  description: `Products of the Orange Book: ingredient, dosage form, route, trade name, strength, applicant, application type (\`N\` brand, \`A\` generic), product type (RX, OTC, DISCN), therapeutic equivalence code, approval date (\`approved_before_1982\` for \`Approved Prior to Jan 1, 1982\`), RLD/RS flags and counts of listed patents and exclusivities. Filters: \`trade_name\`, \`ingredient\`, \`applicant\` (case-insensitive, anywhere in the value), \`appl_type\`, \`product_type\`, \`te_code\` (exact). Ordered by trade name, then appl_no and product number (unique). Paged by \`limit\`/\`offset\` with \`total\`. ${ob}`,
  request: { query: ApprovedProductsQuery },
  responses: { 200: jsonResponse(ApprovedProductsPageSchema, 'The products.'), ...problemResponses(400, 401, 503) },
});

const radarRoute = createRoute({
  method: 'get',
  path: '/rx/approved-products/launch-radar',
  tags,
  summary: 'Brand products without a generic, by when their last barrier falls',
  description: `Brand products (\`N\`, RX or OTC) with no marketed generic (\`A\`, RX or OTC) of the same ingredient, dosage form, route and strength in the release in force, ordered by \`loss_of_exclusivity\` (the latest listed patent expiry or exclusivity end: an outer bound, not a predicted launch date; none listed last), ties by appl_no and product number. Each item lists its barriers. Filters: \`ingredient\`, \`applicant\`, the \`loe_from\`/\`loe_to\` window (inclusive; a product listing no barrier is outside every window) and \`unprotected\` (\`true\`: every barrier passed on \`as_of\`, or none listed). A patent that left a later release no longer protects from that release on. Paged by \`limit\`/\`offset\` with \`total\`. Computed once per process and release, not per request. ${ob}`,
  request: { query: LaunchRadarQuery },
  responses: { 200: jsonResponse(LaunchRadarPageSchema, 'The radar.'), ...problemResponses(400, 401, 503) },
});

/** Drug economics (issue 19, points 4, 7, 8): Drugs@FDA approvals, Orange Book products and the launch radar. */
export function registerApprovalRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  const asOf = (as_of?: string) => asOfOrToday(deps.clock, as_of);
  router.openapi(approvalsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listApprovals(deps, q, asOf(as_of)), 200);
  });
  router.openapi(approvalRoute, async (c) => {
    const { appl_no } = c.req.valid('param');
    const { as_of } = c.req.valid('query');
    return c.json(await approvalDetail(deps, appl_no, asOf(as_of)), 200);
  });
  router.openapi(productsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listApprovedProducts(deps, q, asOf(as_of)), 200);
  });
  router.openapi(radarRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await launchRadar(deps, q, asOf(as_of)), 200);
  });
}
