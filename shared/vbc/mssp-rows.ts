import type { Located } from '../publishers/common/types';

/**
 * The rows of the Medicare Shared Savings Program (MSSP) performance-year results public use files
 * (`cms_mssp_puf`), one per ACO and performance year, as stored by shared/datasets/cms_mssp_puf and
 * read by ./mssp.ts. Money is in dollars; every rate is in percent whatever the year's file printed
 * (a percentage such as `-5.53%` or a proportion such as `0.0553`).
 */
export const MSSP_RESULTS = 'cms_mssp_puf';

/** The dataset of CMS's ACO ID Crosswalk (encrypted ACO number -> ACO ID), same source. */
export const MSSP_CROSSWALK = 'cms_mssp_puf_crosswalk';

/** One row of CMS's ACO ID Crosswalk. */
export interface AcoCrosswalkRow extends Located {
  aco_num: string;
  aco_id: string;
  first_agreement_start_date: string | null;
  source_row: Record<string, string>;
}

export interface MsspRow extends Located {
  performance_year: number;
  /** The layout family and mapping version the row was read with (e.g. `long-2014@1`). */
  layout: string;
  /** CMS's ACO ID (`A1234`) as the file prints it; null when the year's file has none. */
  aco_id: string | null;
  /**
   * CMS's encrypted ACO number (`A67373`), the identifier of the PUFs published before July 2019
   * (PY2013 on); CMS's ACO ID Crosswalk links it to the ACO ID. Null in files without it.
   */
  aco_num: string | null;
  aco_name: string;
  /** The name as compared across years (see nameKey). */
  name_key: string;
  /** A sort key unique per ACO within a year: the id, else the compared name. */
  aco_key: string;
  /** USPS codes of the states where the ACO's assigned beneficiaries reside, as listed. */
  states: string[];
  states_published: string | null;
  /** `track_1`, `track_1_plus`, `track_2`, `track_3`, `basic_a`..`basic_e`, `enhanced`, or null. */
  track: string | null;
  track_published: string | null;
  agreement_start_date: string | null;
  assigned_beneficiaries: number | null;
  total_benchmark_expenditures: number | null;
  total_expenditures: number | null;
  /** Benchmark minus expenditures, dollars (negative: spending above the benchmark). */
  benchmark_minus_expenditures: number | null;
  /** Spending above the benchmark in dollars (0 when under it): what `sort=losses` orders by. */
  losses: number | null;
  savings_rate_pct: number | null;
  min_savings_rate_pct: number | null;
  generated_savings_losses: number | null;
  /** Earned shared savings (positive) or owed losses (negative), dollars. */
  earned_savings_losses: number | null;
  earned_shared_savings: number | null;
  owed_losses: number | null;
  /** 1 when the ACO earned a shared-savings payment, else 0 (summed by the rollup). */
  earned_payment: number;
  met_quality_standard: boolean | null;
  quality_score_pct: number | null;
  quality_score_published: string | null;
  qual_score_note: string;
  final_sharing_rate_pct: number | null;
  source_row: Record<string, string>;
}

/**
 * The identifiers the path accepts: an ACO ID (`A` and four digits) or an encrypted ACO number of
 * the PUFs published before July 2019 (`A` and five digits).
 */
export const ACO_ID_PATTERN = /^A\d{4,5}$/;

/** An ACO ID or an ACO number, upper case; null when it is neither. */
export function normalizeAcoId(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  return ACO_ID_PATTERN.test(s) ? s : null;
}

/** True for an encrypted ACO number (`A67373`), false for an ACO ID (`A1234`). */
export function isAcoNum(id: string): boolean {
  return id.length === 6;
}

/** An encrypted ACO number as the pre-2019 PUFs print it (`A67373`); null when it is not one. */
export function normalizeAcoNum(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  return /^A\d{5}$/.test(s) ? s : null;
}

const SUFFIXES = new Set([
  'LLC',
  'INC',
  'CORP',
  'CORPORATION',
  'LP',
  'LLP',
  'PLLC',
  'PC',
  'CO',
  'COMPANY',
  'LTD',
  'THE',
]);

/**
 * An ACO name as compared across years: upper case, accents, punctuation and legal-form words (LLC,
 * Inc., The ...) dropped, `&` read as AND. Two names with the same key are the same name written
 * differently, not necessarily the same ACO: links made on it say so (mssp.ts).
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !SUFFIXES.has(w))
    .join(' ');
}

/** `Track1`, `Track 2`, `Track 1+`, `BASIC Level E` / `E`, `ENHANCED` -> a stable slug; null when empty. */
export function trackSlug(raw: string | null): string | null {
  if (!raw) return null;
  const s = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  const t = /^TRACK ?([123])$/.exec(s);
  if (t) return `track_${t[1]}`;
  if (/^TRACK ?1 ?(\+|PLUS)$/.test(s)) return 'track_1_plus';
  if (s === 'ENHANCED' || s === 'EN' || s === 'TRACK 3') return s === 'TRACK 3' ? 'track_3' : 'enhanced';
  const b = /^(?:BASIC(?: LEVEL)? ?)?([A-E])$/.exec(s);
  if (b) return `basic_${b[1]!.toLowerCase()}`;
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

const STATE_NAMES: Record<string, string> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
  'PUERTO RICO': 'PR',
  GUAM: 'GU',
  'VIRGIN ISLANDS': 'VI',
  'U.S. VIRGIN ISLANDS': 'VI',
  'NORTHERN MARIANA ISLANDS': 'MP',
  'AMERICAN SAMOA': 'AS',
};
const CODES = new Set(Object.values(STATE_NAMES));

/**
 * The states of a list as the files print them (`"Pennsylvania,  New York"`, `MD, PA`), as USPS
 * codes in the published order; a name no table knows is left out (it stays in `states_published`).
 */
export function stateCodes(raw: string | null): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const part of raw.split(/[,;]/)) {
    const s = part.replace(/\s+/g, ' ').trim().toUpperCase();
    const code = CODES.has(s) ? s : STATE_NAMES[s];
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}
