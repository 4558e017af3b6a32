import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { type AcoCrosswalkRow, isAcoNum, MSSP_CROSSWALK, MSSP_RESULTS, type MsspRow } from './mssp-rows';
import { type AcoFinancials, MSSP_METHODOLOGY, type MsspList, type MsspResult, type MsspSummary } from './mssp-schemas';

interface Years {
  view: DatasetView;
  /** One version per performance year (a republished year: the latest file), oldest year first. */
  versions: CatalogVersion[];
  /** CMS's ACO ID Crosswalk in force on the date (no versions: ACO numbers are linked by name). */
  xwalk: DatasetView;
}

/**
 * The performance years released by the date. Each year's file is a supplement (every year stays
 * in force); when CMS republishes a year, the later file of that year replaces the earlier one.
 */
async function msspYears(deps: Deps, date: string): Promise<Years> {
  const [view, xwalk] = await Promise.all([
    viewOf(deps, requireDataset(MSSP_RESULTS), date),
    viewOf(deps, requireDataset(MSSP_CROSSWALK), date),
  ]);
  const byYear = new Map<string, CatalogVersion>();
  for (const v of view.versions) byYear.set(v.publisher_version ?? String(v.version_id), v);
  const versions = [...byYear.values()];
  if (!versions.length)
    throw new SourceNotLoadedError(`No performance year of cms_mssp_puf is loaded and released on ${date}.`, {
      sources: ['cms_mssp_puf'],
      gaps: view.gaps,
    });
  return { view, versions, xwalk };
}

/** The performance years released by the date, oldest first (each version's `PY <year>` reading). */
function releasedYears(y: Years): number[] {
  const years = y.versions
    .map((v) => /\b(\d{4})\b/.exec(v.publisher_version ?? '')?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number);
  return [...new Set(years)].sort((a, b) => a - b);
}

/**
 * A `year` filter naming a performance year not released by the date is a 404 naming the years that
 * are (as the ACO REACH reads answer), never an empty list that reads as "no ACO that year".
 */
function requireReleased(y: Years, year: number | undefined, date: string): void {
  if (year === undefined) return;
  const years = releasedYears(y);
  if (!years.includes(year))
    throw new NotFoundError(
      `MSSP results of PY${year} are not released (or not loaded) by ${date}; years released: ${years.join(', ')}.`,
      { year, performance_years: years },
    );
}

const provenance = (y: Years, date: string) => ({
  sources: [...y.view.sourceVersions(y.versions), ...y.xwalk.sourceVersions(y.xwalk.versions)],
  gaps: [...y.view.gaps, ...y.xwalk.gaps],
  as_of: date,
  methodology_note: MSSP_METHODOLOGY,
});

interface Read {
  row: MsspRow;
  source: RowSource;
}

function located(y: Years, versionId: number, value: Record<string, unknown>): Read | null {
  const v = y.versions.find((x) => x.version_id === versionId);
  if (!v) return null;
  const row = value as unknown as MsspRow;
  return { row, source: rowSourceOf(v, row.locator) };
}

/** Every row of the years in force (one year's partition with `year`): at most a few thousand. */
async function readRows(deps: Deps, y: Years, year?: number): Promise<Read[]> {
  const items = await readWholeListing(deps, requireDataset(MSSP_RESULTS), 'results', {
    versions: y.versions,
    filters: year === undefined ? {} : { performance_year: { eq: year } },
    maxScanned: 5000,
  });
  return items.map((item) => {
    const { locator, ...src } = item.source;
    const row = item.value as unknown as MsspRow;
    return { row, source: { ...src, locator: locator ?? row.locator } };
  });
}

type Link = MsspResult['link'];

