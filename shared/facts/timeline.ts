import type { Table } from '../storage/table';
import { TIMELINE_PK } from './keys';
import { factsLoaderVersion } from './loader-version';

/**
 * A source's timeline: every archived version of its documents (windows, hashes, observation
 * times) and which of them have their facts loaded, in one item per source, so a warrant reads the
 * timelines of all its sources in a single batch read. The as-of decision runs over ALL versions
 * (never only the loaded ones), so an archived but unloaded version in force is an honest
 * `source_not_loaded` gap instead of a silent fall-back to an older version.
 */
export interface TimelineVersion {
  version_id: number;
  doc_id: string;
  title: string;
  sha256: string;
  name: string;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  /** When a later fetch saw these bytes again as the document's newest version (shared/archive/versions.ts). */
  last_seen_at?: string | null;
}

export interface Timeline {
  source_id: string;
  versions: TimelineVersion[];
  /** Versions whose facts are loaded by the current loader of their document (see load-version.ts). */
  loaded: Set<number>;
  /** Versions loaded by an earlier loader: their stored facts have an outdated shape and are reloaded. */
  outdated: Set<number>;
}

/** Add a version to its source's timeline; a version already present is left as it is. */
export async function registerVersion(table: Table, sourceId: string, v: TimelineVersion): Promise<void> {
  await table.update(
    { pk: TIMELINE_PK, sk: sourceId },
    {
      append: { versions: [v], version_ids: [v.version_id] },
      set: { source_id: sourceId },
      ifNotContains: { version_ids: v.version_id },
    },
  );
}

const seenAttr = (versionId: number) => `seen#${versionId}`;

/**
 * Copy the archive's latest sighting of a version (seen again as its document's newest) onto the
 * timeline, so as-of freshness is judged without another read.
 */
export async function recordSeen(table: Table, sourceId: string, versionId: number, at: string) {
  await table.update({ pk: TIMELINE_PK, sk: sourceId }, { set: { [seenAttr(versionId)]: at } });
}

const loaderAttr = (versionId: number) => `lv#${versionId}`;

/**
 * Record that a version's facts are fully written by a loader version (idempotent). The loader
 * version is kept per version id, so a reload by a newer loader switches answers over only when
 * it is complete.
 */
export async function markLoaded(table: Table, sourceId: string, versionId: number, loaderVersion: string) {
  const key = { pk: TIMELINE_PK, sk: sourceId };
  await table.update(key, { append: { loaded_ids: [versionId] }, ifNotContains: { loaded_ids: versionId } });
  await table.update(key, { set: { [loaderAttr(versionId)]: loaderVersion } });
}

/**
 * The timelines of the given sources in one batch read; a source never registered is absent.
 * `currentLoader` names the loader version each document's facts must have been written by.
 */
export async function readTimelines(
  table: Table,
  sourceIds: readonly string[],
  currentLoader: (docId: string) => string | undefined = factsLoaderVersion,
): Promise<Map<string, Timeline>> {
  const items = await table.getMany(sourceIds.map((s) => ({ pk: TIMELINE_PK, sk: s })));
  const out = new Map<string, Timeline>();
  for (const it of items) {
    out.set(String(it.sk), {
      source_id: String(it.sk),
      versions: ((it.versions as TimelineVersion[] | undefined) ?? []).map((v) => {
        const id = Number(v.version_id);
        return { ...v, version_id: id, last_seen_at: (it[seenAttr(id)] as string | undefined) ?? null };
      }),
      ...loadState(it, currentLoader),
    });
  }
  return out;
}

/** Loaded ids split by whether their loader version is the current one of their document. */
function loadState(it: Record<string, unknown>, currentLoader: (docId: string) => string | undefined) {
  const docOf = new Map(
    ((it.versions as TimelineVersion[] | undefined) ?? []).map((v) => [Number(v.version_id), v.doc_id]),
  );
  const loaded = new Set<number>();
  const outdated = new Set<number>();
  for (const raw of (it.loaded_ids as number[] | undefined) ?? []) {
    const id = Number(raw);
    const want = currentLoader(docOf.get(id) ?? '');
    const have = (it[loaderAttr(id)] as string | undefined) ?? '1'; // markers before loader versions: '1'
    (want === undefined || have === want ? loaded : outdated).add(id);
  }
  return { loaded, outdated };
}
