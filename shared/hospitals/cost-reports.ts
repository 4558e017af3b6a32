import type { CatalogVersion } from '../catalog/timeline';
import type { Deps } from '../deps';
import { NotFoundError } from '../http/errors';
import {
  type BalanceSheet,
  type CharityCare,
  COST_REPORT_METHODOLOGY,
  type CostCenter,
  type CostCenters,
  type CostReportSummary,
  type CostReports,
  type HcrisProvider,
  type HcrisValue,
  type ReportChoice,
} from './cost-report-schemas';
import {
  candidatesOf,
  type HcrisViews,
  hcrisViews,
  type Provider,
  providerOf,
  refreshes,
  reportSource,
  type Sheet,
  sheetOf,
} from './hcris-read';
import { hcrisCode, hcrisNumber, REPORT_STATUS, WORKSHEETS } from './hcris-rows';
import { type Candidate, type Choice, chooseReport, REPORT_CHOICE_RULE } from './report-choice';
import {
  A_COLUMNS,
  A_LINES,
  aSection,
  G_COLUMNS,
  G_LINES,
  G_SUMMARY,
  S10_COLUMNS,
  S10_LINES,
  S10_SUMMARY,
} from './worksheets';

function summaryOf(v: HcrisViews, c: Candidate, reason: Choice['ranked'][number]['reason']): CostReportSummary {
  const r = c.row;
  return {
    rpt_rec_num: r.rpt_rec_num,
    fiscal_year: c.fiscal_year,
    status_code: r.status_code,
    status: REPORT_STATUS[r.status_code] ?? r.status_code,
    period_begin: r.period_begin,
    period_end: r.period_end,
    processed_date: r.processed_date,
    npr_date: r.npr_date,
    fi_received_date: r.fi_received_date,
    control_type_code: r.control_type_code,
    initial_report: r.initial_report,
    last_report: r.last_report,
    chosen: reason === 'chosen',
    choice_reason: reason,
    in_latest_refresh: c.in_latest_refresh,
    source: reportSource(v, c),
    source_row: r.source_row,
  };
}

function choiceOf(v: HcrisViews, year: number, choice: Choice): ReportChoice {
  return {
    rule: REPORT_CHOICE_RULE,
    fiscal_year: year,
    chosen_rpt_rec_num: choice.chosen?.row.rpt_rec_num ?? null,
    candidates: choice.ranked.map(({ candidate, reason }) => summaryOf(v, candidate, reason)),
  };
}

const providerOut = (p: Provider | null): HcrisProvider | null =>
  p
    ? {
        name: p.row.name,
        street: p.row.street,
        city: p.row.city,
        state: p.row.state,
        zip: p.row.zip,
        county: p.row.county,
        source: p.source,
      }
    : null;

interface Chosen {
  v: HcrisViews;
  year: number;
  choice: Choice;
  chosen: Candidate;
  years: Map<number, Choice>;
  provider: Provider | null;
}

/** The CCN's reports in force, chosen per fiscal year; a 404 for a CCN or fiscal year with none. */
async function chosenReport(deps: Deps, ccn: string, date: string, fiscalYear?: number): Promise<Chosen> {
  const v = await hcrisViews(deps, date);
  const [byYear, provider] = await Promise.all([candidatesOf(deps, v, ccn), providerOf(deps, v, ccn)]);
  const years = new Map<number, Choice>();
  for (const [year, cs] of byYear) years.set(year, chooseReport(cs, date));
  const withReport = [...years].filter(([, c]) => c.chosen).map(([y]) => y);
  if (!withReport.length)
    throw new NotFoundError(`CCN ${ccn} has no HCRIS 2552-10 cost report processed and released by ${date}.`, { ccn });
  const year = fiscalYear ?? Math.max(...withReport);
  const choice = years.get(year);
  if (!choice?.chosen)
    throw new NotFoundError(
      `CCN ${ccn} has no HCRIS cost report of fiscal year ${year} released by ${date}; fiscal years with one: ${withReport.sort().join(', ')}.`,
      { ccn, fiscal_year: year, fiscal_years: withReport.sort() },
    );
  return { v, year, choice, chosen: choice.chosen, years, provider };
}

function provenance(c: Chosen, extra: readonly CatalogVersion[] = [], extraGaps: Sheet['gaps'] = []) {
  const { v } = c;
  const reportVersions = refreshes(v.reports, c.year);
  return {
    sources: [
      ...v.reports.sourceVersions(reportVersions),
      ...v.cells.sourceVersions(extra),
      ...v.providers.sourceVersions(),
    ],
    gaps: [...v.reports.gaps, ...v.cells.gaps, ...v.providers.gaps, ...extraGaps],
    as_of: v.date,
    methodology_note: COST_REPORT_METHODOLOGY,
  };
}

/** The reports of a CCN by fiscal year, newest first, each year's choice flagged. */
export async function costReports(deps: Deps, ccn: string, date: string, fiscalYear?: number): Promise<CostReports> {
  const c = await chosenReport(deps, ccn, date, fiscalYear);
  const years = [...c.years.keys()].filter((y) => fiscalYear === undefined || y === fiscalYear).sort((a, b) => b - a);
  const { v } = c;
  return {
    ccn,
    provider: providerOut(c.provider),
    latest_fiscal_year: Math.max(...[...c.years].filter(([, x]) => x.chosen).map(([y]) => y)),
    fiscal_years: years.map((y) => choiceOf(v, y, c.years.get(y)!)),
    sources: [...v.reports.sourceVersions(), ...v.providers.sourceVersions()],
    gaps: [...v.reports.gaps, ...v.providers.gaps],
    as_of: v.date,
    methodology_note: COST_REPORT_METHODOLOGY,
  };
}

