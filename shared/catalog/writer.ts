import type { Located } from '../publishers/common/types';
import type { Item, Table } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { indexPk, namespaceOf, pad12, rowPk, rowSk, tokenPk, tokenSk } from './keys';
import type { CatalogVersion } from './timeline';

/** Items buffered before a batch write; the buffer never holds more (plus one row's items). */
export const WRITE_BATCH = 100;
/** Rows one index entry holds at most (keeps an item far below DynamoDB's 400 KB). */
export const MAX_ROWS_PER_KEY = 200;

/** A row as stored: its value and where it came from. */
export interface StoredRow {
  source_id: string;
  version_id: number;
  record: number;
  value: Record<string, unknown>;
}

/**
 * Writes one version's rows, index entries and search tokens in batches, so a file of any size is
 * loaded with bounded memory: at most WRITE_BATCH items are buffered. A non-unique index entry is
 * one item per (key, version) holding every row with that key: a key met again after its item was
 * flushed is appended to the stored item (in file order, after the flush that wrote it); for that
 * the writer counts the keys of non-unique indexes it has written (one counter per distinct key).
 * Unique indexes keep no such state. Rewriting a version puts the same items again.
 */
export class CatalogWriter<R extends Located = Located> {
  private buffer = new Map<string, Item>();
  private appends: { pk: string; value: StoredRow }[] = [];
  private readonly counts = new Map<string, number>();
  rows = 0;
  /** The most items ever buffered at once (a check that memory stayed flat). */
  peakBuffered = 0;
  /** Rows left out of index entries already holding MAX_ROWS_PER_KEY rows. */
  overflow = 0;

  /** The key namespace of the dataset's current loader generation. */
  private readonly ns: string;

  constructor(
    private readonly table: Table,
    private readonly dataset: CatalogDataset<R>,
    private readonly version: CatalogVersion,
  ) {
    this.ns = namespaceOf(dataset.id, dataset.loaderVersion);
  }

  async add(row: R): Promise<void> {
    const record = row.locator.record;
    const stored: StoredRow = {
      source_id: this.version.source_id,
      version_id: this.version.version_id,
      record,
      value: this.dataset.value ? this.dataset.value(row) : (row as unknown as Record<string, unknown>),
    };
    const base = { source_id: stored.source_id, version_id: stored.version_id, record };
    const listing = this.dataset.listing;
    const filters = listing?.filters(row) ?? {};
    if (listing) {
      const item = { pk: rowPk(this.ns, stored.version_id), sk: rowSk(listing.sortKey(row), record) };
      this.buffer.set(`${item.pk}\n${item.sk}`, { ...item, ...base, ...filters, value: stored.value });
    }
    for (const idx of this.dataset.indexes) {
      for (const key of new Set(idx.keys(row))) this.index(indexPk(this.ns, idx.name, key), !!idx.unique, stored);
    }
    for (const token of new Set(this.dataset.tokens?.(row) ?? [])) {
      const item = { pk: tokenPk(this.ns, token), sk: tokenSk(stored.version_id, record) };
      this.buffer.set(`${item.pk}\n${item.sk}`, { ...item, ...base, ...filters, value: stored.value });
    }
    this.rows++;
    this.peakBuffered = Math.max(this.peakBuffered, this.buffer.size);
    if (this.buffer.size >= WRITE_BATCH) await this.flush();
  }

  private index(pk: string, unique: boolean, stored: StoredRow): void {
    const id = `${pk}\n${pad12(stored.version_id)}`;
    const seen = unique ? 0 : (this.counts.get(id) ?? 0);
    if (seen >= MAX_ROWS_PER_KEY) {
      this.overflow++;
      return;
    }
    if (!unique) this.counts.set(id, seen + 1);
    const buffered = this.buffer.get(id);
    if (buffered) (buffered.rows as StoredRow[]).push(stored);
    else if (seen > 0) this.appends.push({ pk, value: stored });
    else {
      this.buffer.set(id, {
        pk,
        sk: pad12(stored.version_id),
        source_id: stored.source_id,
        version_id: stored.version_id,
        rows: [stored],
      });
    }
  }

  async flush(): Promise<void> {
    const items = [...this.buffer.values()];
    const appends = this.appends;
    this.buffer = new Map();
    this.appends = [];
    if (items.length) await this.table.putMany(items);
    for (const a of appends) {
      await this.table.update({ pk: a.pk, sk: pad12(a.value.version_id) }, { append: { rows: [a.value] } });
    }
  }
}
