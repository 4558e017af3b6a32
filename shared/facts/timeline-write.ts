import { canonicalize } from 'json-canonicalize';
import type { Item, Table } from '../storage/table';
import { timelineWritten } from '../storage/timeline-signal';
import { timelineDocRange, timelineHeadKey, timelinePk, timelineVersionKey } from './keys';
import { factsLoaderVersion } from './loader-version';
import {
  isVersionItem,
  type LoaderOf,
  type StoredTimelineVersion,
  storedVersion,
  type Timeline,
  type TimelineVersion,
  timelineOf,
} from './timeline';
import { type HeadContent, headOf } from './timeline-head';

/**
 * The write side of the timelines (layout in ./timeline.ts). Each version item is the truth about
 * its version; a document's head is derived from its version items by `rebuildHead`, after every
 * change, with a compare-and-set on the head's revision (no transactions: dynalite has none), so
 * of two racing rebuilds the later one re-reads and the head always ends up matching the items.
 */

/** Add a version to its document's timeline; a version already present is left as it is. */
export async function registerVersion(table: Table, sourceId: string, v: TimelineVersion): Promise<void> {
  if (await putVersionItem(table, sourceId, v)) await rebuildHead(table, sourceId, v.doc_id);
}

/** A version's item alone (its head is rebuilt by the caller); false when it was already there. */
export function putVersionItem(table: Table, sourceId: string, v: StoredTimelineVersion): Promise<boolean> {
  return table.put(
    { ...timelineVersionKey(sourceId, v.doc_id, v.version_id), source_id: sourceId, ...v },
    { ifAbsent: true },
  );
}

/**
 * Copy the archive's latest sighting of a version (seen again as its document's newest) onto the
 * timeline, so as-of freshness is judged without another read. `rebuild: false` leaves the head to
 * the caller (who rebuilds once after many).
 */
export async function recordSeen(
  table: Table,
  sourceId: string,
  v: Pick<TimelineVersion, 'doc_id' | 'version_id'>,
  at: string,
  opts: { rebuild?: boolean } = {},
): Promise<void> {
  const done = await table.update(timelineVersionKey(sourceId, v.doc_id, v.version_id), {
    set: { last_seen_at: at },
    ifExists: true,
  });
  if (done && opts.rebuild !== false) await rebuildHead(table, sourceId, v.doc_id);
}

/**
 * Record that a version's facts are fully written by a loader version (idempotent). The loader
 * version is kept per version, so a reload by a newer loader switches answers over only when it
 * is complete.
 */
export async function markLoaded(
  table: Table,
  sourceId: string,
  v: Pick<TimelineVersion, 'doc_id' | 'version_id'>,
  loaderVersion: string,
): Promise<void> {
  const done = await table.update(timelineVersionKey(sourceId, v.doc_id, v.version_id), {
    set: { lv: loaderVersion },
    ifExists: true,
  });
  if (!done) throw new Error(`version ${v.version_id} of ${v.doc_id} is not in its timeline`);
  await rebuildHead(table, sourceId, v.doc_id);
}

/** Every version item of one document (consistent read). */
export async function docVersions(table: Table, sourceId: string, docId: string): Promise<StoredTimelineVersion[]> {
  const items = await table.queryAll(timelinePk(sourceId), { between: timelineDocRange(docId), consistent: true });
  return items.filter(isVersionItem).map(storedVersion);
}

/**
 * Rewrite a document's head from its version items, unless it already matches them. Returns
 * whether it wrote. `known` (the version items, already read) skips the first query.
 */
export async function rebuildHead(
  table: Table,
  sourceId: string,
  docId: string,
  known?: readonly StoredTimelineVersion[],
): Promise<boolean> {
  const key = timelineHeadKey(sourceId, docId);
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await table.get(key, { consistent: true });
    const versions = attempt === 0 && known ? known : await docVersions(table, sourceId, docId);
    if (!versions.length) return false;
    const head = headOf(sourceId, docId, versions);
    if (current && sameHead(current, head)) return false;
    const rev = current ? Number(current.rev) : null;
    const written = await table.put({ ...key, ...head, rev: (rev ?? 0) + 1 }, { ifEquals: { rev } });
    if (written) {
      timelineWritten(table);
      return true;
    }
  }
  throw new Error(`the head of ${docId} kept changing under its rebuild`);
}

/**
 * Every version of the given sources (one query per source), with every head checked against its
 * version items and rewritten where it differs (a writer that stopped between a version item and
 * its head). For the load planner, which needs the whole history anyway.
 */
export async function syncTimelines(
  table: Table,
  sourceIds: readonly string[],
  currentLoader: LoaderOf = factsLoaderVersion,
): Promise<Map<string, Timeline>> {
  const out = new Map<string, Timeline>();
  for (const sourceId of sourceIds) {
    const items = await table.queryAll(timelinePk(sourceId), { consistent: true });
    const byDoc = new Map<string, StoredTimelineVersion[]>();
    const heads = new Map<string, Item>();
    for (const it of items) {
      if (!isVersionItem(it)) heads.set(String(it.doc_id), it);
      else {
        const v = storedVersion(it);
        const list = byDoc.get(v.doc_id);
        if (list) list.push(v);
        else byDoc.set(v.doc_id, [v]);
      }
    }
    for (const [docId, versions] of byDoc) {
      const head = heads.get(docId);
      if (!head || !sameHead(head, headOf(sourceId, docId, versions))) await rebuildHead(table, sourceId, docId);
    }
    const all = [...byDoc.values()].flat();
    if (all.length) out.set(sourceId, timelineOf(sourceId, all, currentLoader));
  }
  return out;
}

function sameHead(stored: Item, head: HeadContent): boolean {
  const { pk: _pk, sk: _sk, rev: _rev, ...rest } = stored;
  // RFC 8785 (sorted keys, undefined members dropped): a stored and a computed head compare equal.
  return canonicalize(rest) === canonicalize(head);
}
