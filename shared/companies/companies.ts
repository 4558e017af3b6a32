import { queryListing } from '../catalog/query';
import type { Deps } from '../deps';
import { type FoundRow, factsOf, findCompany, requireSec, rowsByKey, secViews, summaryOf } from './company-read';
import { HEALTHCARE_SIC, type SecCompanyRow, type SecFactsRow } from './company-rows';
import type { CompanyFinancials, CompanySearch, FinancialFact } from './company-schemas';

/** What the company answers can and cannot say (every answer carries it). */
export const COMPANIES_METHODOLOGY = `SEC EDGAR (source \`sec_edgar\`): companies are the filers of the nightly submissions file whose SIC code is a healthcare code (${HEALTHCARE_SIC.map((g) => g.label).join('; ')}); other filers are not loaded. Financial facts are XBRL facts of the company facts file as filed (us-gaap, USD, as reported: not restated by us, not adjusted for fiscal calendars), only those SEC placed in a calendar frame (one fact per concept and period, the latest filing that reported it: a 10-K/A restating a year replaces the 10-K's figure). Each measure is answered by the first of its concepts the company reports for the period; companies choose concepts, so one company's revenue may be \`Revenues\` and another's the ASC 606 concept. Annual is a duration of 350 to 380 days, quarterly 80 to 100; instants are balance-sheet dates. Each fact names the filing it came from (accession number, form, filed date).`;

export interface FinancialsQuery {
  measure?: readonly string[];
  period_type?: FinancialFact['period_type'];
  period_end_min?: string;
  period_end_max?: string;
  limit: number;
  offset: number;
}

/** A healthcare company's financial facts by period (issue 22 point 4), each with its filing. */
export async function companyFinancials(
  deps: Deps,
  id: string,
  date: string,
  q: FinancialsQuery,
): Promise<CompanyFinancials> {
  const { companies, facts } = await secViews(deps, date);
  requireSec(companies, date, 'submissions or ticker file');
  const company = await findCompany(deps, companies, id);
  const rows = (await rowsByKey<SecFactsRow>(deps, facts, 'cik', [company.row.cik])).get(company.row.cik) ?? [];
  const all = factsOf(rows).filter(
    (f) =>
      (!q.measure?.length || q.measure.includes(f.measure)) &&
      (!q.period_type || f.period_type === q.period_type) &&
      (!q.period_end_min || f.period_end >= q.period_end_min) &&
      (!q.period_end_max || f.period_end <= q.period_end_max),
  );
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    company: summaryOf(company),
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sources: [...companies.sourceVersions(), ...facts.sourceVersions()],
    gaps: [...companies.gaps, ...facts.gaps],
    as_of: date,
    methodology_note: COMPANIES_METHODOLOGY,
  };
}

/** The latest annual figure of each duration measure and the latest instant of each balance measure. */
function latestAnnual(facts: readonly FinancialFact[]): FinancialFact[] {
  const out = new Map<string, FinancialFact>();
  for (const f of facts) {
    if (f.period_type !== 'annual' && f.period_type !== 'instant') continue;
    const cur = out.get(f.measure);
    if (!cur || f.period_end > cur.period_end) out.set(f.measure, f);
  }
  return [...out.values()].sort((a, b) => a.measure.localeCompare(b.measure));
}

export interface SearchQuery {
  q?: string;
  sic?: string;
  state_of_incorporation?: string;
  limit: number;
  cursor?: string;
}

/** Healthcare companies by name or ticker words, SIC and state, in name order, with their latest annual figures. */
export async function searchCompanies(deps: Deps, date: string, q: SearchQuery): Promise<CompanySearch> {
  const { companies, facts } = await secViews(deps, date);
  requireSec(companies, date, 'submissions or ticker file');
  const page = await queryListing(deps, companies.dataset, 'companies', {
    versions: companies,
    filters: {
      kind: 'company',
      sic: q.sic,
      state_of_incorporation: q.state_of_incorporation,
      sort_name: q.q ? { token: q.q } : undefined,
    },
    limit: q.limit,
    cursor: q.cursor,
  });
  const found = page.items.map((it) => ({
    row: it.value as unknown as SecCompanyRow,
    rank: 0,
    source: { ...it.source, locator: it.source.locator ?? { line: 0, record: 0 } },
  })) as FoundRow<SecCompanyRow>[];
  const byCik = await rowsByKey<SecFactsRow>(
    deps,
    facts,
    'cik',
    found.map((f) => f.row.cik),
  );
  return {
    items: found.map((f) => ({ ...summaryOf(f), latest_annual: latestAnnual(factsOf(byCik.get(f.row.cik) ?? [])) })),
    limit: page.limit,
    next_cursor: page.next_cursor,
    sources: [...companies.sourceVersions(), ...facts.sourceVersions()],
    gaps: [...companies.gaps, ...facts.gaps],
    as_of: date,
    methodology_note: COMPANIES_METHODOLOGY,
  };
}
