import type { Deps } from '../deps';
import type { Key } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { indexPk, namespaceOf, pad12 } from './keys';
import type { CatalogVersion } from './timeline';
import type { StoredRow } from './writer';

/** BatchGetItem calls in flight at once. */
const PARALLEL = 8;
const BATCH_KEYS = 100;

/** Keys of one index of a dataset, looked up in the given versions. */
export interface LookupWant {
  dataset: CatalogDataset;
  index: string;
  keys: Iterable<string>;
  versions: readonly CatalogVersion[];
}

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
  const [found] = await lookupAcross(deps, [{ dataset, index, keys, versions }]);
  return found!;
}

/**
 * Several lookups (of different datasets and indexes) in the same batched gets, each answered as
 * `lookupMany` answers it, in the order asked: a page that reads one key in five datasets spends
 * one batch read, not five. An item two lookups ask for is read once.
 */
export async function lookupAcross(deps: Deps, wants: readonly LookupWant[]): Promise<Map<string, StoredRow[]>[]> {
  const outs = wants.map(() => new Map<string, StoredRow[]>());
  // Each item (pk and sk), with the lookups (and their keys) that asked for it.
  const askersOf = new Map<string, { want: number; key: string }[]>();
  const all = new Map<string, Key>();
  const id = (k: Key) => `${k.pk}\u0000${k.sk}`;
  wants.forEach((w, i) => {
    for (const key of new Set(w.keys)) {
      for (const v of w.versions) {
        // Each version's rows live under its loader generation's namespace (keys.ts).
        const item = { pk: indexPk(namespaceOf(w.dataset.id, v.generation), w.index, key), sk: pad12(v.version_id) };
        const askers = askersOf.get(id(item)) ?? [];
        if (!askers.some((a) => a.want === i)) askers.push({ want: i, key });
        askersOf.set(id(item), askers);
        all.set(id(item), item);
      }
    }
  });
  if (!all.size) return outs;
  const keys = [...all.values()];
  const chunks: Key[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_KEYS) chunks.push(keys.slice(i, i + BATCH_KEYS));
  // A row is kept once per key (a rerun load may have appended it to its index entry again).
  const seen = outs.map(() => new Map<string, Set<string>>());
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      for (const item of await deps.tables.catalog.getMany(chunk)) {
        for (const { want, key } of askersOf.get(id(item)) ?? []) {
          const out = outs[want]!;
          const list = out.get(key) ?? [];
          const ids = seen[want]!.get(key) ?? new Set<string>();
          for (const r of (item.rows as StoredRow[] | undefined) ?? []) {
            const row = { ...r, version_id: Number(r.version_id), record: Number(r.record) };
            const rowId = `${row.version_id}:${row.record}`;
            if (!ids.has(rowId)) list.push(row);
            ids.add(rowId);
          }
          out.set(key, list);
          seen[want]!.set(key, ids);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
  for (const out of outs)
    for (const list of out.values()) list.sort((a, b) => a.version_id - b.version_id || a.record - b.record);
  return outs;
}
