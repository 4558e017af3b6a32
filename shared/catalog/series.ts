import { startOf } from '../archive/as-of';
import type { Deps } from '../deps';
import type { Item, Table } from '../storage/table';
import type { CatalogDataset } from './dataset';
import type { SeriesSpec } from './declaration';
import { namespaceOf, pad12, seriesChangePk, seriesChangeSk, seriesInputPk, seriesMovePk, seriesMoveSk } from './keys';
import { peekable } from './peekable';
import { compareKeys, parseSortKey, type Scalar } from './sort-keys';
import { type CatalogVersion, readSourceTimeline } from './timeline';
import { seriesOfDoc } from './writer';

const PAGE = 1000;

export interface SeriesOutcome {
  name: string;
  doc_id: string;
  /** Keys in this version. */
  keys: number;
  /** History entries written for this version (keys added, changed or removed since the previous version). */
  changes: number;
  /** Rows whose key an earlier row of the version already had (ignored). */
  duplicates: number;
  previous_version_id: number | null;
  /** A later version already loaded, whose history and moves were recomputed against this one. */
  next_version_id: number | null;
}

interface Entry {
  key: string;
  k: Scalar[];
  x: Scalar | null;
}

export type ChangeKind = 'added' | 'changed' | 'removed';

/**
 * Series across versions (issue 15 point 3), computed when a version loads, from the series
 * inputs the writer stores per version in key order (`S#<ns>#<version>#<series>`):
 *
 * - Change-only history: the version's rows are merged with those of the previous loaded version
 *   of the same document (by start date, then version id) in key order, and one entry is written
 *   per key that was added, changed or removed (`H#...#<key>`, sorted by start date).
 * - Moves: for numeric series, the `top` largest changes from the previous version, by absolute
 *   and by relative change (`M#...#abs|rel`), kept with two bounded heaps.
 *
 * A version archived later than its successor (a backfill) is inserted: the merge then runs over
 * three versions (previous, this one, next), and the next version's entries and moves are
 * rewritten against this one (an entry the next version no longer differs by is deleted). Memory:
 * one page per version read, and 2 x `top` moves per ranking.
 */
export async function computeSeries(
  deps: Deps,
  dataset: CatalogDataset,
  version: CatalogVersion,
): Promise<SeriesOutcome[]> {
  const specs = seriesOfDoc(dataset, version.doc_id);
  if (!specs.length) return [];
  const table = deps.tables.catalog;
  const ns = namespaceOf(dataset.id, dataset.loaderVersion);
  const peers = await docPeers(table, dataset, version);
  const at = peers.findIndex((v) => v.version_id === version.version_id);
  const prev = peers[at - 1];
  const next = peers[at + 1];
  const out: SeriesOutcome[] = [];
  for (const spec of specs) out.push(await computeOne(table, ns, spec, prev, version, next));
  return out;
}

export const byStart = (a: CatalogVersion, b: CatalogVersion) =>
  startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : a.version_id - b.version_id;

/**
 * The versions of `version`'s document loaded at the dataset's loader generation, `version` among
 * them (loaded or not yet), by start date then version id: the neighbours a series or a carry is
 * computed against.
 */
export async function docPeers(table: Table, dataset: CatalogDataset, version: CatalogVersion) {
  const tl = await readSourceTimeline(table, dataset.id, version.source_id, { docId: version.doc_id });
  return (tl?.versions ?? [])
    .filter(
      (v) =>
        v.doc_id === version.doc_id &&
        v.version_id !== version.version_id &&
        tl?.loaded.get(v.version_id)?.generation === dataset.loaderVersion,
    )
    .concat([version])
    .sort(byStart);
}

async function computeOne(
  table: Table,
  ns: string,
  spec: SeriesSpec,
  prev: CatalogVersion | undefined,
  version: CatalogVersion,
  next: CatalogVersion | undefined,
): Promise<SeriesOutcome> {
  const doc = version.doc_id;
  const outcome: SeriesOutcome = {
    name: spec.name,
    doc_id: doc,
    keys: 0,
    changes: 0,
    duplicates: 0,
    previous_version_id: prev?.version_id ?? null,
    next_version_id: next?.version_id ?? null,
  };
  const dups = { n: 0 };
  const streams = [prev, version, next].map((v) =>
    v
      ? peekable(entries(table, seriesInputPk(ns, v.version_id, spec.name), v === version ? dups : { n: 0 }))
      : undefined,
  );
  const movesHere = new Moves(spec.top);
  const movesNext = new Moves(spec.top);
  const writes = new Batch(table);
  const numeric = spec.type === 'number';
  for (;;) {
    const heads = await Promise.all(streams.map((s) => s?.peek()));
    const key = heads.reduce<string | undefined>(
      (min, h) => (h && (min === undefined || compareKeys(h.key, min) < 0) ? h.key : min),
      undefined,
    );
    if (key === undefined) break;
    const [p, v, n] = await Promise.all(
      heads.map((h, i) => (h && h.key === key ? streams[i]!.take() : Promise.resolve(undefined))),
    );
    if (v) outcome.keys++;
    if (changed(p, v)) {
      outcome.changes++;
      await writes.put(changeItem(ns, spec, version, p, v, key));
    }
    if (numeric) movesHere.offer(p, v, key);
    if (next) {
      if (changed(v, n)) await writes.put(changeItem(ns, spec, next, v, n, key));
      else if (changed(p, n)) {
        await table.delete({
          pk: seriesChangePk(ns, spec.name, doc, key),
          sk: seriesChangeSk(startOf(next), next.version_id),
        });
      }
      if (numeric) movesNext.offer(v, n, key);
    }
  }
  await writes.flush();
  if (numeric) {
    await writeMoves(table, ns, spec, doc, version, prev, movesHere);
    if (next) await writeMoves(table, ns, spec, doc, next, version, movesNext);
  }
  outcome.duplicates = dups.n;
  return outcome;
}

