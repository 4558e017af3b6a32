import type { Deps } from '../deps';
import type { Table } from '../storage/table';
import { CHANGES_PK, type ChangeRecord, changeSortKey, initialCodesStatus } from './change-record';
import {
  docKey,
  docSortKey,
  docsIndex,
  markerKey,
  PENDING_INDEX,
  padVersion,
  VERSION_COUNTER,
  versionKey,
} from './keys';
import { countNew } from './source-stats';
import { toVersionRecord, type VersionRecord } from './version-record';

/**
 * Versions are created without transactions (dynalite has none), by one conditional write:
 *
 * 1. the version id comes from an atomic counter (`COUNTER`/`version_id`), so ids are unique
 *    across the archive;
 * 2. a marker `DOCVER#<doc_id>#<sha256>` holding the whole version is put only if absent: of two
 *    racing ingests of the same bytes for the same document exactly one marker write succeeds; the
 *    loser adopts the winner's version (its counter value is burned: ids are unique, not dense);
 * 3. whoever holds a marker then writes the document, the version item and the change record,
 *    each idempotently (put-if-absent or a monotone update), and clears the marker's pending flag.
 *
 * A process that dies after step 2 leaves a pending marker (sparse index gsi2 `PENDING`); the next
 * ingest of the same file, or `repairPending`, finishes the same writes, so the version, its
 * document and its change record always end up together.
 */
export async function createVersion(
  deps: Deps,
  draft: Omit<VersionRecord, 'version_id' | 'last_seen_at'>,
): Promise<{ versionId: number; created: boolean }> {
  const table = deps.tables.archive;
  const key = markerKey(draft.doc_id, draft.sha256, draft.publisher_effective_from);
  const existing = await table.get(key, { consistent: true });
  if (existing) {
    // `complete` is set only after every write below succeeded: an unchanged re-fetch costs one
    // read, plus one conditional write recording that the document's newest version was seen again.
    if (existing.state !== 'complete') await completeVersion(deps, toVersionRecord(existing));
    // Only a fetch from the publisher (origin live) is evidence the publisher still serves it: a
    // backfill import of an old local copy says nothing about what was current when it ran.
    if (draft.origin === 'live')
      await recordSeen(table, draft.doc_id, Number(existing.version_id), draft.observed_from);
    return { versionId: Number(existing.version_id), created: false };
  }
  const versionId = await table.increment(VERSION_COUNTER, 'value');
  const record: VersionRecord = { ...draft, version_id: versionId, last_seen_at: null };
  const won = await table.put(
    { ...key, ...record, state: 'pending', gsi2pk: PENDING_INDEX, gsi2sk: padVersion(versionId) },
    { ifAbsent: true },
  );
  if (!won) {
    const winner = await table.get(key, { consistent: true });
    if (!winner) throw new Error(`Version marker for ${draft.doc_id} vanished.`);
    await completeVersion(deps, toVersionRecord(winner));
    return { versionId: Number(winner.version_id), created: false };
  }
  await completeVersion(deps, record);
  return { versionId, created: true };
}

/**
 * A fetch or import saw the bytes of an existing version again. When that version is still the
 * document's newest (highest version id), the sighting is evidence that the publisher had not
 * replaced it yet: the version item keeps the latest such time (monotone), and as-of freshness
 * counts the version's age from it (shared/archive/as-of.ts). Re-seeing an older version (a
 * listing that still links last quarter's file) proves nothing and is not recorded. Costs one read
 * and, when it counts, one conditional write.
 */
export async function recordSeen(table: Table, docId: string, versionId: number, at: string): Promise<void> {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return;
  const doc = await table.get(docKey(docId), { consistent: true });
  if (Number(doc?.latest_version_id) !== versionId) return;
  await table.update(versionKey(docId, versionId), {
    set: { last_seen_at: at, last_seen_ms: ms },
    ifBelow: { last_seen_ms: ms },
    ifExists: true,
  });
}

/** The change record of a version, exactly the fields of ./change-record.ts. */
export function changeRecordOf(deps: Deps, v: VersionRecord): ChangeRecord {
  return {
    doc_id: v.doc_id,
    source_id: v.source_id,
    title: v.title,
    publisher_version: v.publisher_version,
    version_id: v.version_id,
    publisher_effective_from: v.publisher_effective_from,
    publisher_effective_to: v.publisher_effective_to,
    observed_from: v.observed_from,
    origin: v.origin,
    sha256: v.sha256,
    affected_codes: [],
    affected_codes_status: initialCodesStatus(v.doc_id),
    versions_url: `${deps.config.publicBaseUrl}/v1/archive/docs/${v.doc_id}/versions`,
  };
}

/** Idempotent: every write is put-if-absent or a monotone update, so repeating it changes nothing. */
export async function completeVersion(deps: Deps, v: VersionRecord): Promise<void> {
  const table = deps.tables.archive;
  const newDoc = await table.put(
    {
      ...docKey(v.doc_id),
      gsi1pk: docsIndex(v.source_id),
      gsi1sk: docSortKey(v.doc_id),
      doc_id: v.doc_id,
      source_id: v.source_id,
      title: v.title,
      first_observed: v.observed_from,
      latest_version_id: 0,
    },
    { ifAbsent: true },
  );
  // Each counter is ADDed only by the writer whose put created the item (source-stats.ts).
  if (newDoc) await countNew(table, v.source_id, 'docs');
  // The change record before the version item: the facts load finds versions by their items and
  // then writes the codes onto the change record, which must already be there.
  const change = changeRecordOf(deps, v);
  await table.put(
    {
      pk: CHANGES_PK,
      sk: changeSortKey(v.version_id),
      gsi1pk: `${CHANGES_PK}#${v.source_id}`,
      gsi1sk: changeSortKey(v.version_id),
      ...change,
    },
    { ifAbsent: true },
  );
  const { last_seen_at: _seen, ...stored } = v; // kept on the document item, never on the version
  if (await table.put({ ...versionKey(v.doc_id, v.version_id), ...stored }, { ifAbsent: true })) {
    await countNew(table, v.source_id, 'versions');
  }
  await table.update(docKey(v.doc_id), {
    set: { latest_version_id: v.version_id },
    ifBelow: { latest_version_id: v.version_id },
  });
  await table.update(markerKey(v.doc_id, v.sha256, v.publisher_effective_from), {
    set: { state: 'complete' },
    remove: ['gsi2pk', 'gsi2sk'],
  });
}

/** Versions whose writer has taken an id but not finished (their markers still pending). */
export async function pendingVersions(table: Table): Promise<VersionRecord[]> {
  return (await table.queryAll(PENDING_INDEX, { index: 'gsi2' })).map(toVersionRecord);
}

/** Finish every version whose writer stopped halfway; returns how many were completed. */
export async function repairPending(deps: Deps): Promise<number> {
  const pending = await pendingVersions(deps.tables.archive);
  for (const v of pending) await completeVersion(deps, v);
  return pending.length;
}