/** The IDs each compared name has in any year in force, with the rows that carry them. */
async function idsByName(deps: Deps, y: Years, keys: readonly string[]): Promise<Map<string, Read[]>> {
  const found = await lookupMany(deps, requireDataset(MSSP_RESULTS), 'name', keys, y.versions);
  const out = new Map<string, Read[]>();
  for (const [key, rows] of found) {
    const reads = rows.map((r) => located(y, r.version_id, r.value)).filter((r): r is Read => r !== null);
    out.set(key, reads);
  }
  return out;
}

/** The crosswalk rows of ACO numbers, by number (none when no crosswalk is in force). */
async function crosswalkByNum(deps: Deps, y: Years, nums: readonly string[]): Promise<Map<string, AcoCrosswalkRow>> {
  const found = await lookupMany(deps, requireDataset(MSSP_CROSSWALK), 'aco_num', nums, y.xwalk.versions);
  const out = new Map<string, AcoCrosswalkRow>();
  for (const [num, rows] of found) {
    // The newest crosswalk in force that lists the number answers for it.
    const newest = [...rows].sort((a, b) => b.version_id - a.version_id)[0];
    if (newest) out.set(num, newest.value as unknown as AcoCrosswalkRow);
  }
  return out;
}

/**
 * How a row is linked to an ACO ID: the file's own ID; else its encrypted ACO number through CMS's
 * crosswalk; else the only ID its compared name has in any year in force; else not at all.
 */
function linkOf(row: MsspRow, named: Read[] | undefined, xwalk?: AcoCrosswalkRow): { id: string | null; link: Link } {
  if (row.aco_id)
    return {
      id: row.aco_id,
      link: { method: 'aco_id', confidence: 1, matched_name: null, matched_year: null, candidates: [] },
    };
  if (xwalk)
    return {
      id: xwalk.aco_id,
      link: { method: 'crosswalk', confidence: 1, matched_name: null, matched_year: null, candidates: [] },
    };
  const withId = (named ?? []).filter((r) => r.row.aco_id);
  const ids = [...new Set(withId.map((r) => r.row.aco_id!))].sort();
  if (ids.length !== 1)
    return {
      id: null,
      link: { method: 'none', confidence: 0, matched_name: null, matched_year: null, candidates: ids },
    };
  const latest = withId.sort((a, b) => b.row.performance_year - a.row.performance_year)[0]!;
  const same = latest.row.aco_name.trim().toUpperCase() === row.aco_name.trim().toUpperCase();
  return {
    id: ids[0]!,
    link: {
      method: 'name',
      confidence: same ? 1 : 0.9,
      matched_name: latest.row.aco_name,
      matched_year: latest.row.performance_year,
      candidates: [],
    },
  };
}

function result(r: Read, link: { id: string | null; link: Link }): MsspResult {
  const { row } = r;
  return {
    performance_year: row.performance_year,
    aco_id: link.id,
    aco_num: row.aco_num,
    aco_name: row.aco_name,
    link: link.link,
    states: row.states,
    track: row.track,
    track_published: row.track_published,
    agreement_start_date: row.agreement_start_date,
    assigned_beneficiaries: row.assigned_beneficiaries,
    total_benchmark_expenditures: row.total_benchmark_expenditures,
    total_expenditures: row.total_expenditures,
    benchmark_minus_expenditures: row.benchmark_minus_expenditures,
    losses: row.losses,
    savings_rate_pct: row.savings_rate_pct,
    min_savings_rate_pct: row.min_savings_rate_pct,
    generated_savings_losses: row.generated_savings_losses,
    earned_savings_losses: row.earned_savings_losses,
    owed_losses: row.owed_losses,
    met_quality_standard: row.met_quality_standard,
    quality_score_pct: row.quality_score_pct,
    quality_score_published: row.quality_score_published,
    qual_score_note: row.qual_score_note,
    final_sharing_rate_pct: row.final_sharing_rate_pct,
    layout: row.layout,
    source_row: row.source_row,
    source: r.source,
  };
}

