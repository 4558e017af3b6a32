import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import {
  EmployerAnswerSchema,
  EmployerMetrosAnswerSchema,
  EmployersAnswerSchema,
  IntegrationAnswerSchema,
  PbmsAnswerSchema,
} from '../../shared/rx/employer-schemas';
import { employer, employerIntegration, employerMetros, employers, pbms } from '../../shared/rx/employers';
import {
  EinPath,
  EmployerIntegrationQuery,
  EmployerMetrosQuery,
  EmployerQuery,
  EmployersQuery,
  PbmsQuery,
} from './employers-schemas';

const tags = ['Drug economics'];
const src =
  "From the DOL EBSA Form 5500 FOIA datasets (source dol_form5500: the main form's health plans, welfare code 4A, with Schedule A contracts and Schedule C part I item 2 providers joined by ACK_ID when the main form loads) and the curated PBM and carrier ownership table archived with them. Each plan year is answered from the newest refresh of its file in force on `as_of` (a later filing supersedes). 503 naming dol_form5500 when no main form is loaded and in force. `methodology_note` states the filing limits: small insured plans do not file, and Schedule C lists only reportable compensation (disclosed PBM fees are a floor).";
const classes =
  '**health_funding_class** (decided where the spec is silent): self-funded when lines 9a/9b name the trust or general assets; `self_funded_with_stop_loss` when a Schedule A contract has the stop-loss indicator; `insured_only` when they name insurance only; a self-funded plan that also buys an insured medical contract without stop-loss is mixed and null (`funding_basis` says why). **integration**: the PBM (Schedule C providers matched in the ownership table by EIN or name phrase, the largest disclosed compensation first) against the parents of the drug and health carriers (Schedule A) and administrators (Schedule C): `same_parent`, `blues_affiliated` (both Blue Cross Blue Shield licensees or Blue-owned), `different`, or `unclassified` when either side is not identified.';

const listRoute = createRoute({
  method: 'get',
  path: '/rx/employers',
  tags,
  summary: 'Employer health plans with funding class, PBM, disclosed PBM fees, drug carriers and integration class',
  description: `One row per health plan filing of a plan year (a sponsor with two health plans has two rows: \`plan_key\` = EIN and plan number). ${classes} Filters: \`state\`, \`metro\` (CBSA of the sponsor mailing ZIP via the HUD ZIP crosswalk), \`funding_class\`, \`pbm\` (key from /rx/pbms), \`integration\`, \`min_participants\` (active participants), \`year\`. Default order: active participants, largest first, then version and record (unique); paged by \`limit\` (at most 1000) and \`cursor\`. ${src}`,
  request: { query: EmployersQuery },
  responses: { 200: jsonResponse(EmployersAnswerSchema, 'The plans.'), ...problemResponses(400, 401, 503) },
});

const oneRoute = createRoute({
  method: 'get',
  path: '/rx/employers/{ein}',
  tags,
  summary: "One employer's health plans and their filings by plan year",
  description: `The sponsor's health plans, each with one filing per plan year in force (the newest refresh of each year; a later filing supersedes), newest year first, each with the archived row it came from. EIN as 9 digits or NN-NNNNNNN; anything else is a 400 naming \`ein\`; an EIN with no health plan filing in force is a 404. ${src}`,
  request: { params: EinPath, query: EmployerQuery },
  responses: { 200: jsonResponse(EmployerAnswerSchema, 'The employer.'), ...problemResponses(400, 401, 404, 503) },
});

const metrosRoute = createRoute({
  method: 'get',
  path: '/rx/employers/metros',
  tags,
  summary: 'Employer health plans rolled up by metro (CBSA)',
  description: `Plans, active participants and disclosed PBM fees per CBSA for a plan year, computed when the main form loads (the sponsor mailing ZIP placed in the CBSA holding most of its business addresses in HUD's USPS ZIP crosswalk, source hud_usps_zip_crosswalk, itself versioned; sponsors outside any CBSA or not found form the null row). Ordered by active participants, largest first, then group (unique); filter \`metro\`; paged by \`limit\` and \`cursor\`. A metro row counts the plans of sponsors mailing from it, not where employees live. ${src}`,
  request: { query: EmployerMetrosQuery },
  responses: { 200: jsonResponse(EmployerMetrosAnswerSchema, 'The metros.'), ...problemResponses(400, 401, 503) },
});

const integrationRoute = createRoute({
  method: 'get',
  path: '/rx/employers/integration',
  tags,
  summary:
    'Counts, covered employees and disclosed PBM fees by integration class and by parent, plus the largest plans',
  description: `For a plan year: per integration class and per class and parent (the shared parent for \`same_parent\`, the PBM's parent otherwise), the plans, active participants and disclosed PBM fees, computed at load; and the \`largest\` plans by active participants. Filter \`integration\`. ${classes} ${src}`,
  request: { query: EmployerIntegrationQuery },
  responses: { 200: jsonResponse(IntegrationAnswerSchema, 'The rollup.'), ...problemResponses(400, 401, 503) },
});

const pbmsRoute = createRoute({
  method: 'get',
  path: '/rx/pbms',
  tags,
  summary: 'PBM rollup: plans, covered participants and disclosed compensation per PBM',
  description: `Per PBM (normalized across spellings through the ownership table: \`normalization\` states the rule, \`name_mappings\` the phrases and EINs of each PBM, each plan row of /rx/employers the name as filed), the plans naming it on Schedule C, their active participants and the compensation disclosed to it, for a plan year, computed at load. Ordered by active participants, largest first, then key; paged by \`limit\` (at most 500) and \`offset\` with \`total\`. ${src}`,
  request: { query: PbmsQuery },
  responses: { 200: jsonResponse(PbmsAnswerSchema, 'The PBMs.'), ...problemResponses(400, 401, 503) },
});

/** /rx/employers, /rx/employers/{ein}, /rx/employers/metros, /rx/employers/integration, /rx/pbms (issue 20). */
export function registerEmployerRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  // The fixed paths first: `metros` and `integration` are not EINs.
  router.openapi(metrosRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await employerMetros(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(integrationRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await employerIntegration(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(listRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await employers(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(oneRoute, async (c) => {
    const { ein } = c.req.valid('param');
    const { as_of } = c.req.valid('query');
    return c.json(await employer(deps, ein, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(pbmsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await pbms(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
