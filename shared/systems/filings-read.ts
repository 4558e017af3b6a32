import { requireDataset } from '../catalog/datasets';
import type { CatalogGap } from '../catalog/in-force';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { IRS990_RETURNS, IRS990_SOURCE, type Irs990ReturnRow, SYSTEM_FILERS, type SystemFilerRow } from './filing-rows';
import { COMPENDIUM_SYSTEMS, type HealthSystemRow } from './system-rows';
import { LINK_RULE, type SystemLink } from './system-schemas';

/** The three views a systems answer reads (one batch read of their heads). */
export interface SystemViews {
  systems: DatasetView;
  links: DatasetView;
  returns: DatasetView;
  date: string;
}

/**
 * With `returns: false` (the profile, which reads no return) the returns view is built over no
 * source, without a read: the returns' timeline grows with every return archived.
 */
export async function systemViews(
  deps: Deps,
  date: string,
  opts: { returns?: boolean; extra?: string } = {},
): Promise<SystemViews & { extra?: DatasetView }> {
  const returnsDataset = requireDataset(IRS990_RETURNS);
  const [systems, links, returns, extra] = await viewsOf(deps, [
    { dataset: requireDataset(COMPENDIUM_SYSTEMS), date },
    { dataset: requireDataset(SYSTEM_FILERS), date },
    opts.returns === false ? { dataset: returnsDataset, date, sourceIds: [] } : { dataset: returnsDataset, date },
    ...(opts.extra ? [{ dataset: requireDataset(opts.extra), date }] : []),
  ]);
  return { systems: systems!, links: links!, returns: returns!, date, extra };
}

export interface Found<R> {
  row: R;
  version: CatalogVersion;
  source: RowSource;
}

async function one<R>(deps: Deps, view: DatasetView, index: string, key: string): Promise<Found<R> | null> {
  if (!view.versions.length) return null;
  const rows = (await lookupMany(deps, view.dataset, index, [key], view.versions)).get(key) ?? [];
  const stored = rows[rows.length - 1];
  const version = stored ? view.version(stored.version_id) : undefined;
  if (!stored || !version) return null;
  const row = stored.value as unknown as R & { locator: { line: number; record: number } };
  return { row, version, source: rowSourceOf(version, row.locator) };
}

export const systemRowOf = (deps: Deps, v: SystemViews, id: string) =>
  one<HealthSystemRow>(deps, v.systems, 'system', id);
export const filerLinkOf = (deps: Deps, v: SystemViews, id: string) => one<SystemFilerRow>(deps, v.links, 'system', id);

/** The link block: the curated row when the table in force lists the system. */
export function linkOf(v: SystemViews, found: Found<SystemFilerRow> | null): SystemLink {
  if (!found)
    return {
      status: v.links.versions.length ? 'no_curated_link' : 'table_not_loaded',
      method: LINK_RULE,
      ownership: null,
      financials_source: null,
      filers: [],
      sec: null,
      citations: [],
      note: null,
      source: null,
    };
  const r = found.row;
  return {
    status: 'linked',
    method: LINK_RULE,
    ownership: r.ownership,
    financials_source: r.ownership === 'for_profit' ? 'sec_edgar' : 'irs_990_efile',
    filers: r.filers,
    sec: r.sec,
    citations: r.citations,
    note: r.note,
    source: found.source,
  };
}

/** The system (Compendium) and its link (curated); a 404 when neither in force knows the id. */
export async function systemOf(deps: Deps, v: SystemViews, id: string) {
  const [system, link] = await Promise.all([systemRowOf(deps, v, id), filerLinkOf(deps, v, id)]);
  if (!system && !link) {
    if (!v.systems.versions.length && !v.links.versions.length)
      throw new SourceNotLoadedError(
        `Neither the AHRQ Compendium (ahrq_compendium) nor the curated filer table (${IRS990_SOURCE}) is loaded and in force on ${v.date}.`,
        { sources: ['ahrq_compendium', IRS990_SOURCE], gaps: [...v.systems.gaps, ...v.links.gaps] },
      );
    throw new NotFoundError(
      `No health system ${id} in the AHRQ Compendium or the curated filer table in force on ${v.date}.`,
      { id },
    );
  }
  return { system, link };
}

export interface ChosenReturn {
  row: Irs990ReturnRow;
  role: string;
  fiscal_year: number;
  source: RowSource;
  superseded: { row: Irs990ReturnRow; source: RowSource }[];
  version: CatalogVersion;
}

export const fiscalYearOf = (taxPeriodEnd: string) => Number(taxPeriodEnd.slice(0, 4));
const startOf = (v: CatalogVersion) => v.publisher_effective_from ?? v.observed_from.slice(0, 10);
const tsOf = (r: Irs990ReturnRow) => (r.return_ts ? Date.parse(r.return_ts) : Number.NaN);

/**
 * The filers' returns in force, one per EIN and tax period end (AMENDMENT_RULE): newest fiscal year
 * first, then EIN. 503 naming irs_990_efile when no return is in force at all.
 */
export async function chosenReturns(
  deps: Deps,
  v: SystemViews,
  filers: SystemFilerRow['filers'],
): Promise<{ chosen: ChosenReturn[]; used: CatalogVersion[]; gaps: CatalogGap[] }> {
  if (!filers.length) return { chosen: [], used: [], gaps: [] };
  if (!v.returns.versions.length)
    throw new SourceNotLoadedError(`No Form 990 return of ${IRS990_SOURCE} is loaded and in force on ${v.date}.`, {
      sources: [IRS990_SOURCE],
      gaps: v.returns.gaps,
    });
  const eins = filers.map((f) => f.ein);
  const found = await lookupMany(deps, v.returns.dataset, 'ein', eins, v.returns.versions);
  const groups = new Map<string, { row: Irs990ReturnRow; version: CatalogVersion }[]>();
  for (const ein of eins)
    for (const stored of found.get(ein) ?? []) {
      const version = v.returns.version(stored.version_id);
      if (!version) continue;
      const row = stored.value as unknown as Irs990ReturnRow;
      const key = `${row.ein}:${row.tax_period_end}`;
      groups.set(key, [...(groups.get(key) ?? []), { row, version }]);
    }
  const chosen: ChosenReturn[] = [];
  for (const list of groups.values()) {
    list.sort(
      (a, b) =>
        (tsOf(b.row) || 0) - (tsOf(a.row) || 0) ||
        startOf(b.version).localeCompare(startOf(a.version)) ||
        (b.row.object_id ?? '').localeCompare(a.row.object_id ?? ''),
    );
    const [win, ...rest] = list;
    chosen.push({
      row: win!.row,
      role: filers.find((f) => f.ein === win!.row.ein)?.role ?? 'filer',
      fiscal_year: fiscalYearOf(win!.row.tax_period_end),
      source: rowSourceOf(win!.version, win!.row.locator),
      superseded: rest.map((x) => ({ row: x.row, source: rowSourceOf(x.version, x.row.locator) })),
      version: win!.version,
    });
  }
  chosen.sort((a, b) => b.fiscal_year - a.fiscal_year || a.row.ein.localeCompare(b.row.ein));
  const used = new Map<number, CatalogVersion>();
  for (const list of groups.values()) for (const x of list) used.set(x.version.version_id, x.version);
  return { chosen, used: [...used.values()].sort((a, b) => a.version_id - b.version_id), gaps: v.returns.gaps };
}
