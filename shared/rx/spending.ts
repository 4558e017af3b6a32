import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { type ListingRow, queryListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError, ValidationError } from '../http/errors';
import { genericKeys } from './spending-dataset';
import {
  PROGRAM_NOTES,
  PROGRAM_SOURCE,
  PROGRAMS,
  type Program,
  SPENDING_DATASET,
  SPENDING_METHODOLOGY_COMMON,
  type SpendingRow,
  TOP_METRICS,
  type TopMetric,
} from './spending-rows';
import type { GenericSpending, SpendingItem, SpendingList, SpendingRelease, SpendingTop } from './spending-schemas';

const bad = (param: string, msg: string) => ValidationError.single('query', param, msg);

/**
 * The spending releases in force on the date for the programs asked for: the view over their
 * sources, or a 503 naming them when none of them has a release loaded and in force (one missing
 * among several is a gap in the body, and `releases` says which).
 */
export async function spendingView(deps: Deps, programs: readonly Program[], date: string): Promise<DatasetView> {
  const sources = programs.map((p) => PROGRAM_SOURCE[p]);
  const view = await viewOf(deps, requireDataset(SPENDING_DATASET), date, sources);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(
      `No spending-by-drug release of ${programs.join(', ')} (${sources.join(', ')}) is loaded and in force on ${date}.`,
      { sources, gaps: view.gaps },
    );
  }
  return view;
}

function releasesOf(view: DatasetView, programs: readonly Program[]): SpendingRelease[] {
  return programs.map((program) => {
    const v = view.versions.find((x) => x.source_id === PROGRAM_SOURCE[program]);
    return {
      program,
      source_id: PROGRAM_SOURCE[program],
      publisher_version: v?.publisher_version ?? null,
      version_id: v?.version_id ?? null,
      in_force: !!v,
    };
  });
}

/** The common note and the note of each program asked for (what its file covers and omits). */
export function spendingMethodology(programs: readonly Program[]): string {
  return [SPENDING_METHODOLOGY_COMMON, ...programs.map((p) => PROGRAM_NOTES[p])].join(' ');
}

function answerOf(view: DatasetView, programs: readonly Program[]) {
  return {
    releases: releasesOf(view, programs),
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: view.date,
    methodology_note: spendingMethodology(programs),
  };
}

/** The answered item of a stored row: storage-only keys dropped, the release and locator it came from. */
function itemOf(value: Record<string, unknown>, source: RowSource | ListingRow['source']): SpendingItem {
  const { manufacturer_key: _k, top_year: _t, locator, ...row } = value as unknown as SpendingRow;
  return { ...row, source: { ...source, locator: source.locator ?? locator } } as SpendingItem;
}

export interface SpendingQuery {
  program?: Program[];
  year?: number;
  q?: string;
  manufacturer?: string;
  hcpcs?: string;
  level?: 'overall' | 'manufacturer' | 'all';
  limit: number;
  cursor?: string;
}

export const SPENDING_ORDER =
  "total_spending descending (nulls last); ties by release (version_id), then the row's record number in it, both descending (unique)";

/**
 * GET /rx/spending: rows of the releases in force, by total spending (largest first), filtered by
 * program (the sources read), year (a partition), name words (`q`, brand, generic or HCPCS
 * description), manufacturer (exact, case-insensitive), HCPCS (Part B) and level. `level`
 * defaults to `overall` (the drug across manufacturers; summing both levels double counts), or
 * `manufacturer` when a manufacturer is named.
 */
export async function spendingList(deps: Deps, q: SpendingQuery, date: string): Promise<SpendingList> {
  let programs: Program[] = q.program?.length ? [...new Set(q.program)] : [...PROGRAMS];
  if (q.hcpcs !== undefined) {
    if (q.program?.length && !programs.includes('part_b'))
      throw bad('hcpcs', 'HCPCS codes key Part B only: add part_b to program or drop hcpcs');
    programs = ['part_b'];
  }
  const level = q.level ?? (q.manufacturer !== undefined ? 'manufacturer' : 'overall');
  if (q.manufacturer !== undefined && level === 'overall')
    throw bad('manufacturer', 'overall rows have no manufacturer: use level=manufacturer or level=all');
  if (q.q !== undefined && !/[a-z0-9]{2,}/i.test(q.q)) throw bad('q', 'needs at least one word of two letters or more');
  const view = await spendingView(deps, programs, date);
  const filters: Record<string, FilterInput | undefined> = {
    year: q.year,
    level: level === 'all' ? undefined : level,
    manufacturer_key: q.manufacturer?.trim().toLowerCase(),
    hcpcs: q.hcpcs,
    drug_key: q.q === undefined ? undefined : { token: q.q },
  };
  const page = await queryListing(deps, view.dataset, 'by_spending', {
    versions: view,
    filters,
    limit: q.limit,
    cursor: q.cursor,
  });
  return {
    items: page.items.map((it) => itemOf(it.value, it.source)),
    limit: page.limit,
    next_cursor: page.next_cursor,
    scanned: page.scanned,
    order: SPENDING_ORDER,
    ...answerOf(view, programs),
  };
}

