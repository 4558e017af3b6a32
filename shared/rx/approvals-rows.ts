/** The catalog datasets of Drugs@FDA and the Orange Book (shared/datasets/fda_drugsatfda, fda_orange_book). */
export const DAF_DATASET = 'fda_drugsatfda';
export const OB_DATASET = 'fda_orange_book';
/** The listing both datasets declare: every row, partitioned by its table (a read names one table). */
export const BY_TABLE = 'by_table';

export const DAF_TABLES = [
  'applications',
  'products',
  'submissions',
  'marketing_status',
  'marketing_status_lookup',
  'te',
] as const;
export type DafTable = (typeof DAF_TABLES)[number];

/**
 * One record of a Drugs@FDA table, flat (fields of other tables null), read by column name; the
 * published record is `source_row`. `appl_no` is the 6-digit application number (null in the
 * lookup table).
 */
export interface DafRow {
  table: DafTable;
  appl_no: string | null;
  product_no: string | null;
  appl_type: string | null;
  sponsor_name: string | null;
  public_notes: string | null;
  form: string | null;
  strength: string | null;
  reference_drug: string | null;
  drug_name: string | null;
  active_ingredient: string | null;
  reference_standard: string | null;
  marketing_status_id: string | null;
  marketing_status: string | null;
  te_code: string | null;
  submission_class_code_id: string | null;
  submission_type: string | null;
  submission_no: string | null;
  submission_status: string | null;
  submission_status_date: string | null;
  review_priority: string | null;
  source_row: Record<string, string>;
  locator: { line: number; record: number };
}

export const OB_TABLES = ['products', 'patent', 'exclusivity'] as const;
export type ObTable = (typeof OB_TABLES)[number];

/** One record of an Orange Book file (products.txt, patent.txt, exclusivity.txt), flat like DafRow. */
export interface ObRow {
  table: ObTable;
  appl_type: string;
  appl_no: string;
  product_no: string;
  ingredient: string | null;
  dosage_form: string | null;
  route: string | null;
  trade_name: string | null;
  applicant: string | null;
  applicant_full_name: string | null;
  strength: string | null;
  te_code: string | null;
  approval_date: string | null;
  /** `Approved Prior to Jan 1, 1982`: approval_date is null and this is true. */
  approved_before_1982: boolean | null;
  rld: boolean | null;
  rs: boolean | null;
  product_type: string | null;
  patent_no: string | null;
  patent_expire_date: string | null;
  drug_substance_flag: boolean | null;
  drug_product_flag: boolean | null;
  patent_use_code: string | null;
  delist_flag: boolean | null;
  submission_date: string | null;
  exclusivity_code: string | null;
  exclusivity_date: string | null;
  source_row: Record<string, string>;
  locator: { line: number; record: number };
}

/**
 * An application number in any common form (`020610`, `20610`, `NDA020610`, `ANDA 215328`,
 * `BLA125514`, `N020610`) to its 6 digits, or null when it is not one.
 */
export function normalizeApplNo(raw: string): string | null {
  const m = /^(?:NDA|ANDA|BLA|N|A)?\s*-?\s*(\d{1,6})$/i.exec(raw.trim());
  if (!m) return null;
  const digits = m[1]!.padStart(6, '0');
  return /^0+$/.test(digits) ? null : digits;
}

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** `Aug 24, 2026` to `2026-08-24`; undefined when the text is not such a date (or not a real day). */
export function monthDayYear(raw: string): string | undefined {
  const m = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),\s*(\d{4})$/.exec(raw.trim());
  const mo = m ? MONTHS[m[1]!.toLowerCase()] : undefined;
  if (!m || !mo) return undefined;
  const iso = `${m[3]}-${mo}-${m[2]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** The `appl_no` index key of the Drugs@FDA lookup table's rows (they have no application number). */
export const DAF_LOOKUP_KEY = 'lookup';
