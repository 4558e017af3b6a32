import { normalizeName } from '../../publishers/common/header';

/**
 * The column maps of the MSSP performance-year results files, one per layout family, each
 * versioned (`<family>@<version>`, stored with every row). Columns are found by name, never by
 * position; a rate's unit is declared per family and performance year, and every rate is served
 * in percent.
 *
 * - `long-2014`: the human-readable headers of the PY2014-PY2015 Socrata exports (the real PY2014
 *   sample: `ACO Doing Business As (DBA) or Legal Business Name (LBN)`, `Quality Score6`, ...),
 *   footnote digits glued onto names and stray spaces; no ACO identifier at all. Rates printed as
 *   percentages (`-5.53%`, `91.29%`), quality `P4R` for pay-for-reporting.
 * - `coded-2019`: the short coded names of CMS's "Performance Year Financial and Quality Results"
 *   PUF data dictionary (PY2019 on: `ACO_ID`, `ACO_Name`, `ACO_State`, `Current_Track`, `N_AB`,
 *   `ABtotBnchmk`, `ABtotExp`, `BnchmkMinExp`, `Sav_rate`, `MinSavPerc`, `GenSaveLoss`,
 *   `EarnSaveLoss`, `Met_QPS`, `QualScore`, `FinalShareRate`). Rates are proportions (0.0312);
 *   the quality score is a proportion through PY2020 and a 0-100 score from PY2021 (the APP).
 */
export type Field =
  | 'aco_id'
  | 'aco_name'
  | 'states'
  | 'start_date'
  | 'track'
  | 'assigned_beneficiaries'
  | 'total_benchmark'
  | 'total_expenditures'
  | 'benchmark_minus_expenditures'
  | 'savings_rate'
  | 'min_savings_rate'
  | 'generated'
  | 'earned'
  | 'met_quality_standard'
  | 'quality_score'
  | 'final_sharing_rate';

/** `percent`: printed as a percentage (with or without `%`); `proportion`: a fraction of 1 (x 100). */
export type Unit = 'percent' | 'proportion';

export interface ColumnMap {
  names: readonly string[];
  unit?: (performanceYear: number) => Unit;
}

export interface Layout {
  family: 'long-2014' | 'coded-2019';
  version: number;
  /** A column only this family has: the header is matched to the family by it. */
  marker: string;
  required: readonly Field[];
  columns: Readonly<Partial<Record<Field, ColumnMap>>>;
}

const percent = () => 'percent' as const;
const proportion = () => 'proportion' as const;

export const LONG_2014: Layout = {
  family: 'long-2014',
  version: 1,
  marker: 'ACO Doing Business As (DBA) or Legal Business Name (LBN)',
  required: ['aco_name', 'benchmark_minus_expenditures', 'quality_score'],
  columns: {
    aco_name: { names: ['ACO Doing Business As (DBA) or Legal Business Name (LBN)', 'ACO Name'] },
    states: { names: ['States Where Beneficiaries Reside'] },
    start_date: { names: ['Agreement Start Date'] },
    track: { names: ['Track'] },
    assigned_beneficiaries: { names: ['Total Assigned Beneficiaries'] },
    total_benchmark: { names: ['Total Benchmark Expenditures'] },
    total_expenditures: { names: ['Total Expenditures'] },
    benchmark_minus_expenditures: {
      names: ['Total Benchmark Expenditures Minus Total Assigned Beneficiary Expenditures'],
    },
    savings_rate: {
      names: ['Total Benchmark Minus Assigned Beneficiary Expenditures as % of Total Benchmark'],
      unit: percent,
    },
    generated: { names: ['Generated Savings/Losses'] },
    earned: { names: ['Earned Shared Savings Payments/Owe Losses'] },
    met_quality_standard: { names: ['Successfully Reported Quality', 'Met Quality Performance Standard'] },
    quality_score: { names: ['Quality Score'], unit: percent },
  },
};

export const CODED_2019: Layout = {
  family: 'coded-2019',
  version: 1,
  marker: 'ACO_ID',
  required: ['aco_id', 'aco_name', 'benchmark_minus_expenditures', 'quality_score'],
  columns: {
    aco_id: { names: ['ACO_ID'] },
    aco_name: { names: ['ACO_Name'] },
    states: { names: ['ACO_State'] },
    start_date: { names: ['Current_Start_Date', 'Initial_Start_Date'] },
    track: { names: ['Current_Track', 'Track'] },
    assigned_beneficiaries: { names: ['N_AB'] },
    total_benchmark: { names: ['ABtotBnchmk'] },
    total_expenditures: { names: ['ABtotExp'] },
    benchmark_minus_expenditures: { names: ['BnchmkMinExp'] },
    savings_rate: { names: ['Sav_rate'], unit: proportion },
    min_savings_rate: { names: ['MinSavPerc'], unit: proportion },
    generated: { names: ['GenSaveLoss'] },
    earned: { names: ['EarnSaveLoss'] },
    met_quality_standard: { names: ['Met_QPS'] },
    quality_score: { names: ['QualScore'], unit: (py) => (py >= 2021 ? 'percent' : 'proportion') },
    final_sharing_rate: { names: ['FinalShareRate'], unit: proportion },
  },
};

export const LAYOUTS: readonly Layout[] = [CODED_2019, LONG_2014];

/**
 * A header name as compared: the kit's normalisation, then the footnote numbers CMS glues onto
 * names dropped (`Generated Savings/Losses1,2`, `Quality Score6`), but never a measure's own
 * number (`ACO-1`, `ACO-8^`).
 */
export function headerKey(name: string): string {
  return normalizeName(name).replace(/([a-z)%])\d+(?:,\d+)*$/, '$1');
}