async function linked(deps: Deps, y: Years, reads: Read[]): Promise<MsspResult[]> {
  const nums = [...new Set(reads.filter((r) => !r.row.aco_id && r.row.aco_num).map((r) => r.row.aco_num!))];
  const xwalk = await crosswalkByNum(deps, y, nums);
  const unresolved = reads.filter((r) => !r.row.aco_id && !(r.row.aco_num && xwalk.has(r.row.aco_num)));
  const named = await idsByName(deps, y, [...new Set(unresolved.map((r) => r.row.name_key))]);
  return reads.map((r) =>
    result(r, linkOf(r.row, named.get(r.row.name_key), r.row.aco_num ? xwalk.get(r.row.aco_num) : undefined)),
  );
}

export type MsspSort = 'aco' | 'losses' | 'earned_savings_losses' | 'savings_rate_pct' | 'quality_score_pct';

export interface MsspListQuery {
  year?: number;
  track?: string;
  state?: string;
  sort: MsspSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keyOf = (r: MsspResult) =>
  `${r.aco_id ?? `~${r.aco_name.toUpperCase()}`}#${r.source.version_id}#${r.source.locator.record}`;

/** Nulls last either way; ties end on performance year (newest first) then ACO, version and record (unique). */
function compareBy(sort: MsspSort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: MsspResult, b: MsspResult): number => {
    if (sort !== 'aco') {
      const x = a[sort];
      const y = b[sort];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
    } else {
      const c = keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
      if (a.performance_year === b.performance_year && c) return c * sign;
    }
    if (a.performance_year !== b.performance_year) return b.performance_year - a.performance_year;
    return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
  };
}

/** ACO results of the performance years released by the date, filtered, sorted and paged in memory. */
export async function listMssp(deps: Deps, q: MsspListQuery, date: string): Promise<MsspList> {
  const y = await msspYears(deps, date);
  requireReleased(y, q.year, date);
  const reads = (await readRows(deps, y, q.year)).filter(
    (r) => (!q.track || r.row.track === q.track) && (!q.state || r.row.states.includes(q.state)),
  );
  const order = q.order ?? (q.sort === 'aco' ? 'asc' : 'desc');
  const all = (await linked(deps, y, reads)).sort(compareBy(q.sort, order));
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort === 'aco' ? 'aco' : q.sort,
    order,
    ...provenance(y, date),
  };
}

/** The per-year-and-track rollup computed when each year loaded, and year totals summed from it. */
export async function msspSummary(
  deps: Deps,
  q: { year?: number; track?: string },
  date: string,
): Promise<MsspSummary> {
  const y = await msspYears(deps, date);
  requireReleased(y, q.year, date);
  const items = await readWholeListing(deps, requireDataset(MSSP_RESULTS), 'by_year_track', {
    versions: y.versions,
    filters: {
      ...(q.year === undefined ? {} : { performance_year: { eq: q.year } }),
      ...(q.track ? { track: { eq: q.track } } : {}),
    },
  });
  const groups = items.map((item) => item.value as unknown as MsspSummary['groups'][number]);
  groups.sort((a, b) => a.performance_year - b.performance_year || String(a.track).localeCompare(String(b.track)));
  const years = new Map<number, MsspSummary['years'][number]>();
  for (const g of groups) {
    const t = years.get(g.performance_year) ?? {
      performance_year: g.performance_year,
      acos: 0,
      acos_earning_savings: 0,
      earned_shared_savings: 0,
      owed_losses: 0,
      benchmark_minus_expenditures: 0,
    };
    t.acos += g.acos;
    t.acos_earning_savings += g.acos_earning_savings ?? 0;
    t.earned_shared_savings += g.earned_shared_savings ?? 0;
    t.owed_losses += g.owed_losses ?? 0;
    t.benchmark_minus_expenditures += g.benchmark_minus_expenditures ?? 0;
    years.set(g.performance_year, t);
  }
  return { groups, years: [...years.values()], ...provenance(y, date) };
}

