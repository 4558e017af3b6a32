import type { CatalogGap } from '../catalog/in-force';

/** The source for-profit systems' financials come from (built beside this group: companies, XBRL facts). */
export const SEC_SOURCE = 'sec_edgar';

/**
 * What /systems/{id}/financials* answer for a for-profit system until SEC company facts are wired
 * in: a gap naming sec_edgar. The one place to replace with the SEC read (by the system's CIK) when
 * that source is merged; its callers already pass the CIK and ticker the curated table gives.
 */
export function forProfitFinancialsGap(
  system: { system_id: string; sec: { cik: string; ticker: string | null } | null },
  date: string,
): CatalogGap {
  const who = system.sec
    ? `CIK ${system.sec.cik}${system.sec.ticker ? `, ${system.sec.ticker}` : ''}`
    : 'no CIK curated';
  return {
    source_id: SEC_SOURCE,
    doc_id: null,
    reason: 'not_loaded',
    detail: `${system.system_id} is for-profit (${who}): it files no Form 990, and its financials come from SEC filings (source ${SEC_SOURCE}), not loaded for ${date}.`,
  };
}
