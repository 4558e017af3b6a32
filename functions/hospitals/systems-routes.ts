import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import {
  AMENDMENT_RULE,
  FISCAL_YEAR_RULE,
  LINK_RULE,
  SystemExecutivesSchema,
  SystemFinancialsSchema,
  SystemProfileSchema,
  SystemWorkforceSchema,
} from '../../shared/systems/system-schemas';
import {
  EXECUTIVE_SORT,
  systemExecutives,
  systemFinancials,
  systemProfile,
  systemWorkforce,
} from '../../shared/systems/systems';
import { SystemExecutivesQuery, SystemFinancialsQuery, SystemPath, SystemQuery } from './systems-schemas';

const tags = ['Organizations, hospitals, finance'];
const idRule =
  'An id not of AHRQ’s form (HSI and eight digits) is a 400 naming `id`; an id neither the Compendium nor the curated filer table in force lists is a 404.';
const financialsCommon = `From IRS Form 990 e-file returns (source \`irs_990_efile\`; XML element maps per schema generation: efile-2013 for returnVersion 2013 onward, efile-2009 for 2009-2012; each value names the element it was read from). ${LINK_RULE} ${FISCAL_YEAR_RULE} ${AMENDMENT_RULE} A for-profit system answers 200 with no filings and a gap naming \`sec_edgar\` (not_loaded). ${idRule} The curated table not in force, or no return in force for a linked nonprofit, is a 503 naming irs_990_efile.`;

const profileRoute = createRoute({
  method: 'get',
  path: '/systems/{id}',
  tags,
  summary: 'A health system: AHRQ Compendium profile, hospitals (CCN) and Form 990 filer links',
  description: `The system row of the AHRQ Compendium release in force (source \`ahrq_compendium\`: name, home office, counts of hospitals, physicians, groups and beds, the published row), its hospitals from the same release's hospital linkage file (CCN with leading zeros, AHRQ hospital-id order, whole list), and \`link\`: ownership class and the EINs of its filers from the curated table (source \`irs_990_efile\`, document irs990:2) with citations, or the SEC CIK of a for-profit parent. ${LINK_RULE} 404 when the Compendium in force lacks the id; 503 naming ahrq_compendium when no release is in force. ${idRule.split(';')[0]}.`,
  request: { params: SystemPath, query: SystemQuery },
  responses: { 200: jsonResponse(SystemProfileSchema, 'The system.'), ...problemResponses(400, 401, 404, 503) },
});

const financialsRoute = createRoute({
  method: 'get',
  path: '/systems/{id}/financials',
  tags,
  summary: "A health system's filings: Form 990 revenue, expenses, assets, Schedule H by filer and fiscal year",
  description: `One filing per linked filer (EIN) and fiscal year, newest year first then EIN: total revenue (Part I line 12), total expenses (18), total assets, liabilities and net assets at year end (20-22), Schedule H financial assistance at cost and total community benefit (Part I line 7a, 7k) and bad debt expense, the number of Schedule J persons, the return's source and the returns it superseded. \`fiscal_year\` keeps one year. Filers overlap (a parent may file for a group that includes its hospitals): figures are never summed. ${financialsCommon}`,
  request: { params: SystemPath, query: SystemFinancialsQuery },
  responses: { 200: jsonResponse(SystemFinancialsSchema, 'The filings.'), ...problemResponses(400, 401, 404, 503) },
});

const executivesRoute = createRoute({
  method: 'get',
  path: '/systems/{id}/financials/executives',
  tags,
  summary: "A health system's executives and their compensation (Form 990 Schedule J)",
  description: `The Schedule J Part II persons of the filers' returns of one fiscal year (\`fiscal_year\`, default the latest with a filing; one without a filing is a 404 naming the years with one): name, title, base, bonus, other, deferred and nontaxable compensation and their total from the filing organization, compensation from related organizations, each with its filer and return. Ordered by ${EXECUTIVE_SORT} (a unique key); paged by \`limit\` (default 50, at most 200) and \`offset\`, with \`total\`. ${financialsCommon}`,
  request: { params: SystemPath, query: SystemExecutivesQuery },
  responses: { 200: jsonResponse(SystemExecutivesSchema, 'The executives.'), ...problemResponses(400, 401, 404, 503) },
});

const workforceRoute = createRoute({
  method: 'get',
  path: '/systems/{id}/financials/workforce',
  tags,
  summary: "A health system's workforce by filer and fiscal year (Form 990 employee counts)",
  description: `Per filer and fiscal year, newest first: employees (Part I line 5, TotalEmployeeCnt: the Forms W-2 count for the calendar year ending in the tax year), Part V line 2a (EmployeeCnt) and volunteers (Part I line 6), each naming its element. Whole list, not paged (a few filers times the years filed). ${financialsCommon}`,
  request: { params: SystemPath, query: SystemQuery },
  responses: { 200: jsonResponse(SystemWorkforceSchema, 'The workforce.'), ...problemResponses(400, 401, 404, 503) },
});

/** Health systems (issue 22 point 3): profile, Form 990 financials, executives, workforce. */
export function registerSystemRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(profileRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await systemProfile(deps, c.req.valid('param').id, date), 200);
  });
  router.openapi(financialsRoute, async (c) => {
    const { as_of, fiscal_year } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    return c.json(await systemFinancials(deps, c.req.valid('param').id, date, fiscal_year), 200);
  });
  router.openapi(executivesRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    return c.json(await systemExecutives(deps, c.req.valid('param').id, date, q), 200);
  });
  router.openapi(workforceRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await systemWorkforce(deps, c.req.valid('param').id, date), 200);
  });
}
