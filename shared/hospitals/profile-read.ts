import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { HOSPITAL_FACILITIES } from '../facilities/facility-rows';
import { SourceNotLoadedError } from '../http/errors';
import { CMI_DATASET, PEP_DATASET, POS_DATASET } from './profile-rows';

/**
 * The reads of the hospital-profile sources, shaped so a profile costs a handful of storage reads:
 * the views of all four datasets from one batch read of their timeline heads (catalog/view.ts
 * `viewsOf`), then one batched get per dataset of the CCN's (or CBSA's) item in each version in force.
 */
export interface ProfileViews {
  hgi: DatasetView;
  pos: DatasetView;
  cmi: DatasetView;
  pep: DatasetView;
}

export type ViewName = keyof ProfileViews;
const DATASETS: Record<ViewName, string> = {
  hgi: HOSPITAL_FACILITIES,
  pos: POS_DATASET,
  cmi: CMI_DATASET,
  pep: PEP_DATASET,
};

/** The views of the named datasets on the date, off one batch read (the others are not read). */
export async function profileViews(
  deps: Deps,
  date: string,
  names: readonly ViewName[],
): Promise<Partial<ProfileViews>> {
  const views = await viewsOf(
    deps,
    names.map((n) => ({ dataset: requireDataset(DATASETS[n]), date })),
  );
  return Object.fromEntries(names.map((n, i) => [n, views[i]!]));
}

/** A stored row with its version in force and where it sits. */
export interface Found<R> {
  row: R;
  version: CatalogVersion;
  /** Position of the version in the view's versions (later in force = higher). */
  rank: number;
  source: RowSource;
}

/** Every row of `key` in the versions in force of the view, oldest version first (one batched get). */
export async function rowsOf<R extends { locator: { line: number; record: number } }>(
  deps: Deps,
  view: DatasetView,
  index: string,
  key: string,
): Promise<Found<R>[]> {
  if (!view.versions.length) return [];
  const found = await lookupMany(deps, view.dataset, index, [key], view.versions);
  const rank = new Map(view.versions.map((v, i) => [v.version_id, i]));
  const out: Found<R>[] = [];
  for (const stored of found.get(key) ?? []) {
    const version = view.version(stored.version_id);
    const r = rank.get(stored.version_id);
    if (!version || r === undefined) continue;
    const row = stored.value as unknown as R;
    out.push({ row, version, rank: r, source: rowSourceOf(version, row.locator) });
  }
  return out.sort((a, b) => a.rank - b.rank);
}

/** Of rows sharing a group (a fiscal year, a census year), the one from the version latest in force. */
export function latestPer<R, K>(rows: readonly Found<R>[], group: (r: R) => K): Map<K, Found<R>> {
  const out = new Map<K, Found<R>>();
  for (const f of rows) {
    const k = group(f.row);
    const cur = out.get(k);
    if (!cur || f.rank >= cur.rank) out.set(k, f);
  }
  return out;
}

const SOURCE_NAMES: Record<string, string> = {
  cms_hospital_general_information: 'CMS Hospital General Information',
  cms_pos: 'CMS Provider of Services file',
  cms_ipps_cmi: 'IPPS case mix index',
  census_pep_cbsa: 'Census CBSA population estimates',
};

/** A 503 naming the source when its dataset has no version in force on the date. */
export function requireInForce(view: DatasetView, date: string): void {
  if (view.versions.length) return;
  const id = view.dataset.id;
  throw new SourceNotLoadedError(`No version of ${id} (${SOURCE_NAMES[id] ?? id}) is loaded and in force on ${date}.`, {
    sources: [id],
    gaps: view.gaps,
  });
}

/**
 * The provenance of an answer: every version in force of the datasets searched (a null block is an
 * answer too: the CCN is not in that version) and every gap.
 */
export function provenance(views: readonly DatasetView[], date: string, note: string) {
  return {
    sources: views.flatMap((view) => view.sourceVersions()),
    gaps: views.flatMap((view) => view.gaps),
    as_of: date,
    methodology_note: note,
  };
}
