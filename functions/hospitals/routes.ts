import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import {
  BalanceSheetSchema,
  CharityCareSchema,
  CostCentersSchema,
  CostReportsSchema,
} from '../../shared/hospitals/cost-report-schemas';
import { balanceSheet, charityCare, costCenters, costReports } from '../../shared/hospitals/cost-reports';
import { REPORT_CHOICE_RULE } from '../../shared/hospitals/report-choice';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { registerCompanyRoutes } from './companies-routes';
import { registerFacilityListRoutes } from './facility-list-routes';
import { registerProfileRoutes } from './profile-routes';
import { CcnPath, CostCentersQuery, CostReportQuery } from './schemas';
import { registerSystemRoutes } from './systems-routes';
import { HOSPITALS_TOOLS } from './tools';

const tags = ['Organizations, hospitals, finance'];
const common = `Read from CMS HCRIS (source \`cms_hcris_hosp10\`: the RPT, NMRC and ALPHA tables of each HOSP10FY<year>.zip, refreshed quarterly) as released by \`as_of\`. **Report choice**: ${REPORT_CHOICE_RULE} \`report_choice\` lists every candidate with the rule it lost on. Every value names its worksheet, line and column with the HCRIS codes (WKSHT_CD, LINE_NUM, CLMN_NUM); money in dollars as filed. A CCN is 6 characters (5 digits get their leading zero back), anything else a 400 naming \`ccn\`; a CCN with no report released by \`as_of\`, or a \`fiscal_year\` it has no report in, is a 404 (naming the years it has); no RPT table released by \`as_of\` is a 503 naming cms_hcris_hosp10. When the NMRC or ALPHA table of the year is not loaded the values are null and \`gaps\` names it. Provider name and address come from HOSPITAL10_PROVIDER_ID_INFO.CSV (null when it is not loaded or lacks the CCN).`;

const reportsRoute = createRoute({
  method: 'get',
  path: '/cost-reports/{ccn}',
  tags,
  summary: "A hospital's Medicare cost reports by fiscal year",
  description: `Every HCRIS Form CMS-2552-10 report of the CCN by fiscal year (newest first): status (RPT_STUS_CD 1 As Submitted, 2 Settled w/o Audit, 3 Settled with Audit, 4 Reopened, 5 Amended), cost-reporting period, processing (PROC_DT) and settlement (NPR_DT) dates, the published RPT row, and the chosen report of each year flagged. \`fiscal_year\` keeps one year. ${common}`,
  request: { params: CcnPath, query: CostReportQuery },
  responses: { 200: jsonResponse(CostReportsSchema, 'The reports.'), ...problemResponses(400, 401, 404, 503) },
});

const balanceRoute = createRoute({
  method: 'get',
  path: '/cost-reports/{ccn}/balance-sheet',
  tags,
  summary: 'Balance sheet (Worksheet G) of a hospital cost report',
  description: `Worksheet G of the report chosen for \`fiscal_year\` (default the latest): \`summary\` of the general fund (column 1: cash line 1, accounts receivable 4, total current assets 11, total fixed assets 30, total assets 36, current liabilities 45, long-term liabilities 50, total liabilities 51, fund balance 59, total liabilities and fund balances 60) and \`lines\`, every filed cell of the four fund columns. ${common}`,
  request: { params: CcnPath, query: CostReportQuery },
  responses: { 200: jsonResponse(BalanceSheetSchema, 'Worksheet G.'), ...problemResponses(400, 401, 404, 503) },
});

const charityRoute = createRoute({
  method: 'get',
  path: '/cost-reports/{ccn}/charity-care',
  tags,
  summary: 'Charity care and uncompensated care (Worksheet S-10) of a hospital cost report',
  description: `Worksheet S-10 of the chosen report: cost-to-charge ratio (line 1, a ratio), charity care charges and cost (lines 20-23; columns 1 uninsured, 2 insured, 3 total; the summary uses column 3), bad debt (lines 26-29, 27.01 Medicare allowable), uncompensated care cost (30) and total unreimbursed and uncompensated care (31), the Medicaid, CHIP and indigent-care shortfall (19), the DSH answer of line 3 as filed, and \`lines\`, every filed numeric cell. Costs are charges times the hospital's cost-to-charge ratio as reported. ${common}`,
  request: { params: CcnPath, query: CostReportQuery },
  responses: { 200: jsonResponse(CharityCareSchema, 'Worksheet S-10.'), ...problemResponses(400, 401, 404, 503) },
});

const centersRoute = createRoute({
  method: 'get',
  path: '/cost-reports/{ccn}/cost-centers',
  tags,
  summary: 'Cost centers (Worksheet A) of a hospital cost report',
  description: `Worksheet A of the chosen report, one item per filed line in line order (a unique key), subscripted lines included: the cost-center name as filed (ALPHA, column 0) or the form's standard label, its section, salaries (column 1), other (2), total (3) and net expenses for allocation (7), and every filed column. Lines 118 (subtotal) and 200 (total) are items too. Paged by \`limit\` (default 500, at most 1000) and \`offset\`, with \`total\`. ${common}`,
  request: { params: CcnPath, query: CostCentersQuery },
  responses: { 200: jsonResponse(CostCentersSchema, 'Worksheet A.'), ...problemResponses(400, 401, 404, 503) },
});

/**
 * Organization, hospital and finance reads (issue 22): hospital cost reports now; hospital profiles,
 * health systems and public companies join this group.
 */
export const hospitalsGroup: RouteGroup = {
  name: 'hospitals',
  description:
    '/cost-reports, /hospitals, /systems, /companies, /ma-events, /market-intelligence, /hospice, /home-health, /nursing-homes, /dialysis, /irf, /ltch: organizations, hospitals and finance (HCRIS cost reports, hospital profiles, health systems and their Form 990 filings, public companies from SEC filings, acquisition and divestiture events from 8-Ks and CMS changes of ownership, metro population, Care Compare facility lists)',
  tools: HOSPITALS_TOOLS,
  build(deps) {
    const router = createRouter();
    router.openapi(reportsRoute, async (c) => {
      const { as_of, fiscal_year } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await costReports(deps, c.req.valid('param').ccn, date, fiscal_year), 200);
    });
    router.openapi(balanceRoute, async (c) => {
      const { as_of, fiscal_year } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await balanceSheet(deps, c.req.valid('param').ccn, date, fiscal_year), 200);
    });
    router.openapi(charityRoute, async (c) => {
      const { as_of, fiscal_year } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await charityCare(deps, c.req.valid('param').ccn, date, fiscal_year), 200);
    });
    router.openapi(centersRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await costCenters(deps, c.req.valid('param').ccn, date, q), 200);
    });
    registerFacilityListRoutes(router, deps);
    registerProfileRoutes(router, deps);
    registerSystemRoutes(router, deps);
    registerCompanyRoutes(router, deps);
    return router;
  },
};
