import { type ChangeRecord, CODES_STATUSES, type CodesStatus, initialCodesStatus } from '../archive/change-record';
import { loadedKey } from '../facts/keys';
import type { Table } from '../storage/table';

export { initialCodesStatus };

/**
 * The status of a stored change record. Records written before the status existed carry none:
 * codes present mean the load ran (`mapped`); no codes mean `pending` when the document has a
 * loader (the load may not have run: shared/webhooks/plan.ts then waits, and
 * `settleLoadedPending` clears those the facts table shows loaded), else `none`.
 */
export function codesStatusOf(stored: {
  doc_id: string;
  affected_codes?: unknown;
  affected_codes_status?: unknown;
}): CodesStatus {
  const s = stored.affected_codes_status;
  if (typeof s === 'string' && (CODES_STATUSES as readonly string[]).includes(s)) return s as CodesStatus;
  if (Array.isArray(stored.affected_codes) && stored.affected_codes.length > 0) return 'mapped';
  return initialCodesStatus(stored.doc_id);
}

/**
 * Mark `mapped` the pending changes whose version the facts table records as loaded. Sound
 * because the load writes the change record's codes before its LOADED marker (and fails when
 * the change record is missing): a marker means the codes on the record are the final ones.
 * Needed only for records from before the status existed (a loaded version with no codes).
 */
export async function settleLoadedPending(facts: Table, changes: ChangeRecord[]): Promise<ChangeRecord[]> {
  const pending = changes.filter((c) => c.affected_codes_status === 'pending');
  if (!pending.length) return changes;
  const markers = await facts.getMany(pending.map((c) => loadedKey(c.version_id)));
  const loaded = new Set(markers.map((m) => String(m.pk)));
  if (!loaded.size) return changes;
  return changes.map((c) =>
    c.affected_codes_status === 'pending' && loaded.has(loadedKey(c.version_id).pk)
      ? { ...c, affected_codes_status: 'mapped' }
      : c,
  );
}
