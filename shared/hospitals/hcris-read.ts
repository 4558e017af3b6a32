import { requireDataset } from '../catalog/datasets';
import type { CatalogGap } from '../catalog/in-force';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import {
  cellsKey,
  HCRIS_CELLS,
  HCRIS_PROVIDERS,
  HCRIS_REPORTS,
  type HcrisCell,
  type HcrisCellsRow,
  type HcrisProviderRow,
  type HcrisReportRow,
} from './hcris-rows';
import type { Candidate } from './report-choice';

const SOURCE = 'cms_hcris_hosp10';

/** The three HCRIS views on a date (one batch read of their heads). */
export interface HcrisViews {
  reports: DatasetView;
  cells: DatasetView;
  providers: DatasetView;
  date: string;
}

export async function hcrisViews(deps: Deps, date: string): Promise<HcrisViews> {
  const [reports, cells, providers] = await viewsOf(deps, [
    { dataset: requireDataset(HCRIS_REPORTS), date },
    { dataset: requireDataset(HCRIS_CELLS), date },
    { dataset: requireDataset(HCRIS_PROVIDERS), date },
  ]);
  if (!reports!.versions.length)
    throw new SourceNotLoadedError(`No HCRIS RPT file of cms_hcris_hosp10 is loaded and released on ${date}.`, {
      sources: [SOURCE],
      gaps: reports!.gaps,
    });
  return { reports: reports!, cells: cells!, providers: providers!, date };
}

/** The HCRIS fiscal year a version holds (its `FY <year>` label), else null. */
export const yearOf = (v: CatalogVersion): number | null => {
  const m = /FY\s*(\d{4})/.exec(v.publisher_version ?? '');
  return m ? Number(m[1]) : null;
};
const startOf = (v: CatalogVersion) => v.publisher_effective_from ?? v.observed_from.slice(0, 10);

/** A view's versions of one fiscal year (and document), oldest refresh first. */
export function refreshes(view: DatasetView, year: number, docId?: string): CatalogVersion[] {
  return view.versions
    .filter((v) => yearOf(v) === year && (!docId || v.doc_id === docId))
    .sort((a, b) => startOf(a).localeCompare(startOf(b)) || a.version_id - b.version_id);
}

/**
 * Every report of the CCN in the refreshes in force, by fiscal year: a report several refreshes list
 * is taken from the latest (its status may have moved); `in_latest_refresh` says whether the year's
 * latest refresh still lists it.
 */
export async function candidatesOf(deps: Deps, v: HcrisViews, ccn: string): Promise<Map<number, Candidate[]>> {
  const found = (await lookupMany(deps, v.reports.dataset, 'ccn', [ccn], v.reports.versions)).get(ccn) ?? [];
  const order = new Map<number, { year: number; pos: number; latest: boolean }>();
  const years = new Set(v.reports.versions.map(yearOf).filter((y): y is number => y !== null));
  for (const year of years) {
    const rs = refreshes(v.reports, year);
    for (const [i, r] of rs.entries()) order.set(r.version_id, { year, pos: i, latest: i === rs.length - 1 });
  }
  const byRpt = new Map<string, { c: Candidate; pos: number }>();
  for (const stored of found) {
    const o = order.get(stored.version_id);
    if (!o) continue;
    const row = stored.value as unknown as HcrisReportRow;
    const prev = byRpt.get(`${o.year}:${row.rpt_rec_num}`);
    if (prev && prev.pos > o.pos) continue;
    byRpt.set(`${o.year}:${row.rpt_rec_num}`, {
      c: { row, fiscal_year: o.year, version_id: stored.version_id, in_latest_refresh: o.latest },
      pos: o.pos,
    });
  }
  const out = new Map<number, Candidate[]>();
  for (const { c } of byRpt.values()) out.set(c.fiscal_year, [...(out.get(c.fiscal_year) ?? []), c]);
  return out;
}

export function reportSource(v: HcrisViews, c: Candidate): RowSource {
  return rowSourceOf(v.reports.version(c.version_id)!, c.row.locator);
}

export interface Sheet {
  /** Cells by `<line code>:<column code>`. */
  numeric: Map<string, number>;
  text: Map<string, string>;
  /** The versions the cells were read from, and a gap per table with no version of the year in force. */
  used: CatalogVersion[];
  gaps: CatalogGap[];
  filed: boolean;
}

/**
 * A report's cells of one worksheet from the NMRC and ALPHA refreshes of its fiscal year in force:
 * the latest refresh holding cells for the report wins (runs of one key merged in file order).
 */
export async function sheetOf(deps: Deps, v: HcrisViews, c: Candidate, worksheet: string): Promise<Sheet> {
  const key = cellsKey(c.row.rpt_rec_num, worksheet);
  const nmrc = refreshes(v.cells, c.fiscal_year, 'hcris:2');
  const alpha = refreshes(v.cells, c.fiscal_year, 'hcris:3');
  const rows = (await lookupMany(deps, v.cells.dataset, 'sheet', [key], [...nmrc, ...alpha])).get(key) ?? [];
  const pick = (versions: CatalogVersion[]): { cells: HcrisCell[]; version: CatalogVersion | null } => {
    for (const ver of [...versions].reverse()) {
      const mine = rows.filter((r) => r.version_id === ver.version_id);
      if (mine.length) return { cells: mine.flatMap((r) => (r.value as unknown as HcrisCellsRow).cells), version: ver };
    }
    return { cells: [], version: null };
  };
  const n = pick(nmrc);
  const a = pick(alpha);
  const gaps: CatalogGap[] = [];
  const missing = (docId: string, table: string) =>
    gaps.push({
      source_id: SOURCE,
      doc_id: docId,
      reason: 'not_loaded',
      detail: `No ${table} table of HCRIS FY ${c.fiscal_year} is loaded and released on ${v.date}; its values are null.`,
    });
  if (!nmrc.length) missing('hcris:2', 'NMRC');
  if (!alpha.length) missing('hcris:3', 'ALPHA');
  return {
    numeric: new Map(n.cells.map(([l, col, x]) => [`${l}:${col}`, Number(x)])),
    text: new Map(a.cells.map(([l, col, x]) => [`${l}:${col}`, String(x)])),
    used: [n.version, a.version].filter((x): x is CatalogVersion => x !== null),
    gaps,
    filed: n.cells.length > 0,
  };
}

export interface Provider {
  row: HcrisProviderRow;
  source: RowSource;
}

/** The provider's name and address from the provider ID info file in force, or null. */
export async function providerOf(deps: Deps, v: HcrisViews, ccn: string): Promise<Provider | null> {
  if (!v.providers.versions.length) return null;
  const found = (await lookupMany(deps, v.providers.dataset, 'ccn', [ccn], v.providers.versions)).get(ccn) ?? [];
  const stored = found[found.length - 1];
  const version = stored ? v.providers.version(stored.version_id) : undefined;
  if (!stored || !version) return null;
  const row = stored.value as unknown as HcrisProviderRow;
  return { row, source: rowSourceOf(version, row.locator) };
}
