import type { Located } from '../publishers/common/types';
import type { Item, Table } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { type DatasetSpecs, type SeriesSpec, specsOf } from './declaration';
import {
  indexPk,
  namespaceOf,
  pad12,
  rollupInputPk,
  rowPk,
  rowSk,
  seriesInputPk,
  tokenListKey,
  tokenPk,
  tokenSk,
} from './keys';
import { fieldValues, listingItems } from './listing-items';
import { driverOrder } from './query-plan';
import { compositeKey, encodeValue, GROUP_END, NULL_TAG, sortKey, typedValue } from './sort-keys';
import type { CatalogVersion } from './timeline';

/** Items buffered before a batch write; the buffer never holds more (plus one row's items). */
export const WRITE_BATCH = 100;
/** Rows one index entry holds at most (keeps an item far below DynamoDB's 400 KB). */
export const MAX_ROWS_PER_KEY = 200;
/**
 * Tokens one search entry carries at most (datasets whose listings filter by token): a row with
 * more stores its whole list once (keys.ts `tokenListKey`), so its items grow linearly with its
 * tokens, not with their square.
 */
export const TOKEN_LIST_CAP = 48;

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
 * Unique indexes keep no such state: a key met twice keeps its last row. Rewriting a version puts the
 * same items again.
 *
 * Declared listings, rollups and series (issue 15 point 3) add, per row: its listing items (one
 * per copy, listing-items.ts), one rollup input item per rollup (keyed by group, then by the
 * value whose median is taken, so rollup.ts reads each group's values in order) and one series
 * input item per series of the version's document (keyed by the series key, so series.ts merges
 * two versions in key order). Rollups and series are computed from those items once every row is
 * written (`afterVersionLoaded`, derived.ts); the writer keeps no state for them.
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
  /** Keys of non-unique indexes counted so far: the writer's only state that grows with the file (one small counter each). */
  get countedKeys(): number {
    return this.counts.size;
  }

  /** The key namespace of the dataset's current loader generation. */
  private readonly ns: string;
  private readonly specs: DatasetSpecs;
  /** The series following this version's document. */
  private readonly series: readonly SeriesSpec[];

  constructor(
    private readonly table: Table,
    private readonly dataset: CatalogDataset<R>,
    private readonly version: CatalogVersion,
  ) {
    this.ns = namespaceOf(dataset.id, dataset.loaderVersion);
    this.specs = specsOf(dataset as unknown as CatalogDataset);
    this.series = this.specs.series.length ? seriesOfDoc(dataset as unknown as CatalogDataset, version.doc_id) : [];
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
    // Listing and token items hold a row per copy: a dataset of large rows stores a summary there.
    const listedValue = this.dataset.listedValue ? this.dataset.listedValue(row) : stored.value;
    const listing = this.dataset.listing;
    const filters = listing?.filters(row) ?? {};
    if (listing) {
      const item = { pk: rowPk(this.ns, stored.version_id), sk: rowSk(listing.sortKey(row), record) };
      this.buffer.set(`${item.pk}\n${item.sk}`, { ...item, ...base, ...filters, value: stored.value });
    }
    for (const idx of this.dataset.indexes) {
      for (const key of new Set(idx.keys(row))) this.index(indexPk(this.ns, idx.name, key), !!idx.unique, stored);
    }
    const tokens = [...new Set(this.dataset.tokens?.(row) ?? [])];
    if (this.specs.tokenFilters) this.searchEntries(row, base, tokens);
    else {
      // Token items carry the listed fields when listings are declared (none filters by token).
      const listed = this.specs.fields.size ? { f: fieldValues(this.specs.fields, row) } : {};
      for (const token of tokens) {
        const item = { pk: tokenPk(this.ns, token), sk: tokenSk(stored.version_id, record) };
        this.buffer.set(`${item.pk}\n${item.sk}`, { ...item, ...base, ...filters, ...listed, value: listedValue });
      }
    }
    if (this.specs.listings.size || this.series.length) {
      this.derived(row, { ...base, line: row.locator.line, value: listedValue });
    }
    this.rows++;
    this.peakBuffered = Math.max(this.peakBuffered, this.buffer.size);
    if (this.buffer.size >= WRITE_BATCH) await this.flush();
  }

  /** Listing items, rollup and series inputs of one row (declared listings, rollups and series). */
  private derived(
    row: R,
    base: { source_id: string; version_id: number; record: number; line: number; value: Record<string, unknown> },
  ): void {
    const put = (item: Item) => this.buffer.set(`${item.pk}\n${item.sk}`, item);
    for (const spec of this.specs.listings.values()) {
      if (spec.kind === 'listing')
        for (const item of listingItems(this.ns, spec, base, fieldValues(spec.types, row))) put(item);
    }
    const r = row as unknown as Record<string, unknown>;
    for (const rollup of this.specs.rollups) {
      const g = rollup.groupBy.map((x) => typedValue(x.type, r[x.field]));
      const group = compositeKey(rollup.groupBy.map((x, i) => encodeValue(x.type, g[i] ?? null)));
      const m = Object.fromEntries(rollup.fields.map((f) => [f, typedValue('number', r[f])]));
      const median = rollup.medianField ? encodeValue('number', m[rollup.medianField] ?? null) : NULL_TAG;
      put({
        pk: rollupInputPk(this.ns, base.version_id, rollup.name),
        sk: sortKey(`${group}${GROUP_END}${median}`, base.record),
        g,
        m,
      });
    }
    for (const series of this.series) {
      const k = series.key.map((x) => typedValue(x.type, r[x.field]));
      if (k.some((v) => v === null)) continue; // a row without its key is not followed
      put({
        pk: seriesInputPk(this.ns, base.version_id, series.name),
        sk: sortKey(compositeKey(series.key.map((x, i) => encodeValue(x.type, k[i]!))), base.record),
        k,
        x: typedValue(series.type, r[series.value]),
      });
    }
  }

  /**
   * The token items of a dataset whose listings filter by token: search entries, read only by a
   * word search (query.ts), which sorts them by their listed fields (`f`), checks the query's other
   * words against their tokens (`tk`) and reads the page's values from the listing's whole copy.
   * So they hold no value, and of the row's tokens only those a search driven by the entry's own
   * token can ask for: the ones after it in the search's word order (query-plan.ts `driverOrder`),
   * at most TOKEN_LIST_CAP of them (the first, in the order the dataset gives them). A row with
   * more (a study's hundreds of sites and cities) would otherwise store tokens x tokens strings:
   * its entries holding a part are marked `tp` (partial), and its whole list is one token-list
   * item, which the search reads only for the hits it needs.
   */
  private searchEntries(row: R, base: { source_id: string; version_id: number; record: number }, tokens: string[]) {
    const ordered = [...tokens].sort(driverOrder);
    const f = fieldValues(this.specs.fields, row);
    const sk = tokenSk(base.version_id, base.record);
    let rank: Map<string, number> | undefined;
    for (let r = 0; r < ordered.length; r++) {
      // The tokens after this one; more than an entry carries: the first ones in the dataset's order.
      const part = ordered.length - 1 - r > TOKEN_LIST_CAP;
      let tk: string[];
      if (!part) tk = ordered.slice(r + 1);
      else {
        rank ??= new Map(ordered.map((t, i) => [t, i]));
        tk = [];
        for (const t of tokens) if (rank.get(t)! > r && tk.push(t) === TOKEN_LIST_CAP) break;
      }
      const pk = tokenPk(this.ns, ordered[r]!);
      const item: Item = { pk, sk, source_id: base.source_id, version_id: base.version_id, record: base.record, f, tk };
      if (part) item.tp = 1;
      this.buffer.set(`${pk}\n${sk}`, item);
    }
    const partial = rank !== undefined;
    if (partial) {
      const item = tokenListKey(this.ns, base.version_id, base.record);
      this.buffer.set(`${item.pk}\n${item.sk}`, { ...item, tk: tokens });
    }
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
    // A unique key met twice keeps its last row whether or not both fall in one batch (a later
    // batch's put overwrites), so a resumed load writes what an uninterrupted one does.
    if (buffered && unique) buffered.rows = [stored];
    else if (buffered) (buffered.rows as StoredRow[]).push(stored);
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

/** The series that follow a document (by default every snapshot document of the dataset). */
export function seriesOfDoc(dataset: CatalogDataset, docId: string): SeriesSpec[] {
  return specsOf(dataset).series.filter((s) =>
    s.docs ? s.docs.includes(docId) : dataset.docs.some((d) => d.docId === docId && d.mode === 'snapshot'),
  );
}
