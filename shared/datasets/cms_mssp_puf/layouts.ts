import { normalizeName } from '../../publishers/common/header';

/**
 * The column maps of the MSSP performance-year results files, one per layout family, each
 * versioned (`<family>@<version>`, stored with every row). Columns are found by name, never by
 * position (names compared without case, so the all-lower-case PY2018 header matches too); a
 * rate's unit is declared per family and performance year, and every rate is served in percent.
 * Which document each family follows is in fixtures/README.md.
 *
 * - `long-2014`: the human-readable headers of the results announcements exported from the old
 *   data.cms.gov (Socrata), PY2014 and PY2015 (the real PY2014 sample: `ACO Doing Business As (DBA)
 *   or Legal Business Name (LBN)`, `Quality Score6`, ...), footnote digits glued onto names and stray
 *   spaces; no ACO identifier at all (rows are linked by name, shared/vbc/mssp.ts). Rates printed as
 *   percentages (`-5.53%`, `91.29%`), quality `P4R` for pay-for-reporting. PY2015 names the quality
 *   flag `Met Quality Performance Standard` (footnote 5 of its dataset description).
 * - `num-2013`: the coded Shared Savings Program ACO PUF as published before July 2019, PY2013 to
 *   PY2016 on data.cms.gov: `ACO_Num`, CMS's encrypted six-character ACO number (`A67373`), not the
 *   later ACO ID; CMS's ACO ID Crosswalk links the two (./crosswalk.ts). PY2013 has `Start_Date`,
 *   `QualPerfShare`, no `Sav_rate` and quality 1 or 0 (pay for reporting); PY2016 has
 *   `Initial_Start_Date`, `ACO_State` and one 0/1 column per track (`Current_Track_1` ...). Units:
 *   `Sav_rate`, `MinSavPerc` are percentages in PY2014 and PY2015, and `QualScore`,
 *   `FinalShareRate` in PY2015; every other year prints proportions.
 * - `coded-2017`: the same coded PUF carrying the ACO ID (`ACO_ID`, `A1234`) and track flag columns,
 *   as data.cms.gov serves PY2017 and PY2018 (PY2018 in lower case). Rates are proportions.
 * - `coded-2019`: the short coded names of CMS's "Performance Year Financial and Quality Results"
 *   PUF data dictionary (PY2019 on: `ACO_ID`, `ACO_Name`, `ACO_State`, `Current_Track`, `N_AB`,
 *   `ABtotBnchmk`, `ABtotExp`, `BnchmkMinExp`, `Sav_rate`, `MinSavPerc`, `GenSaveLoss`,
 *   `EarnSaveLoss`, `Met_QPS`, `QualScore`, `FinalShareRate`). Rates are proportions (0.0312);
 *   the quality score is a proportion through PY2020 and a 0-100 score from PY2021 (the APP).
 */
export type Field =
  | 'aco_id'
  | 'aco_num'
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
  family: 'long-2014' | 'num-2013' | 'coded-2017' | 'coded-2019';
  version: number;
  /** A column only this family has: the header is matched to the family by it. */
  marker: string;
  /** The performance years the family is chosen for (a marker shared with another family). */
  years?: { from?: number; to?: number };
  /**
   * Track flag columns (`Current_Track_1` = 1): the track is the first flag set, named as the
   * value of this map, when the layout has no track column.
   */
  trackFlags?: Readonly<Record<string, string>>;
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

/** Percent in the two years whose PUF printed percentages (R: samstearns/mssp; see fixtures/README.md). */
const num2013Unit =
  (percentYears: readonly number[]) =>
  (py: number): Unit =>
    percentYears.includes(py) ? 'percent' : 'proportion';

const TRACK_FLAGS: Readonly<Record<string, string>> = {
  Current_Track_1: 'Track 1',
  Current_Track_1_Plus: 'Track 1+',
  Current_Track_2: 'Track 2',
  Current_Track_3: 'Track 3',
  Track_1: 'Track 1',
  Track_2: 'Track 2',
};

