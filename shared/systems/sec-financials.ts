import type { CatalogGap } from '../catalog/in-force';
import type { CatalogSourceVersion } from '../catalog/provenance';
import { type CompanyMatch, companyFinancialsByCik } from '../companies/financials';
import type { Deps } from '../deps';

/** The source for-profit systems' financials come from (SEC EDGAR company facts). */
export const SEC_SOURCE = 'sec_edgar';

interface ForProfit {
  system_id: string;
  sec: { cik: string; ticker: string | null } | null;
}

const who = (s: ForProfit) => (s.sec ? `CIK ${s.sec.cik}${s.sec.ticker ? `, ${s.sec.ticker}` : ''}` : 'no CIK curated');

/**
 * A for-profit system's financials: the XBRL facts of the SEC filer the curated table names by CIK
 * (shared/companies/financials.ts, an exact identifier link, never a name match), each with its
 * filing. Null with a gap naming sec_edgar when no CIK is curated, or when EDGAR in force has no
 * healthcare company of that CIK (or is not loaded) on the date.
 */
export async function forProfitFinancials(
  deps: Deps,
  system: ForProfit,
  date: string,
): Promise<{ company: CompanyMatch | null; sources: CatalogSourceVersion[]; gaps: CatalogGap[] }> {
  const match = system.sec ? await companyFinancialsByCik(deps, system.sec.cik, date) : null;
  if (match) return { company: match, sources: match.financials.sources, gaps: match.financials.gaps };
  return {
    company: null,
    sources: [],
    gaps: [
      {
        source_id: SEC_SOURCE,
        doc_id: null,
        reason: 'not_loaded',
        detail: `${system.system_id} is for-profit (${who(system)}): it files no Form 990; ${
          system.sec
            ? `SEC EDGAR (source ${SEC_SOURCE}) in force on ${date} has no healthcare filer of that CIK, or is not loaded`
            : 'no SEC filer is curated for it'
        }.`,
      },
    ],
  };
}

/**
 * Executives and workforce of a for-profit system: they would come from its proxy statement
 * (DEF 14A) and the 10-K's human-capital text, neither of which is read (not XBRL company facts).
 */
export function forProfitPeopleGap(system: ForProfit, what: 'executives' | 'workforce'): CatalogGap {
  return {
    source_id: SEC_SOURCE,
    doc_id: null,
    reason: 'no_layout',
    detail: `${system.system_id} is for-profit (${who(system)}): it files no Form 990, and its ${
      what === 'executives' ? 'executive pay is in its proxy statement (DEF 14A)' : 'employee count is in its 10-K text'
    }, which this service does not read.`,
  };
}
