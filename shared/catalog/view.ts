import type { Deps } from '../deps';
import type { CatalogDataset } from './dataset';
import { type CatalogGap, type DatasetInForce, gapsOf, inForce, versionsUsed } from './in-force';
import { type CatalogSourceVersion, sourceVersionOf } from './provenance';
import { type CatalogVersion, readTimeline, type SourceTimeline } from './timeline';

/**
 * A dataset as of a date: its timelines (one query), the versions in force per source and the
 * gaps, with the provenance every answer carries. Built once per request and shared by the
 * lookups of that request.
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
  return viewFrom(dataset, date, await readTimeline(deps.tables.catalog, dataset.id), sourceIds);
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
