import { z } from '@hono/zod-openapi';
import type { Located } from '../publishers/common/types';

/**
 * The rows of the Hospital Readmissions Reduction Program (HRRP) as the two CMS files publish them,
 * shared by their dataset folders (shared/datasets/cms_hrrp, shared/datasets/cms_hrrp_supplemental)
 * and read by this domain (./hrrp.ts) through the installed datasets by id.
 */
export const HRRP_HOSPITALS = 'cms_hrrp';
export const HRRP_SUPPLEMENTAL = 'cms_hrrp_supplemental';

/**
 * A published cell that may not be a number. CMS writes `Too Few to Report` where a count is
 * suppressed (fewer than 11 readmissions or discharges) and `N/A` where a value does not exist; the
 * supplemental file writes `.` for "no value". Those are kept as what they are, never as 0.
 */
export const CellStatus = z.enum(['reported', 'too_few_to_report', 'not_available']).openapi('HrrpCellStatus', {
  description:
    '`reported`: a number; `too_few_to_report`: suppressed by CMS (small counts); `not_available`: the file has no value (`N/A`, `.` or empty).',
});
export const CellSchema = z
  .object({
    value: z.number().nullable().openapi({ description: 'The number, or null when not reported.' }),
    status: CellStatus,
    published: z.string().openapi({ description: 'The cell exactly as published.' }),
  })
  .openapi('HrrpCell');
export type Cell = z.infer<typeof CellSchema>;

/** The six HRRP conditions/procedures, under one code across both files. */
export const CONDITIONS = ['AMI', 'COPD', 'HF', 'PN', 'CABG', 'THA_TKA'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const ConditionSchema = z.enum(CONDITIONS).openapi('HrrpCondition', {
  description:
    'AMI (acute myocardial infarction), COPD, HF (heart failure), PN (pneumonia), CABG (coronary artery bypass graft), THA_TKA (elective primary total hip/knee arthroplasty).',
});

/** One measure row of the HRRP hospital file (`READM-30-<condition>-HRRP`). */
export interface HrrpMeasure {
  measure_name: string;
  condition: Condition | null;
  number_of_discharges: Cell;
  footnote: string | null;
  excess_readmission_ratio: Cell;
  /** Percent, as published (the file's rates are already percentages). */
  predicted_readmission_rate_pct: Cell;
  expected_readmission_rate_pct: Cell;
  number_of_readmissions: Cell;
  start_date: string | null;
  end_date: string | null;
  /** The published row as-is, by column name. */
  source_row: Record<string, string>;
  locator: { line: number; record: number };
}

/** One hospital of the HRRP hospital file: its consecutive measure rows, grouped. */
export interface HrrpHospitalRow extends Located {
  ccn: string;
  facility_name: string;
  state: string;
  measures: HrrpMeasure[];
}

/** The per-condition columns of the supplemental file. */
export interface SupplementalCondition {
  condition: Condition;
  eligible_discharges: Cell;
  excess_readmission_ratio: Cell;
  peer_group_median_err: Cell;
  /** `Y` / `N` as published; null when empty. */
  penalty_indicator: boolean | null;
  drg_payment_ratio: Cell;
}

/** One hospital of the IPPS HRRP supplemental file. */
export interface HrrpSupplementalRow extends Located {
  ccn: string;
  payment_adjustment_factor: number;
  /** (1 − factor) × 100, from the factor (rounded to 6 decimals). */
  payment_reduction_pct: number;
  penalized: boolean;
  dual_proportion: number | null;
  peer_group: number | null;
  neutrality_modifier: number | null;
  conditions: SupplementalCondition[];
  source_row: Record<string, string>;
}

/** What the hospital file's listing items hold: what `/vbc/hrrp` joins, filters and sorts by. */
export type ListedHrrpHospital = Pick<HrrpHospitalRow, 'ccn' | 'facility_name' | 'state' | 'locator'>;
export const listedHrrpHospital = (r: HrrpHospitalRow): ListedHrrpHospital => ({
  ccn: r.ccn,
  facility_name: r.facility_name,
  state: r.state,
  locator: r.locator,
});

/** What the supplemental file's listing items hold (the whole row, with its conditions and published row, is read by CCN). */
export type ListedHrrpSupplemental = Pick<
  HrrpSupplementalRow,
  'ccn' | 'payment_adjustment_factor' | 'payment_reduction_pct' | 'penalized' | 'locator'
>;
export const listedHrrpSupplemental = (r: HrrpSupplementalRow): ListedHrrpSupplemental => ({
  ccn: r.ccn,
  payment_adjustment_factor: r.payment_adjustment_factor,
  payment_reduction_pct: r.payment_reduction_pct,
  penalized: r.penalized,
  locator: r.locator,
});

/** `READM-30-HIP-KNEE-HRRP` -> THA_TKA. */
export function conditionOfMeasure(measure: string): Condition | null {
  const m = /^READM-30-(.+)-HRRP$/i.exec(measure.trim());
  if (!m) return null;
  const c = m[1]!.toUpperCase();
  if (c === 'HIP-KNEE') return 'THA_TKA';
  return (CONDITIONS as readonly string[]).includes(c) ? (c as Condition) : null;
}

/** The reduction a factor stands for, in percent: (1 − factor) × 100, free of binary noise. */
export function reductionPct(factor: number): number {
  return Math.round((1 - factor) * 100 * 1e6) / 1e6;
}

/** A CCN: six characters, digits with an optional letter in the third place (CMS's own form). */
export const CCN_PATTERN = /^\d{2}[0-9A-Z]\d{3}$/;

/** A CCN as accepted from callers and files: trimmed, upper-cased, five digits given back their leading zero. */
export function normalizeCcn(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  // Spreadsheets drop the leading zero of Alabama's 01xxxx: five digits are read as that.
  const six = /^\d{5}$/.test(s) ? `0${s}` : s;
  return CCN_PATTERN.test(six) ? six : null;
}
