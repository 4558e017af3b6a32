import type { Deps } from '../deps';
import { timelineVersionKey } from '../facts/keys';
import type { StoredFact } from '../facts/store';
import { storedVersion, type Timeline } from '../facts/timeline';

/**
 * The timelines an answer's receipts are built from (receipt.ts), plus the versions that rows
 * joined into its facts cite but the timelines read do not list: a joined row may come from a
 * version left out of its document's head (an MCD table that changed many times since the code
 * list in force was loaded). Those are read with one batch read of their version items, only when
 * there are any, so a receipt never guesses a version's label, window or as-of rule.
 */
export async function withRelatedVersions(
  deps: Deps,
  timelines: ReadonlyMap<string, Timeline>,
  facts: readonly (readonly StoredFact[])[],
): Promise<Timeline[]> {
  const known = new Set<number>();
  for (const t of timelines.values()) for (const v of t.versions) known.add(v.version_id);
  const missing = new Map<number, ReturnType<typeof timelineVersionKey>>();
  for (const list of facts) {
    for (const f of list) {
      for (const r of f.related) {
        if (!known.has(r.version_id))
          missing.set(r.version_id, timelineVersionKey(r.source_id, r.doc_id, r.version_id));
      }
    }
  }
  const all = [...timelines.values()];
  if (!missing.size) return all;
  const items = await deps.tables.facts.getMany([...missing.values()]);
  const versions = items.map(storedVersion).map(({ lv: _lv, ...v }) => v);
  return [...all, { source_id: '', versions, loaded: new Set(), outdated: new Set() }];
}