/**
 * One ACO across the performance years released by the date: the rows carrying its ID, the rows
 * of the pre-2019 files carrying one of its encrypted ACO numbers (CMS's crosswalk says which),
 * and the rows of years without either whose compared name belongs to this ID alone (linked by
 * name, with the confidence). Rows whose name also belongs to another ID are listed apart, not
 * claimed. An ACO number in the path is first resolved to its ACO ID through the crosswalk; one
 * the crosswalk does not know answers its own rows only.
 */
export async function acoFinancials(deps: Deps, requested: string, date: string): Promise<AcoFinancials> {
  const y = await msspYears(deps, date);
  const results = requireDataset(MSSP_RESULTS);
  let acoId: string | null = requested;
  let nums: string[] = [];
  if (isAcoNum(requested)) {
    acoId = (await crosswalkByNum(deps, y, [requested])).get(requested)?.aco_id ?? null;
    nums = [requested];
  }
  if (acoId) {
    const xw = await lookupMany(deps, requireDataset(MSSP_CROSSWALK), 'aco_id', [acoId], y.xwalk.versions);
    for (const r of xw.get(acoId) ?? []) nums.push((r.value as unknown as AcoCrosswalkRow).aco_num);
  }
  const xwalk = await crosswalkByNum(deps, y, [...new Set(nums)]);
  // A number an older crosswalk gave this ID but the newest gives another is not this ACO's.
  nums = [...new Set(nums)].filter((n) => n === requested || xwalk.get(n)?.aco_id === acoId).sort();
  const [byId, byNum] = await Promise.all([
    acoId ? lookupMany(deps, results, 'aco_id', [acoId], y.versions) : Promise.resolve(new Map()),
    lookupMany(deps, results, 'aco_num', nums, y.versions),
  ]);
  const stored = [...(acoId ? (byId.get(acoId) ?? []) : []), ...nums.flatMap((n) => byNum.get(n) ?? [])];
  const own = stored.map((r) => located(y, r.version_id, r.value)).filter((r): r is Read => r !== null);
  if (!own.length)
    throw new NotFoundError(`ACO ${requested} is in no MSSP performance year released by ${date}.`, {
      aco_id: requested,
    });
  const xwOf = (row: MsspRow) => (row.aco_id || !row.aco_num ? undefined : xwalk.get(row.aco_num));
  const years: MsspResult[] = own.map((r) => result(r, linkOf(r.row, undefined, xwOf(r.row))));
  const ownKeys = new Set(own.map((r) => `${r.source.version_id}#${r.row.locator.record}`));
  const named = await idsByName(deps, y, [...new Set(own.map((r) => r.row.name_key))]);
  const namedNums = [...named.values()].flat().flatMap((r) => (r.row.aco_id || !r.row.aco_num ? [] : [r.row.aco_num]));
  const namedXwalk = await crosswalkByNum(deps, y, namedNums);
  const unlinked: MsspResult[] = [];
  for (const reads of named.values()) {
    for (const r of reads) {
      if (r.row.aco_id || ownKeys.has(`${r.source.version_id}#${r.row.locator.record}`)) continue;
      // A number the crosswalk knows belongs to the ID it names, not to whoever shares the name.
      if (r.row.aco_num && namedXwalk.has(r.row.aco_num)) continue;
      const l = linkOf(r.row, reads);
      if (acoId && l.id === acoId) years.push(result(r, l));
      else unlinked.push(result(r, l));
    }
  }
  years.sort((a, b) => a.performance_year - b.performance_year);
  const latest = own.sort((a, b) => b.row.performance_year - a.row.performance_year)[0]!;
  return {
    aco_id: acoId ?? requested,
    aco_name: latest.row.aco_name,
    aco_nums: nums,
    years,
    unlinked_name_matches: unlinked,
    ...provenance(y, date),
  };
}
