import type { Table } from '../storage/table';
import { TIMELINE_PK } from './keys';
import type { StoredTimelineVersion, TimelineVersion } from './timeline';
import { putVersionItem, rebuildHead } from './timeline-write';

/**
 * Moves timelines stored by earlier layouts (one item per source, `TIMELINE`/<source_id>, with
 * `versions`, `loaded_ids`, `lv#<id>` and `seen#<id>`) to the per-document layout (timeline.ts):
 * a version item for each version, with its loader version (a version loaded before loader
 * versions existed counts as loader '1', so it is reloaded) and its sighting; then the heads of
 * the documents touched; then the old item is deleted. Every step is idempotent (version items are
 * put only if absent: one written meanwhile by the new layout is newer), so a migration stopped
 * halfway is finished by the next run. Returns the number of versions moved.
 */
export async function migrateLegacyTimelines(table: Table, sourceIds: readonly string[]): Promise<number> {
  const items = await table.getMany(sourceIds.map((s) => ({ pk: TIMELINE_PK, sk: s })));
  let moved = 0;
  for (const it of items) {
    const sourceId = String(it.sk);
    const loaded = new Set(((it.loaded_ids as number[] | undefined) ?? []).map(Number));
    const docs = new Set<string>();
    for (const raw of (it.versions as TimelineVersion[] | undefined) ?? []) {
      const id = Number(raw.version_id);
      const v: StoredTimelineVersion = {
        ...raw,
        version_id: id,
        last_seen_at: (it[`seen#${id}`] as string | undefined) ?? raw.last_seen_at ?? null,
      };
      if (loaded.has(id)) v.lv = (it[`lv#${id}`] as string | undefined) ?? '1';
      if (await putVersionItem(table, sourceId, v)) moved++;
      docs.add(v.doc_id);
    }
    for (const docId of [...docs].sort()) await rebuildHead(table, sourceId, docId);
    await table.delete({ pk: TIMELINE_PK, sk: sourceId });
  }
  return moved;
}
