import type { Deps } from '../deps';
import type { Table } from '../storage/table';
import { type CatalogDataset, docsOf, sourcesOf } from './dataset';
import { type CatalogGap, type DatasetInForce, gapsOf, inForce, sourcesNeedingHistory, versionsUsed } from './in-force';
import { type CatalogSourceVersion, sourceVersionOf } from './provenance';
import { type CatalogVersion, readDatasetTimelines, readSourceTimeline, type SourceTimeline } from './timeline';

/**
 * A dataset as of a date: its timelines (the heads of its documents, one batch read, completed
 * from the version items only for a source whose heads cannot decide the date), the versions in
 * force per source and the gaps, with the provenance every answer carries. Built once per request
 * and shared by the lookups of that request. `timelines` may list only the newest versions of a
 * source; its `counts` count them all.
 */
export interface DatasetView {
  dataset: CatalogDataset;
  date: string;
  timelines: Map<string, SourceTimeline>;
  inForce: DatasetInForce;
  /** Loaded versions in force, across sources. */
  versions: CatalogVersion[];
  version(id: number): CatalogVersion | undefined;
  sourceVersions(versions?: readonly CatalogVersion[]): CatalogSourceVersion[];
  gaps: CatalogGap[];
}

export async function viewOf(
  deps: Deps,
  dataset: CatalogDataset,
  date: string,
  sourceIds?: readonly string[],
): Promise<DatasetView> {
  const [view] = await viewsOf(deps, [{ dataset, date, sourceIds }]);
  return view!;
}

/**
 * Views of several datasets, each on its date (and over the given sources, default all), off one
 * batch read of the heads of their sources' documents (bounded items), in the order asked. Only a
 * date older than what a source's heads decide costs one more query, of that source's version
 * items (all such sources in parallel).
 */
export async function viewsOf(
  deps: Deps,
  wanted: readonly { dataset: CatalogDataset; date: string; sourceIds?: readonly string[] }[],
): Promise<DatasetView[]> {
  const table = deps.tables.catalog;
  const sourcesFor = (w: (typeof wanted)[number]) => w.sourceIds ?? sourcesOf(w.dataset);
  const timelines = await readDatasetTimelines(
    table,
    wanted.map((w) => ({ id: w.dataset.id, docs: sourcesFor(w).flatMap((s) => docsOf(w.dataset, s)) })),
  );
  const views = await Promise.all(
    wanted.map(async (w) => {
      const heads = timelines.get(w.dataset.id) ?? new Map<string, SourceTimeline>();
      const full = await withHistory(table, w.dataset, heads, w.date, sourcesFor(w));
      return viewFrom(w.dataset, w.date, full, w.sourceIds);
    }),
  );
  return views;
}

/** The timelines with every source whose heads cannot decide `date` read whole (a new map). */
async function withHistory(
  table: Table,
  dataset: CatalogDataset,
  heads: ReadonlyMap<string, SourceTimeline>,
  date: string,
  sourceIds: readonly string[],
): Promise<Map<string, SourceTimeline>> {
  const out = new Map(heads);
  await Promise.all(
    sourcesNeedingHistory(dataset, heads, date, sourceIds).map(async (sourceId) => {
      const full = await readSourceTimeline(table, dataset.id, sourceId, { consistent: false });
      if (full) out.set(sourceId, full);
    }),
  );
  return out;
}

/** A view over no source, built without a read: a caller that does not search the dataset at all. */
export function emptyView(dataset: CatalogDataset, date: string): DatasetView {
  return viewFrom(dataset, date, new Map(), []);
}

function viewFrom(
  dataset: CatalogDataset,
  date: string,
  timelines: Map<string, SourceTimeline>,
  sourceIds?: readonly string[],
): DatasetView {
  const f = inForce(dataset, timelines, date, sourceIds);
  const versions = versionsUsed(f);
  const byId = new Map<number, CatalogVersion>();
  for (const tl of timelines.values()) for (const v of tl.versions) byId.set(v.version_id, v);
  for (const v of versions) byId.set(v.version_id, v); // in force: carries its loader generation
  return {
    dataset,
    date,
    timelines,
    inForce: f,
    versions,
    version: (id) => byId.get(id),
    sourceVersions: (vs = versions) => vs.map((v) => sourceVersionOf(v, timelines.get(v.source_id))),
    gaps: gapsOf(f),
  };
}
