import { type HcrisReportRow, STATUS_FINALITY } from './hcris-rows';

/** A report of one CCN and HCRIS fiscal year, as the archived refreshes of that year list it. */
export interface Candidate {
  row: HcrisReportRow;
  fiscal_year: number;
  /** The refresh (archive version) the row was read from: the latest refresh listing it. */
  version_id: number;
  /** The latest refresh of the year in force lists it (CMS keeps only a report's highest status there). */
  in_latest_refresh: boolean;
}

export type ChoiceReason =
  | 'chosen'
  | 'processed_after_as_of'
  | 'not_in_latest_refresh'
  | 'earlier_period'
  | 'less_final_status'
  | 'earlier_settlement'
  | 'earlier_processing'
  | 'lower_record_number';

/** The rule, as every answer states it. */
export const REPORT_CHOICE_RULE =
  'Per CCN and HCRIS fiscal year, among the reports processed (PROC_DT) on or before as_of in the refreshes of that year released by as_of: (1) a report the latest refresh lists (CMS keeps only the highest status of a report there; reports only older refreshes list stay candidates); (2) the latest cost-reporting period end (FY_END_DT: two periods in a year mean a change of ownership or of year end); (3) the most final status: 4 Reopened, then 3 Settled with Audit, 2 Settled w/o Audit, 5 Amended, 1 As Submitted; (4) the latest settlement date (NPR_DT); (5) the latest processing date (PROC_DT); (6) the highest RPT_REC_NUM.';

const cmp = (a: string | null, b: string | null): number => (a ?? '').localeCompare(b ?? '');

/** The criteria in order, each comparing a to b (positive: a ranks above b), with the reason b loses for it. */
const CRITERIA: readonly [ChoiceReason, (a: Candidate, b: Candidate) => number][] = [
  ['not_in_latest_refresh', (a, b) => Number(a.in_latest_refresh) - Number(b.in_latest_refresh)],
  ['earlier_period', (a, b) => cmp(a.row.period_end, b.row.period_end)],
  [
    'less_final_status',
    (a, b) => (STATUS_FINALITY[a.row.status_code] ?? 0) - (STATUS_FINALITY[b.row.status_code] ?? 0),
  ],
  ['earlier_settlement', (a, b) => cmp(a.row.npr_date, b.row.npr_date)],
  ['earlier_processing', (a, b) => cmp(a.row.processed_date, b.row.processed_date)],
  [
    'lower_record_number',
    (a, b) =>
      Math.sign(Number(a.row.rpt_rec_num) - Number(b.row.rpt_rec_num)) || cmp(a.row.rpt_rec_num, b.row.rpt_rec_num),
  ],
];

/** Positive when a ranks above b. */
function rank(a: Candidate, b: Candidate): number {
  for (const [, f] of CRITERIA) {
    const d = f(a, b);
    if (d !== 0) return d;
  }
  return 0;
}

export interface Choice {
  chosen: Candidate | null;
  /** Every candidate, the chosen one first, then by rank; each with why it was or was not chosen. */
  ranked: { candidate: Candidate; reason: ChoiceReason }[];
}

/** Chooses the report of one CCN and fiscal year on a date (REPORT_CHOICE_RULE). */
export function chooseReport(candidates: readonly Candidate[], asOf: string): Choice {
  const visible = candidates.filter((c) => !c.row.processed_date || c.row.processed_date <= asOf);
  const hidden = candidates.filter((c) => c.row.processed_date && c.row.processed_date > asOf);
  const sorted = [...visible].sort((a, b) => rank(b, a));
  const chosen = sorted[0] ?? null;
  const ranked = sorted.map((c, i) => ({
    candidate: c,
    reason: i === 0 ? ('chosen' as const) : (CRITERIA.find(([, f]) => f(chosen!, c) > 0)?.[0] ?? 'lower_record_number'),
  }));
  for (const c of hidden) ranked.push({ candidate: c, reason: 'processed_after_as_of' });
  return { chosen, ranked };
}