export interface TopQuery {
  program: Program;
  year: number;
  metric: TopMetric;
  limit: number;
  exclude_outliers?: boolean;
}

/**
 * GET /rx/spending/top: the drugs (overall rows) of one program and year ranked by a metric,
 * largest first, from the ranking stored when the release loaded (nothing sorted per request).
 * Drugs without a value for the metric are not ranked. Ties go by the row's record number in
 * the release, descending (the kit's listings order the whole key one way): unique.
 */
export async function spendingTop(deps: Deps, q: TopQuery, date: string): Promise<SpendingTop> {
  if (q.program === 'medicaid' && q.metric === 'total_beneficiaries')
    throw bad('metric', 'Medicaid Spending by Drug publishes no beneficiary counts');
  const view = await spendingView(deps, [q.program], date);
  const page = await queryListing(deps, view.dataset, TOP_METRICS[q.metric], {
    versions: view,
    filters: { top_year: q.year, outlier: q.exclude_outliers ? false : undefined },
    limit: q.limit,
  });
  const items = page.items
    .map((it) => itemOf(it.value, it.source))
    .filter((it) => typeof it[q.metric] === 'number')
    .map((it, i) => ({ ...it, rank: i + 1, value: it[q.metric] as number }));
  return {
    program: q.program,
    year: q.year,
    metric: q.metric,
    items,
    order: `${q.metric} descending; ties by the row's record number in the release, descending (unique: the later row first); drugs without a value are not ranked`,
    ...answerOf(view, [q.program]),
  };
}

/**
 * Spending of one generic name across the programs, as of the date: the overall rows of every
 * brand whose CMS generic name is the name (or a component of a combination), case-insensitive,
 * and per program and year the total over those brands. For joins (e.g. /rx/ingredients): never
 * a 503; programs with no release in force are gaps, `releases[].in_force` false. CMS generic
 * names keep salts (`Atorvastatin Calcium`): try the forms you know.
 */
export async function spendingFor(
  deps: Deps,
  q: { genericName: string; programs?: readonly Program[] },
  date: string,
): Promise<GenericSpending> {
  const programs = q.programs?.length ? [...q.programs] : [...PROGRAMS];
  const view = await viewOf(
    deps,
    requireDataset(SPENDING_DATASET),
    date,
    programs.map((p) => PROGRAM_SOURCE[p]),
  );
  const [key] = genericKeys(q.genericName);
  const found = key ? await lookupMany(deps, view.dataset, 'generic', [key], view.versions) : new Map();
  const rows: SpendingItem[] = [];
  for (const stored of found.get(key ?? '') ?? []) {
    const version = view.version(stored.version_id);
    if (!version) continue;
    const value = stored.value as unknown as SpendingRow;
    rows.push(itemOf(stored.value, rowSourceOf(version, value.locator)));
  }
  rows.sort(
    (a, b) =>
      PROGRAMS.indexOf(a.program) - PROGRAMS.indexOf(b.program) ||
      a.year - b.year ||
      (b.total_spending ?? -1) - (a.total_spending ?? -1) ||
      a.source.locator.record - b.source.locator.record,
  );
  const totals = new Map<string, GenericSpending['totals'][number]>();
  for (const r of rows) {
    const k = `${r.program}|${r.year}`;
    const t = totals.get(k) ?? { program: r.program, year: r.year, total_spending: 0, brands: 0 };
    t.total_spending = Math.round((t.total_spending + (r.total_spending ?? 0)) * 100) / 100;
    t.brands++;
    totals.set(k, t);
  }
  return {
    generic_name: q.genericName,
    rows,
    totals: [...totals.values()],
    ...answerOf(view, programs),
  };
}
