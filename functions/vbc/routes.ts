import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { hrrpHospital, hrrpMeasures, listHrrp } from '../../shared/vbc/hrrp';
import { HrrpHospitalDetailSchema, HrrpListSchema, HrrpMeasuresSchema } from '../../shared/vbc/hrrp-schemas';
import { acoFinancials, listMssp, msspSummary } from '../../shared/vbc/mssp';
import { AcoFinancialsSchema, MsspListSchema, MsspSummarySchema } from '../../shared/vbc/mssp-schemas';
import { listReach, reachEntity } from '../../shared/vbc/reach';
import { ReachEntityDetailSchema, ReachListSchema } from '../../shared/vbc/reach-schemas';
import {
  AcoIdPath,
  AsOfQuery,
  CcnPath,
  EntityIdPath,
  HrrpListQuery,
  MsspAcoQuery,
  MsspListQuery,
  MsspSummaryQuery,
  ReachEntityQuery,
  ReachListQuery,
} from './schemas';
import { VBC_TOOLS } from './tools';

const tags = ['Value-based care'];
const joined =
  'The hospital file (name, state, measures) and the IPPS supplemental file (payment adjustment factor) are joined by CCN. When one file has no version in force on the date its fields are null and `gaps` names it; when neither has, the answer is a 503 problem naming both sources.';

const listRoute = createRoute({
  method: 'get',
  path: '/vbc/hrrp',
  tags,
  summary: 'Readmission penalties (HRRP) by hospital',
  description: `Hospitals of the fiscal year in force with \`penalized\`, \`payment_adjustment_factor\` and \`payment_reduction_pct\` = (1 - factor) x 100. Filters: \`state\` (the hospital file's State; hospitals only the supplemental file lists have no state and are left out of a state filter), \`penalized\`, \`payment_reduction_pct_min\`/\`_max\`. Sorted by \`sort\` then CCN (unique); paged by \`limit\`/\`offset\` with \`total\`. ${joined}`,
  request: { query: HrrpListQuery },
  responses: { 200: jsonResponse(HrrpListSchema, 'Hospitals with their penalty.'), ...problemResponses(400, 401, 503) },
});

const hospitalRoute = createRoute({
  method: 'get',
  path: '/vbc/hrrp/{ccn}',
  tags,
  summary: "One hospital's readmission penalty",
  description: `The penalty with the supplemental file's inputs (dual proportion in percent, peer group, neutrality modifier, per-condition ERR, peer median, penalty indicator and DRG payment ratio) and its published row. A CCN in neither file is a 404. ${joined}`,
  request: { params: CcnPath, query: AsOfQuery },
  responses: { 200: jsonResponse(HrrpHospitalDetailSchema, 'The hospital.'), ...problemResponses(400, 401, 404, 503) },
});

const measuresRoute = createRoute({
  method: 'get',
  path: '/vbc/hrrp/{ccn}/measures',
  tags,
  summary: 'Per-condition readmission ratios and rates of a hospital',
  description:
    'One entry per measure row of the hospital file: excess readmission ratio, predicted and expected readmission rates (percent, as published), discharges and readmissions, each a cell `{value, status, published}` where status is `reported`, `too_few_to_report` or `not_available` (never 0), plus the footnote, the performance period, the published row and the supplemental columns of the same condition. 503 when the hospital file has no version in force.',
  request: { params: CcnPath, query: AsOfQuery },
  responses: { 200: jsonResponse(HrrpMeasuresSchema, 'The measures.'), ...problemResponses(400, 401, 404, 503) },
});

const mssp =
  'From cms_mssp_puf, every performance year released by the date (a republished year: its latest file). Rates in percent whatever the year printed; `source_row` is the published row as-is; `qual_score_note` says what the quality score means that year. 503 naming cms_mssp_puf before any year is loaded; a `year` not released (or not loaded) by the date is a 404 naming the years that are.';

const financialsRoute = createRoute({
  method: 'get',
  path: '/vbc/financials',
  tags,
  summary: 'Shared Savings Program (MSSP) ACO results',
  description: `One row per ACO and performance year. Filters: \`year\`, \`track\`, \`state\`; \`sort=losses\` orders by spending above the benchmark, largest first. Every row says how it got its ACO ID (\`link\`): the file's own \`ACO_ID\` (PY2017 on); the encrypted ACO number (\`aco_num\`) of the files published before July 2019 (PY2013 to PY2016) through CMS's public ACO ID Crosswalk; else, for the files with no identifier (the PY2014 and PY2015 announcements) or a number the crosswalk lacks, the compared name with its confidence. Paged by \`limit\`/\`offset\` with \`total\`. ${mssp}`,
  request: { query: MsspListQuery },
  responses: { 200: jsonResponse(MsspListSchema, 'ACO results.'), ...problemResponses(400, 401, 503) },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/vbc/financials/summary',
  tags,
  summary: 'MSSP results rolled up by performance year and track',
  description: `Counts, beneficiaries and dollars per performance year and track, computed when each year loaded, and year totals. Filters: \`year\`, \`track\`. ${mssp}`,
  request: { query: MsspSummaryQuery },
  responses: { 200: jsonResponse(MsspSummarySchema, 'The rollup.'), ...problemResponses(400, 401, 503) },
});

