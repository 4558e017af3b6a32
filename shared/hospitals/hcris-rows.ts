/**
 * HCRIS hospital cost reports (Form CMS-2552-10) as the catalog stores them. CMS publishes one zip
 * per fiscal year (`HOSP10FY<year>.zip`) of headerless CSV tables linked by RPT_REC_NUM: RPT (one row
 * per report), NMRC (numeric cells) and ALPHA (text cells), each cell addressed by worksheet code,
 * line and column (HCRIS "Hospital 2552-10" documentation: the record layouts of the cost report data
 * files). Plain types and pure helpers only: the parsers (a lazy file) and the service both import it.
 */

/** Catalog dataset ids. */
export const HCRIS_REPORTS = 'cms_hcris_hosp10_reports';
export const HCRIS_CELLS = 'cms_hcris_hosp10_cells';
export const HCRIS_PROVIDERS = 'cms_hcris_hosp10_providers';

/** The worksheets the cost-report reads serve (HCRIS WKSHT_CD: letter, number, part, as 7 characters). */
export const WORKSHEETS = {
  balance_sheet: 'G000000',
  charity_care: 'S100000',
  cost_centers: 'A000000',
} as const;
export type WorksheetCode = (typeof WORKSHEETS)[keyof typeof WORKSHEETS];
export const KEPT_WORKSHEETS: ReadonlySet<string> = new Set(Object.values(WORKSHEETS));

/** RPT_STUS_CD (HCRIS report status codes). */
export const REPORT_STATUS: Readonly<Record<string, string>> = {
  '1': 'As Submitted',
  '2': 'Settled w/o Audit',
  '3': 'Settled with Audit',
  '4': 'Reopened',
  '5': 'Amended',
};

/**
 * How final a status is, higher first: a reopened report revises a settlement, a settlement with
 * audit outranks one without, a provider's amendment supersedes its first submission, and an
 * as-submitted report is unaudited. Unknown codes rank last.
 */
export const STATUS_FINALITY: Readonly<Record<string, number>> = { '4': 5, '3': 4, '2': 3, '5': 2, '1': 1 };

/** One row of the RPT table: a cost report (one per report record number). */
export interface HcrisReportRow {
  rpt_rec_num: string;
  /** PRVDR_NUM: the CCN, six characters with its leading zeros. */
  ccn: string;
  control_type_code: string | null;
  npi: string | null;
  status_code: string;
  /** FY_BGN_DT / FY_END_DT: the cost-reporting period (ISO). */
  period_begin: string | null;
  period_end: string | null;
  /** PROC_DT: when HCRIS processed this report. */
  processed_date: string | null;
  initial_report: boolean | null;
  last_report: boolean | null;
  transmittal: string | null;
  fi_number: string | null;
  vendor_code: string | null;
  fi_created_date: string | null;
  util_code: string | null;
  /** NPR_DT: the notice of program reimbursement (settlement) date. */
  npr_date: string | null;
  special_indicator: string | null;
  fi_received_date: string | null;
  /** The 18 fields as published. */
  source_row: string[];
  locator: { line: number; record: number };
}

/** A cell: [LINE_NUM, CLMN_NUM, value], line and column as HCRIS writes them (5 digits). */
export type HcrisCell = [string, string, number | string];

/**
 * The cells of one report and worksheet from NMRC (numbers) or ALPHA (text), as consecutive rows of
 * the file give them. A worksheet's cells normally come in one run; a run cut by another report,
 * or longer than the chunk size, is several rows under the same key, merged when read.
 */
export interface HcrisCellsRow {
  rpt_rec_num: string;
  worksheet: string;
  table: 'NMRC' | 'ALPHA';
  cells: HcrisCell[];
  /** First and last physical line of the run. */
  last_line: number;
  locator: { line: number; record: number };
}

/** The index key of a report's worksheet. */
export const cellsKey = (rptRecNum: string, worksheet: string): string => `${rptRecNum}:${worksheet}`;

/** One row of HOSPITAL10_PROVIDER_ID_INFO.CSV: names and addresses of the providers. */
export interface HcrisProviderRow {
  ccn: string;
  name: string | null;
  street: string | null;
  po_box: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  /** FYB / FYE of the provider's latest report (ISO), and its status text. */
  fy_begin: string | null;
  fy_end: string | null;
  status: string | null;
  control_type_code: string | null;
  source_row: Record<string, string>;
  locator: { line: number; record: number };
}

/** `00100` → `1`, `02701` → `27.01` (HCRIS writes lines and columns as three digits and a two-digit subscript). */
export function hcrisNumber(code: string): string {
  const n = Number(code.slice(0, 3));
  const sub = code.slice(3);
  return sub === '00' ? String(n) : `${n}.${sub}`;
}

/** The HCRIS line or column code of a form number (`27.01` → `02701`). */
export function hcrisCode(n: number | string): string {
  const [whole, sub = '00'] = String(n).split('.');
  return `${whole!.padStart(3, '0')}${sub.padEnd(2, '0')}`;
}

/** A CCN as HCRIS writes it (PRVDR_NUM): six characters, or five digits that lost their leading zero; else null. */
export function hcrisCcn(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  const six = /^\d{5}$/.test(s) ? `0${s}` : s;
  return /^[0-9A-Z]{6}$/.test(six) ? six : null;
}

/** The federal fiscal year (1 October to 30 September) a date falls in. */
export function federalFiscalYear(iso: string): number {
  const y = Number(iso.slice(0, 4));
  return Number(iso.slice(5, 7)) >= 10 ? y + 1 : y;
}
