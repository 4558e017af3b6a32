import type { Table } from '../storage/table';
import { TIMELINE_PK } from './keys';

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
}

export interface Timeline {
  source_id: string;
  versions: TimelineVersion[];
  loaded: Set<number>;
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

/** Record that a version's facts are fully written (idempotent). */
export async function markLoaded(table: Table, sourceId: string, versionId: number): Promise<void> {
  await table.update(
    { pk: TIMELINE_PK, sk: sourceId },
    { append: { loaded_ids: [versionId] }, ifNotContains: { loaded_ids: versionId } },
  );
}

/** The timelines of the given sources in one batch read; a source never registered is absent. */
export async function readTimelines(table: Table, sourceIds: readonly string[]): Promise<Map<string, Timeline>> {
  const items = await table.getMany(sourceIds.map((s) => ({ pk: TIMELINE_PK, sk: s })));
  const out = new Map<string, Timeline>();
  for (const it of items) {
    out.set(String(it.sk), {
      source_id: String(it.sk),
      versions: ((it.versions as TimelineVersion[] | undefined) ?? []).map((v) => ({
        ...v,
        version_id: Number(v.version_id),
      })),
      loaded: new Set(((it.loaded_ids as number[] | undefined) ?? []).map(Number)),
    });
  }
  return out;
}