const acoRoute = createRoute({
  method: 'get',
  path: '/vbc/acos/{aco_id}/financials',
  tags,
  summary: 'One ACO across performance years',
  description: `The rows carrying the ID, the rows of PY2013 to PY2016 carrying one of its encrypted ACO numbers (CMS's ACO ID Crosswalk, in force from its release; before it those rows are linked by name), plus rows of years without any identifier linked by name to this ID alone (with the match and its confidence); name matches shared with another ID are listed apart. The path takes the ACO ID (\`A1234\`) or a 2013-era ACO number (\`A12345\`), which is answered as the ACO ID the crosswalk gives it (a number the crosswalk lacks: its own rows). An ID in no year is a 404. ${mssp}`,
  request: { params: AcoIdPath, query: MsspAcoQuery },
  responses: { 200: jsonResponse(AcoFinancialsSchema, 'The ACO by year.'), ...problemResponses(400, 401, 404, 503) },
});

const reach =
  'From cms_reach_puf: the ACO REACH Financial and Quality Results PUF (GPDC PY2021-PY2022 are the same file family, served with `model: gpdc`) and the participant and preferred provider list of each performance year, every year released by the date (a republished year: its latest file). Money in dollars, rates in percent whatever the file printed; `source_row` is the published row as-is; `qual_score_note` says what the quality score means that year. 503 naming cms_reach_puf before anything is loaded.';

const reachListRoute = createRoute({
  method: 'get',
  path: '/vbc/reach',
  tags,
  summary: 'ACO REACH entities and their results for a performance year',
  description: `One row per risk-sharing entity of the performance year \`year\` (default: the latest year whose results are released by \`as_of\`; a year not released by then is a 404 naming the years that are), with its financial and quality results and its participant and preferred provider counts (null when no provider list of that year is in force). Filters: \`entity_type\` (standard, new_entrant, high_needs), \`risk_arrangement\` (global, professional); the results file publishes no state, so there is no state filter. Sorted by \`sort\` (default entity id), always ending on entity id, version and record; paged by \`limit\`/\`offset\` with \`total\`. ${reach}`,
  request: { query: ReachListQuery },
  responses: { 200: jsonResponse(ReachListSchema, 'Entities of the year.'), ...problemResponses(400, 401, 404, 503) },
});

const reachEntityRoute = createRoute({
  method: 'get',
  path: '/vbc/reach/{entity_id}',
  tags,
  summary: 'One ACO REACH entity with its participant and preferred providers',
  description: `The entity in the performance year \`year\` (default: the latest year it appears in, in the results or in a provider list, on \`as_of\`; a provider list is published for a year before its results, so \`results\` is null until they are released) with one page of its providers in the order CMS's list prints them (unique: the place in the list), paged by \`provider_limit\`/\`provider_offset\`, with \`provider_total\` (of \`provider_type\` when given) and the counts by type computed when the list loaded. NPI, TIN and CCN are given where the published value is one. An entity in no year in force, or not in the year asked, is a 404; a malformed id a 400. ${reach}`,
  request: { params: EntityIdPath, query: ReachEntityQuery },
  responses: {
    200: jsonResponse(ReachEntityDetailSchema, 'The entity and a page of its providers.'),
    ...problemResponses(400, 401, 404, 503),
  },
});

/** Value-based-care reads (issue 23): the Hospital Readmissions Reduction Program, the Shared Savings Program and ACO REACH. */
export const vbcGroup: RouteGroup = {
  name: 'vbc',
  description:
    '/vbc/hrrp: readmission penalties and per-condition ratios; /vbc/financials, /vbc/acos: MSSP ACO results; /vbc/reach: ACO REACH entities and their providers',
  tools: VBC_TOOLS,
  build(deps) {
    const router = createRouter();
    const asOf = (q: { as_of?: string }) => asOfOrToday(deps.clock, q.as_of);
    router.openapi(listRoute, async (c) => {
      const { as_of, penalized, ...q } = c.req.valid('query');
      const p = penalized === undefined ? undefined : penalized === 'true';
      return c.json(await listHrrp(deps, { ...q, penalized: p }, asOf({ as_of })), 200);
    });
    router.openapi(hospitalRoute, async (c) =>
      c.json(await hrrpHospital(deps, c.req.valid('param').ccn, asOf(c.req.valid('query'))), 200),
    );
    router.openapi(measuresRoute, async (c) =>
      c.json(await hrrpMeasures(deps, c.req.valid('param').ccn, asOf(c.req.valid('query'))), 200),
    );
    router.openapi(financialsRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await listMssp(deps, q, asOf({ as_of })), 200);
    });
    router.openapi(summaryRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await msspSummary(deps, q, asOf({ as_of })), 200);
    });
    router.openapi(acoRoute, async (c) =>
      c.json(await acoFinancials(deps, c.req.valid('param').aco_id, asOf(c.req.valid('query'))), 200),
    );
    router.openapi(reachListRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await listReach(deps, q, asOf({ as_of })), 200);
    });
    router.openapi(reachEntityRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await reachEntity(deps, c.req.valid('param').entity_id, q, asOf({ as_of })), 200);
    });
    return router;
  },
};