export const NUM_2013: Layout = {
  family: 'num-2013',
  version: 1,
  marker: 'ACO_Num',
  required: ['aco_num', 'aco_name', 'benchmark_minus_expenditures', 'quality_score'],
  trackFlags: TRACK_FLAGS,
  columns: {
    aco_num: { names: ['ACO_Num'] },
    aco_name: { names: ['ACO_Name'] },
    states: { names: ['ACO_State'] },
    start_date: { names: ['Initial_Start_Date', 'Start_Date'] },
    track: { names: ['Current_Track', 'Track'] },
    assigned_beneficiaries: { names: ['N_AB'] },
    total_benchmark: { names: ['ABtotBnchmk'] },
    total_expenditures: { names: ['ABtotExp'] },
    benchmark_minus_expenditures: { names: ['BnchmkMinExp'] },
    savings_rate: { names: ['Sav_rate'], unit: num2013Unit([2014, 2015]) },
    min_savings_rate: { names: ['MinSavPerc'], unit: num2013Unit([2014, 2015]) },
    generated: { names: ['GenSaveLoss'] },
    earned: { names: ['EarnSaveLoss'] },
    met_quality_standard: { names: ['Met_QPS'] },
    quality_score: { names: ['QualScore'], unit: num2013Unit([2015]) },
    final_sharing_rate: { names: ['FinalShareRate'], unit: num2013Unit([2015]) },
  },
};

export const CODED_2017: Layout = {
  family: 'coded-2017',
  version: 1,
  marker: 'ACO_ID',
  years: { to: 2018 },
  required: ['aco_id', 'aco_name', 'benchmark_minus_expenditures', 'quality_score'],
  trackFlags: TRACK_FLAGS,
  columns: {
    aco_id: { names: ['ACO_ID'] },
    aco_name: { names: ['ACO_Name'] },
    states: { names: ['ACO_State'] },
    start_date: { names: ['Initial_Start_Date'] },
    assigned_beneficiaries: { names: ['N_AB'] },
    total_benchmark: { names: ['ABtotBnchmk'] },
    total_expenditures: { names: ['ABtotExp'] },
    benchmark_minus_expenditures: { names: ['BnchmkMinExp'] },
    savings_rate: { names: ['Sav_rate'], unit: proportion },
    min_savings_rate: { names: ['MinSavPerc'], unit: proportion },
    generated: { names: ['GenSaveLoss'] },
    earned: { names: ['EarnSaveLoss'] },
    met_quality_standard: { names: ['Met_QPS'] },
    quality_score: { names: ['QualScore'], unit: proportion },
    final_sharing_rate: { names: ['FinalShareRate'], unit: proportion },
  },
};

export const CODED_2019: Layout = {
  family: 'coded-2019',
  version: 1,
  marker: 'ACO_ID',
  years: { from: 2019 },
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

export const LAYOUTS: readonly Layout[] = [CODED_2019, CODED_2017, NUM_2013, LONG_2014];

/** The family a header belongs to: its marker column is present and the year is the family's. */
export function layoutFor(keys: readonly string[], performanceYear: number): Layout | undefined {
  return LAYOUTS.find(
    (l) =>
      keys.includes(headerKey(l.marker)) &&
      (l.years?.from === undefined || performanceYear >= l.years.from) &&
      (l.years?.to === undefined || performanceYear <= l.years.to),
  );
}

/**
 * A header name as compared: the kit's normalisation, then the footnote numbers CMS glues onto
 * names dropped (`Generated Savings/Losses1,2`, `Quality Score6`), but never a measure's own
 * number (`ACO-1`, `ACO-8^`).
 */
export function headerKey(name: string): string {
  return normalizeName(name).replace(/([a-z)%])\d+(?:,\d+)*$/, '$1');
}
