import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { companyFinancials, searchCompanies } from '../../shared/companies/companies';
import { HEALTHCARE_SIC, MEASURES } from '../../shared/companies/company-rows';
import { CompanyFinancialsSchema, CompanySearchSchema } from '../../shared/companies/company-schemas';
import { MaEventsSchema } from '../../shared/companies/ma-event-schemas';
import { MA_RULE, recentMaEvents } from '../../shared/companies/ma-events';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { CompanyFinancialsQuery, CompanyPath, CompanySearchQuery, MaEventsQuery } from './companies-schemas';

const tags = ['Organizations, hospitals, finance'];
const scope = `Public healthcare companies from SEC EDGAR (source \`sec_edgar\`: company_tickers.json, the nightly submissions.zip and companyfacts.zip). Only filers whose SIC code is healthcare are loaded: ${HEALTHCARE_SIC.map((g) => g.label).join('; ')}. Measures and their us-gaap concepts, first reported wins per period: ${MEASURES.map((m) => `${m.measure} (${m.concepts.join(', ')})`).join('; ')}. Only facts SEC placed in a calendar frame are kept (one per concept and period, from the latest filing that reported it, so amendments supersede). Money in USD as filed.`;

const financialsRoute = createRoute({
  method: 'get',
  path: '/companies/{ticker}',
  tags,
  summary: "A public healthcare company's financial facts by period, each with its filing",
  description: `The company (CIK, name, tickers, exchanges, SIC, state of incorporation, fiscal year end) and its financial facts, newest period first (then measure, then frame: unique), each with the us-gaap concept that answered, period, fiscal year and period as filed, and the filing it came from (accession number, form, filed date, EDGAR link). ${scope} A ticker or CIK that is not well formed is a 400 naming \`ticker\`; a ticker or CIK EDGAR does not list, or that is not a healthcare filer, a 404 saying which; no submissions or ticker file in force a 503 naming sec_edgar. A company with no facts version in force answers with no items and a gap.`,
  request: { params: CompanyPath, query: CompanyFinancialsQuery },
  responses: {
    200: jsonResponse(CompanyFinancialsSchema, 'The company and its facts.'),
    ...problemResponses(400, 401, 404, 503),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/companies/search',
  tags,
  summary: 'Search public healthcare companies by name, ticker, SIC and state',
  description: `Healthcare companies of the submissions file in force, in name order (then CIK: unique), filtered by \`q\` (every word among the name's words and tickers), \`sic\` and \`state_of_incorporation\`; each with its latest annual revenue, operating income, net income and cash flow and its latest balance-sheet figures, with their filings. Paged by \`cursor\` (\`limit\` at most 100). ${scope} Bad filters are 400s naming the parameter; no submissions file in force a 503 naming sec_edgar.`,
  request: { query: CompanySearchQuery },
  responses: { 200: jsonResponse(CompanySearchSchema, 'The companies.'), ...problemResponses(400, 401, 503) },
});

const maRoute = createRoute({
  method: 'get',
  path: '/ma-events/recent',
  tags,
  summary: 'Recent acquisition and divestiture events of healthcare companies and facilities',
  description: `Events dated from \`since\` to \`until\` (default the 365 days before \`as_of\`), newest first (then \`event_id\`: unique), paged by \`limit\` (at most 200) and \`offset\` with \`total\`. Sources: SEC EDGAR 8-K filings reporting item 2.01, Completion of Acquisition or Disposition of Assets (source \`sec_edgar\`, healthcare filers only, each linked to its filing by accession number), and the CMS Hospital and SNF change of ownership files (source \`cms_chow\`, each linked to its CHOW record). **Merging**: ${MA_RULE} The merged event shows \`match\` (rule, confidence, and which names and dates matched) and both records. **Types**: acquisition or divestiture from the filer's side when a CHOW record shows it; an 8-K alone is acquisition_or_disposition; a CHOW alone is the buyer's acquisition. Bad dates, a window over 731 days or \`since\` after \`until\` are 400s naming the parameter; neither source in force a 503 naming both; one missing is a gap.`,
  request: { query: MaEventsQuery },
  responses: { 200: jsonResponse(MaEventsSchema, 'The events.'), ...problemResponses(400, 401, 503) },
});

const DAY = 86_400_000;

/** /companies/search, /companies/{ticker} (issue 22 point 4; search first so its path wins) and /ma-events/recent (point 5). */
export function registerCompanyRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(searchRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await searchCompanies(deps, asOfOrToday(deps.clock, as_of), q), 200);
  });
  router.openapi(financialsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await companyFinancials(deps, c.req.valid('param').ticker, asOfOrToday(deps.clock, as_of), q), 200);
  });
  router.openapi(maRoute, async (c) => {
    const { as_of, since, until, ...q } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    const end = until ?? date;
    const start = since ?? new Date(Date.parse(end) - 365 * DAY).toISOString().slice(0, 10);
    if (start > end) throw ValidationError.single('query', 'since', 'since is after until');
    if (Date.parse(end) - Date.parse(start) > 731 * DAY)
      throw ValidationError.single('query', 'since', 'the window is over 731 days: narrow since and until');
    return c.json(await recentMaEvents(deps, date, { ...q, since: start, until: end }), 200);
  });
}
