import type { Freshness } from '../archive/as-of';
import type { Item, Table } from '../storage/table';
import { timelinePk } from './keys';

/**
 * Per dataset and source, every archived version of the dataset's documents and which of them are
 * loaded (with their row counts): one item per (dataset, source), so a request reads a dataset's
 * whole timeline with one query. As-of decisions run over ALL archived versions, loaded or not, so
 * an archived but unloaded version in force is reported as a gap, never silently replaced by an
 * older loaded one.
 */
export interface CatalogVersion {
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  /** When a later fetch saw these bytes again as the document's newest version (shared/archive/versions.ts). */
  last_seen_at?: string | null;
  /** Set on versions in force (shared/catalog/in-force.ts): the loader generation its rows are keyed under. */
  generation?: string;
  /** Set on snapshot versions in force: their age against the source's cadence (null when the publisher stated the end). */
  freshness?: Freshness | null;
}

export interface LoadedVersion {
  version_id: number;
  rows: number;
  loaded_at: string;
  loader_version: string;
  /** The key namespace generation its rows were written under; absent on legacy markers (unsuffixed keys). */
  generation?: string;
}

export interface SourceTimeline {
  source_id: string;
  versions: CatalogVersion[];
  loaded: Map<number, LoadedVersion>;
}

/** Add a version to its source's timeline; a version already there is left as it is. */
export async function registerVersion(table: Table, dataset: string, v: CatalogVersion): Promise<void> {
  await table.update(
    { pk: timelinePk(dataset), sk: v.source_id },
    {
      append: { versions: [v], version_ids: [v.version_id] },
      set: { dataset, source_id: v.source_id },
      ifNotContains: { version_ids: v.version_id },
    },
  );
}

/**
 * Record that a version's rows are fully written under a generation: the marker (with its row
 * count) is appended once per version and generation, and `gen_<version_id>` names the generation
 * answers read from now on (last write wins, so a later reload, or a return to an earlier loader,
 * switches readers over only after its rows are complete).
 */
export async function markLoaded(table: Table, dataset: string, sourceId: string, l: LoadedVersion): Promise<void> {
  const key = { pk: timelinePk(dataset), sk: sourceId };
  const tag = `${l.version_id}@${l.generation ?? ''}`;
  await table.update(key, {
    append: { loaded_ids: [l.version_id], loaded_gens: [tag], loaded: [l] },
    ifNotContains: { loaded_gens: tag },
  });
  if (l.generation !== undefined) await table.update(key, { set: { [currentGenAttr(l.version_id)]: l.generation } });
}

const currentGenAttr = (versionId: number) => `gen_${versionId}`;
const seenAttr = (versionId: number) => `seen#${versionId}`;

/**
 * Copy the archive's latest sighting of a version (seen again as its document's newest) onto the
 * timeline, so as-of freshness is judged without another read.
 */
export async function recordSeen(
  table: Table,
  dataset: string,
  v: Pick<CatalogVersion, 'source_id' | 'doc_id' | 'version_id'>,
  at: string,
): Promise<void> {
  await table.update({ pk: timelinePk(dataset), sk: v.source_id }, { set: { [seenAttr(v.version_id)]: at } });
}

/** Every source timeline of a dataset, by source id (one query). */
export async function readTimeline(table: Table, dataset: string): Promise<Map<string, SourceTimeline>> {
  const items = await table.queryAll(timelinePk(dataset));
  return new Map(items.map((it) => [String(it.sk), toSourceTimeline(it)]));
}

/** One source's timeline (one strongly consistent get): the re-check a loader makes under its lease. */
export async function readSourceTimeline(
  table: Table,
  dataset: string,
  sourceId: string,
): Promise<SourceTimeline | undefined> {
  const it = await table.get({ pk: timelinePk(dataset), sk: sourceId }, { consistent: true });
  return it ? toSourceTimeline(it) : undefined;
}

function toSourceTimeline(it: Item): SourceTimeline {
  const loaded = new Map<number, LoadedVersion>();
  for (const l of (it.loaded as LoadedVersion[] | undefined) ?? []) {
    const id = Number(l.version_id);
    // The marker of the generation in use (gen_<id>); legacy items have none: the newest marker.
    const current = it[currentGenAttr(id)] as string | undefined;
    if (current !== undefined && l.generation !== current) continue;
    loaded.set(id, { ...l, version_id: id, rows: Number(l.rows) });
  }
  return {
    source_id: String(it.sk),
    versions: ((it.versions as CatalogVersion[] | undefined) ?? []).map((v) => {
      const id = Number(v.version_id);
      return { ...v, version_id: id, last_seen_at: (it[seenAttr(id)] as string | undefined) ?? null };
    }),
    loaded,
  };
}
