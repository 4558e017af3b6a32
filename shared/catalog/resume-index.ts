import type { Item, Key, PutOptions, QueryOptions, QueryPage, Table, UpdateOptions } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { indexPk, namespaceOf } from './keys';
import { MAX_ROWS_PER_KEY, type StoredRow } from './writer';

/**
 * The catalog table as a load resumed from a checkpoint writes through it. The writer
 * (./writer.ts) keeps, per key of a non-unique index, how many rows it has stored in that key's
 * entry, and appends to an entry it already stored; a resumed writer has lost those counters, so
 * on its own it would replace an entry written before the checkpoint with only the rows met
 * since. This table makes the resumed load store exactly what an uninterrupted one stores:
 *
 * - the first time a resumed load writes an entry of a non-unique index, the stored entry is read
 *   and its rows up to the checkpoint's record are kept before the new ones (rows past it were
 *   written by a run that stopped before its next checkpoint, and come again in file order);
 * - at most MAX_ROWS_PER_KEY rows per entry, as the writer keeps, the rest counted in `dropped`.
 *
 * Unique indexes, rows and tokens are keyed by record and pass through (rewrites are identical),
 * as does everything a fresh load writes. Entries are read in the batches the writer flushes
 * (BatchGetItem of up to 100 keys); only keys met after the checkpoint are read, once each.
 */
export class ResumedIndexTable implements Table {
  /** Rows stored per non-unique entry this run has written (the counter the writer lost). */
  private readonly counts = new Map<string, number>();
  /** Rows left out of entries already holding MAX_ROWS_PER_KEY rows, beyond what the writer dropped. */
  dropped = 0;
  private readonly prefixes: string[];

  constructor(
    private readonly inner: Table,
    dataset: CatalogDataset,
    /** Records stored before the checkpoint this load resumed from. */
    private readonly after: number,
  ) {
    const ns = namespaceOf(dataset.id, dataset.loaderVersion);
    this.prefixes = dataset.indexes.filter((i) => !i.unique).map((i) => indexPk(ns, i.name, ''));
  }

  get name() {
    return this.inner.name;
  }

  private nonUnique(pk: string): boolean {
    return this.prefixes.some((p) => pk.startsWith(p));
  }

  async putMany(items: Item[]): Promise<void> {
    const first = items.filter((i) => this.nonUnique(i.pk) && !this.counts.has(id(i)));
    if (first.length) {
      const stored = new Map(
        (await this.inner.getMany(first.map((i) => ({ pk: i.pk, sk: i.sk })))).map((i) => [id(i), i]),
      );
      const merged = new Map<Item, Item>();
      for (const item of first) {
        const before = ((stored.get(id(item))?.rows as StoredRow[] | undefined) ?? []).filter(
          (r) => Number(r.record) <= this.after,
        );
        let rows = [...before, ...(item.rows as StoredRow[])];
        if (rows.length > MAX_ROWS_PER_KEY) {
          this.dropped += rows.length - MAX_ROWS_PER_KEY;
          rows = rows.slice(0, MAX_ROWS_PER_KEY);
        }
        this.counts.set(id(item), rows.length);
        merged.set(item, { ...item, rows });
      }
      items = items.map((i) => merged.get(i) ?? i);
    }
    await this.inner.putMany(items);
  }

  async update(key: Key, opts: UpdateOptions): Promise<Item | undefined> {
    const rows = opts.append?.rows as StoredRow[] | undefined;
    const seen = this.counts.get(id(key));
    if (!rows || seen === undefined) return this.inner.update(key, opts);
    const room = Math.max(0, MAX_ROWS_PER_KEY - seen);
    this.dropped += Math.max(0, rows.length - room);
    if (room === 0) return { ...key };
    const kept = rows.slice(0, room);
    this.counts.set(id(key), seen + kept.length);
    return this.inner.update(key, { ...opts, append: { ...opts.append, rows: kept } });
  }

  get(key: Key, opts?: { consistent?: boolean }) {
    return this.inner.get(key, opts);
  }
  getMany(keys: Key[]) {
    return this.inner.getMany(keys);
  }
  put(item: Item, opts?: PutOptions) {
    return this.inner.put(item, opts);
  }
  delete(key: Key) {
    return this.inner.delete(key);
  }
  query(pk: string, opts?: QueryOptions): Promise<QueryPage> {
    return this.inner.query(pk, opts);
  }
  queryAll(pk: string, opts?: Omit<QueryOptions, 'cursor' | 'limit'>) {
    return this.inner.queryAll(pk, opts);
  }
  count(pk: string, opts?: Omit<QueryOptions, 'cursor' | 'limit' | 'descending'>) {
    return this.inner.count(pk, opts);
  }
  increment(key: Key, attribute: string, by?: number) {
    return this.inner.increment(key, attribute, by);
  }
  probe() {
    return this.inner.probe();
  }
}

const id = (k: Key) => `${k.pk}\n${k.sk}`;