const same = (a: Scalar | null, b: Scalar | null) => a === b;
function changed(a: Entry | undefined, b: Entry | undefined): boolean {
  if (!a || !b) return !!a !== !!b;
  return !same(a.x, b.x);
}

function changeItem(
  ns: string,
  spec: SeriesSpec,
  v: CatalogVersion,
  before: Entry | undefined,
  after: Entry | undefined,
  key: string,
): Item {
  const change: ChangeKind = !before ? 'added' : !after ? 'removed' : 'changed';
  return {
    pk: seriesChangePk(ns, spec.name, v.doc_id, key),
    sk: seriesChangeSk(startOf(v), v.version_id),
    key: (after ?? before)!.k,
    change,
    value: after?.x ?? null,
    previous: before?.x ?? null,
    version_id: v.version_id,
    source_id: v.source_id,
    effective_from: startOf(v),
  };
}

interface Move {
  key: string;
  k: Scalar[];
  from: number;
  to: number;
  change: number;
  relative: number | null;
}

/** The `top` largest moves by absolute and by relative change, in bounded memory (at most 2 x top each). */
class Moves {
  readonly abs: Move[] = [];
  readonly rel: Move[] = [];
  constructor(private readonly top: number) {}

  offer(a: Entry | undefined, b: Entry | undefined, key: string): void {
    if (typeof a?.x !== 'number' || typeof b?.x !== 'number' || a.x === b.x) return;
    const m: Move = {
      key,
      k: b.k,
      from: a.x,
      to: b.x,
      change: b.x - a.x,
      relative: a.x === 0 ? null : (b.x - a.x) / Math.abs(a.x),
    };
    this.push(this.abs, m, 'abs');
    if (m.relative !== null) this.push(this.rel, m, 'rel');
  }

  private push(list: Move[], m: Move, by: 'abs' | 'rel'): void {
    list.push(m);
    if (list.length >= 2 * this.top) this.trim(list, by);
  }

  trim(list: Move[], by: 'abs' | 'rel'): Move[] {
    list.sort((x, y) => moveOrder(x, y, by));
    list.length = Math.min(list.length, this.top);
    return list;
  }
}

/** Larger moves first (absolute value of the change, or of the relative change), then by key. */
export function moveOrder(
  x: { key: string; change: number; relative: number | null },
  y: typeof x,
  by: 'abs' | 'rel',
): number {
  const size = (m: typeof x) => Math.abs(by === 'abs' ? m.change : (m.relative ?? 0));
  return size(y) - size(x) || compareKeys(x.key, y.key);
}

/** Replaces a version's stored moves (a rerun or a recomputation against a newly inserted predecessor). */
async function writeMoves(
  table: Table,
  ns: string,
  spec: SeriesSpec,
  doc: string,
  v: CatalogVersion,
  prev: CatalogVersion | undefined,
  moves: Moves,
): Promise<void> {
  for (const by of ['abs', 'rel'] as const) {
    const pk = seriesMovePk(ns, spec.name, doc, by);
    const old = await table.queryAll(pk, { beginsWith: `${startOf(v)}#${pad12(v.version_id)}#` });
    for (const it of old) await table.delete({ pk: it.pk, sk: it.sk });
    const ranked = moves.trim(by === 'abs' ? moves.abs : moves.rel, by);
    await table.putMany(
      ranked.map((m, i) => ({
        pk,
        sk: seriesMoveSk(startOf(v), v.version_id, i + 1),
        key: m.k,
        key_sort: m.key,
        from: m.from,
        to: m.to,
        change: m.change,
        relative: m.relative,
        version_id: v.version_id,
        source_id: v.source_id,
        effective_from: startOf(v),
        previous_version_id: prev?.version_id ?? null,
      })),
    );
  }
}

/** One version's series inputs in key order, a row per key (later rows with a key already seen are counted, not used). */
async function* entries(table: Table, pk: string, dups: { n: number }): AsyncGenerator<Entry> {
  let cursor: string | undefined;
  let last: string | undefined;
  do {
    const page = await table.query(pk, { limit: PAGE, cursor });
    cursor = page.cursor;
    for (const item of page.items) {
      const key = parseSortKey(String(item.sk)).value;
      if (key === last) {
        dups.n++;
        continue;
      }
      last = key;
      yield { key, k: item.k as Scalar[], x: (item.x ?? null) as Scalar | null };
    }
  } while (cursor);
}

/** Puts in batches of 100. */
class Batch {
  private items: Item[] = [];
  constructor(private readonly table: Table) {}
  async put(item: Item): Promise<void> {
    this.items.push(item);
    if (this.items.length >= 100) await this.flush();
  }
  async flush(): Promise<void> {
    const items = this.items;
    this.items = [];
    if (items.length) await this.table.putMany(items);
  }
}
