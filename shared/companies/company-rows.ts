import type { Located } from '../publishers/common/types';

/**
 * The rows of SEC EDGAR as the catalog stores them (shared/datasets/sec_edgar), served by
 * ./companies.ts and ./ma-events.ts. Two datasets: companies and their M&A filings (the ticker
 * file and the submissions bulk file), and XBRL company facts (the companyfacts bulk file).
 */
export const SEC_COMPANIES = 'sec_edgar_companies';
export const SEC_FACTS = 'sec_edgar_facts';

/**
 * Standard Industrial Classification codes kept as healthcare (SEC's SIC list, "Division of
 * Corporation Finance: Standard Industrial Classification (SIC) Code List"): only filers whose
 * submissions name one of these are loaded as companies, which bounds the load. Ranges inclusive.
 */
export const HEALTHCARE_SIC: readonly { from: number; to: number; label: string }[] = [
  { from: 2833, to: 2836, label: 'Pharmaceuticals and biologicals (2833-2836)' },
  { from: 3841, to: 3845, label: 'Medical, surgical and dental instruments; electromedical (3841-3845)' },
  { from: 3851, to: 3851, label: 'Ophthalmic goods (3851)' },
  { from: 5047, to: 5047, label: 'Medical, dental and hospital equipment wholesale (5047)' },
  { from: 5122, to: 5122, label: 'Drugs wholesale (5122)' },
  { from: 5912, to: 5912, label: 'Drug stores and proprietary stores (5912)' },
  { from: 6324, to: 6324, label: 'Hospital and medical service plans (6324)' },
  { from: 8000, to: 8099, label: 'Health services (8000-8099)' },
];

/** The healthcare group of a SIC code, or null when the code is not kept. */
export function healthcareGroup(sic: string | null | undefined): string | null {
  const n = Number(sic);
  if (!sic || !Number.isInteger(n)) return null;
  return HEALTHCARE_SIC.find((g) => n >= g.from && n <= g.to)?.label ?? null;
}

/** A CIK as 10 digits (EDGAR writes it bare in some files, zero-padded in others), or null. */
export function cik10(raw: string | number | null | undefined): string | null {
  const t = String(raw ?? '').trim();
  return /^\d{1,10}$/.test(t) ? t.padStart(10, '0') : null;
}

/** A ticker as EDGAR lists it, upper-cased (`BRK-B`, `PHHS`), or null. */
export function normalTicker(raw: string | null | undefined): string | null {
  const t = String(raw ?? '')
    .trim()
    .toUpperCase();
  return /^[A-Z0-9][A-Z0-9.-]{0,9}$/.test(t) ? t : null;
}

/**
 * One row of the companies dataset. `kind`: `ticker` (company_tickers.json: every listed ticker),
 * `company` (a healthcare filer of the submissions file), `ma_filing` (an 8-K of that filer
 * reporting item 2.01, Completion of Acquisition or Disposition of Assets).
 */
export interface SecCompanyRow extends Located {
  kind: 'ticker' | 'company' | 'ma_filing';
  cik: string;
  /** ticker rows: the ticker; company rows: the first listed ticker. */
  ticker: string | null;
  /** Company name (ticker `title`, submissions `name`). */
  name: string;
  /** Upper-case name, the companies listing order. */
  sort_name: string;
  tickers: string[];
  exchanges: string[];
  sic: string | null;
  sic_description: string | null;
  healthcare_group: string | null;
  state_of_incorporation: string | null;
  /** `MMDD` as EDGAR writes it. */
  fiscal_year_end: string | null;
  entity_type: string | null;
  accession_number: string | null;
  form: string | null;
  filing_date: string | null;
  report_date: string | null;
  items: string[];
  primary_document: string | null;
  primary_doc_description: string | null;
}

/** One XBRL fact as companyfacts lists it under `units.<unit>[]`. */
export interface SecFact {
  start: string | null;
  end: string;
  val: number;
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame: string;
}

/** One concept of one filer, in one unit: the facts SEC placed in a calendar frame (`frame` set). */
export interface SecFactsRow extends Located {
  cik: string;
  entity_name: string;
  taxonomy: string;
  concept: string;
  label: string | null;
  unit: string;
  facts: SecFact[];
}

/**
 * The us-gaap concepts kept, by the measure they answer: for each period the first concept of a
 * measure that has a fact answers (revenue: `Revenues`, else ASC 606 revenue, else
 * `HealthCareOrganizationRevenue`). Everything else in companyfacts is skipped while streaming.
 */
export const MEASURES: readonly { measure: string; concepts: readonly string[]; kind: 'duration' | 'instant' }[] = [
  {
    measure: 'revenue',
    concepts: ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'HealthCareOrganizationRevenue'],
    kind: 'duration',
  },
  { measure: 'operating_income', concepts: ['OperatingIncomeLoss'], kind: 'duration' },
  { measure: 'net_income', concepts: ['NetIncomeLoss', 'ProfitLoss'], kind: 'duration' },
  { measure: 'operating_cash_flow', concepts: ['NetCashProvidedByUsedInOperatingActivities'], kind: 'duration' },
  { measure: 'total_assets', concepts: ['Assets'], kind: 'instant' },
  { measure: 'total_liabilities', concepts: ['Liabilities'], kind: 'instant' },
  {
    measure: 'stockholders_equity',
    concepts: ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
    kind: 'instant',
  },
  { measure: 'cash', concepts: ['CashAndCashEquivalentsAtCarryingValue'], kind: 'instant' },
  { measure: 'long_term_debt', concepts: ['LongTermDebtNoncurrent', 'LongTermDebt'], kind: 'instant' },
];

export const MEASURE_NAMES = MEASURES.map((m) => m.measure);
export const KEPT_CONCEPTS: ReadonlySet<string> = new Set(MEASURES.flatMap((m) => m.concepts));