function cellValue(
  sheet: Sheet,
  ws: { letter: string; code: string; lines: Record<string, string>; columns: Record<string, string> },
  line: string,
  column: string,
): HcrisValue {
  const lineCode = hcrisCode(line);
  const columnCode = hcrisCode(column);
  const x = sheet.numeric.get(`${lineCode}:${columnCode}`);
  return {
    worksheet: ws.letter,
    worksheet_code: ws.code,
    line,
    line_code: lineCode,
    column,
    column_code: columnCode,
    label: ws.lines[line] ?? null,
    column_label: ws.columns[column] ?? null,
    value: x ?? null,
    unit: ws.code === WORKSHEETS.charity_care && line === '1' ? 'ratio' : 'dollars',
  };
}

/** Every filed numeric cell of a worksheet, by line then column code. */
function filedCells(sheet: Sheet, ws: Parameters<typeof cellValue>[1]): HcrisValue[] {
  return [...sheet.numeric.keys()].sort().map((k) => {
    const [l, col] = k.split(':') as [string, string];
    return cellValue(sheet, ws, hcrisNumber(l), hcrisNumber(col));
  });
}

const G = { letter: 'G', code: WORKSHEETS.balance_sheet, lines: G_LINES, columns: G_COLUMNS };
const S10 = { letter: 'S-10', code: WORKSHEETS.charity_care, lines: S10_LINES, columns: S10_COLUMNS };
const A = { letter: 'A', code: WORKSHEETS.cost_centers, lines: A_LINES, columns: A_COLUMNS };

async function worksheetBase(deps: Deps, ccn: string, date: string, fiscalYear: number | undefined, code: string) {
  const c = await chosenReport(deps, ccn, date, fiscalYear);
  const sheet = await sheetOf(deps, c.v, c.chosen, code);
  const choice = choiceOf(c.v, c.year, c.choice);
  return {
    c,
    sheet,
    base: {
      ccn,
      provider: providerOut(c.provider),
      fiscal_year: c.year,
      report: choice.candidates[0]!,
      report_choice: choice,
      worksheet_filed: sheet.filed,
    },
  };
}

/** Worksheet G of the chosen report. */
export async function balanceSheet(deps: Deps, ccn: string, date: string, fiscalYear?: number): Promise<BalanceSheet> {
  const { c, sheet, base } = await worksheetBase(deps, ccn, date, fiscalYear, G.code);
  return {
    ...base,
    worksheet: { code: G.code, name: 'Worksheet G, balance sheet' },
    summary: Object.fromEntries(G_SUMMARY.map(([k, line]) => [k, cellValue(sheet, G, line, '1')])),
    lines: filedCells(sheet, G),
    ...provenance(c, sheet.used, sheet.gaps),
  };
}

/** Worksheet S-10 of the chosen report. */
export async function charityCare(deps: Deps, ccn: string, date: string, fiscalYear?: number): Promise<CharityCare> {
  const { c, sheet, base } = await worksheetBase(deps, ccn, date, fiscalYear, S10.code);
  return {
    ...base,
    worksheet: { code: S10.code, name: 'Worksheet S-10, hospital uncompensated and indigent care data' },
    medicaid_dsh_received: sheet.text.get(`${hcrisCode('3')}:${hcrisCode('1')}`) ?? null,
    summary: Object.fromEntries(S10_SUMMARY.map(([k, line, col]) => [k, cellValue(sheet, S10, line, col)])),
    lines: filedCells(sheet, S10),
    ...provenance(c, sheet.used, sheet.gaps),
  };
}

/** Worksheet A of the chosen report: one item per filed line (numbers or a name), in line order. */
export async function costCenters(
  deps: Deps,
  ccn: string,
  date: string,
  q: { fiscal_year?: number; limit: number; offset: number },
): Promise<CostCenters> {
  const { c, sheet, base } = await worksheetBase(deps, ccn, date, q.fiscal_year, A.code);
  const lineCodes = new Set<string>();
  for (const k of sheet.numeric.keys()) lineCodes.add(k.split(':')[0]!);
  for (const k of sheet.text.keys()) lineCodes.add(k.split(':')[0]!);
  const all: CostCenter[] = [...lineCodes].sort().map((lc) => {
    const line = hcrisNumber(lc);
    const filedName = sheet.text.get(`${lc}:00000`) ?? null;
    const standard = A_LINES[line] ?? null;
    const cols = [...sheet.numeric.keys()].filter((k) => k.startsWith(`${lc}:`)).sort();
    return {
      line,
      line_code: lc,
      name: filedName ?? standard,
      name_source: filedName ? 'alpha' : standard ? 'standard' : 'none',
      standard_label: standard,
      section: aSection(line),
      salaries: cellValue(sheet, A, line, '1'),
      other: cellValue(sheet, A, line, '2'),
      total: cellValue(sheet, A, line, '3'),
      net_expenses_for_allocation: cellValue(sheet, A, line, '7'),
      values: cols.map((k) => cellValue(sheet, A, line, hcrisNumber(k.split(':')[1]!))),
    };
  });
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    ...base,
    worksheet: { code: A.code, name: 'Worksheet A, reclassification and adjustment of trial balance of expenses' },
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    ...provenance(c, sheet.used, sheet.gaps),
  };
}
