import type { Deps } from '../deps';
import type { Key } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { indexPk, namespaceOf, pad12 } from './keys';
import type { CatalogVersion } from './timeline';
import type { StoredRow } from './writer';

/** BatchGetItem calls in flight at once. */
const PARALLEL = 8;
const BATCH_KEYS = 100;

/**
 * The rows of many keys of one index in the given versions, by key: every (key, version) pair is
 * one item, read with batched gets (a hundred per call, several calls in flight), so screening a
 * thousand providers costs tens of round trips, not a thousand sequential reads.
 */
export async function lookupMany(
  deps: Deps,
  dataset: CatalogDataset,
  index: string,
  keys: Iterable<string>,
  versions: readonly CatalogVersion[],
): Promise<Map<string, StoredRow[]>> {
  const out = new Map<string, StoredRow[]>();
  const wanted = [...new Set(keys)];
  if (!wanted.length || !versions.length) return out;
  const byPk = new Map<string, string>();
  const all: Key[] = [];
  for (const key of wanted) {
    for (const v of versions) {
      // Each version's rows live under its loader generation's namespace (keys.ts).
      const pk = indexPk(namespaceOf(dataset.id, v.generation), index, key);
      byPk.set(pk, key);
      all.push({ pk, sk: pad12(v.version_id) });
    }
  }
  const chunks: Key[][] = [];
  for (let i = 0; i < all.length; i += BATCH_KEYS) chunks.push(all.slice(i, i + BATCH_KEYS));
  // A row is kept once per key (a rerun load may have appended it to its index entry again).
  const seen = new Map<string, Set<string>>();
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      for (const item of await deps.tables.catalog.getMany(chunk)) {
        const key = byPk.get(item.pk)!;
        const list = out.get(key) ?? [];
        const ids = seen.get(key) ?? new Set<string>();
        for (const r of (item.rows as StoredRow[] | undefined) ?? []) {
          const row = { ...r, version_id: Number(r.version_id), record: Number(r.record) };
          const id = `${row.version_id}:${row.record}`;
          if (!ids.has(id)) list.push(row);
          ids.add(id);
        }
        out.set(key, list);
        seen.set(key, ids);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
  for (const list of out.values()) list.sort((a, b) => a.version_id - b.version_id || a.record - b.record);
  return out;
}
