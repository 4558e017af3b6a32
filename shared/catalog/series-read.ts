import type { Deps } from '../deps';
import { ValidationError } from '../http/errors';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../http/paging';
import type { CatalogDataset } from './dataset';
import { type SeriesSpec, seriesSpec } from './declaration';
import { namespaceOf, seriesChangePk, seriesMovePk } from './keys';
import { type CatalogSourceVersion, sourceVersionOf } from './provenance';
import { paramOf, parseValue } from './query-plan';
import { type ChangeKind, moveOrder } from './series';
import { compositeKey, encodeValue, normalizeDate, type Scalar } from './sort-keys';
import { readSourceTimeline, type SourceTimeline } from './timeline';

export interface SeriesChange {
  key: Record<string, Scalar>;
  change: ChangeKind;
  value: Scalar | null;
  previous: Scalar | null;
  effective_from: string;
  source: CatalogSourceVersion;
}

export interface SeriesHistoryPage {
  items: SeriesChange[];
  limit: number;
  next_cursor: string | null;
  /** Loaded versions of the document the history runs over. */
  versions: number;
}

export interface SeriesMove {
  key: Record<string, Scalar>;
  from: number;
  to: number;
  change: number;
  /** Change over the previous value's magnitude; null from 0. */
  relative_change: number | null;
  effective_from: string;
  previous_version_id: number | null;
  source: CatalogSourceVersion;
}

const bad = (param: string, msg: string) => ValidationError.single('query', param, msg);

/**
 * A key's change-only history (series.ts): one entry per loaded version of the document where the
 * key was added, changed or removed, oldest first, with the version's provenance; `from`/`to`
 * bound the versions' start dates. Key fields are query parameters named after the fields.
 */
export async function seriesHistory(
  deps: Deps,
  dataset: CatalogDataset,
  name: string,
  q: {
    key: Readonly<Record<string, Scalar | undefined>>;
    doc?: string;
    from?: string;
    to?: string;
    limit?: number;
    cursor?: string;
  },
): Promise<SeriesHistoryPage> {
  const spec = seriesSpec(dataset, name);
  const limit = checkLimit(q.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const k = spec.key.map((x) => {
    const raw = q.key[x.field];
    if (raw === undefined || raw === '') throw bad(paramOf(x.field), 'is required');
    return parseValue(x.type, raw, paramOf(x.field));
  });
  const key = compositeKey(spec.key.map((x, i) => encodeValue(x.type, k[i]!)));
  const { doc, tl, ns, loaded } = await docOf(deps, dataset, spec, q.doc);
  const [from, to] = window(q.from, q.to, false);
  let lo = from;
  if (q.cursor) {
    if (!/^\d{4}-\d{2}-\d{2}#\d{12}$/.test(q.cursor)) throw bad('cursor', 'is not a cursor this service issued');
    lo = `${q.cursor}0`; // keys have one length: the next key after the cursor's
  }
  const page = await deps.tables.catalog.query(seriesChangePk(ns, spec.name, doc, key), {
    between: [lo, `${to}~`],
    limit: limit + 1,
  });
  const items = page.items.filter((it) => loaded.has(Number(it.version_id)));
  const shown = items.slice(0, limit);
  return {
    items: shown.map((it) => ({
      key: keyOf(spec, it.key as Scalar[]),
      change: it.change as ChangeKind,
      value: (it.value ?? null) as Scalar | null,
      previous: (it.previous ?? null) as Scalar | null,
      effective_from: String(it.effective_from),
      source: sourceVersionOf(tl.versions.find((v) => v.version_id === Number(it.version_id))!, tl),
    })),
    limit,
    next_cursor: items.length > limit ? String(shown[shown.length - 1]!.sk) : null,
    versions: loaded.size,
  };
}

/**
 * The largest moves of a numeric series between two dates: the changes that took effect in the
 * window (versions starting from `from` to `to`, each compared with its previous version), the
 * largest first by absolute or relative change, each key once (its largest move). Exact for the
 * first `top` (the declared number kept per version). Raises 400 for a window without dates in
 * order or a limit above `top`.
 */
export async function largestMoves(
  deps: Deps,
  dataset: CatalogDataset,
  name: string,
  q: {
    from: string;
    to: string;
    by?: 'abs' | 'rel';
    limit?: number;
    doc?: string;
    /** Only rises (`up`) or falls (`down`) are ranked, each key at its largest move that way. */
    direction?: 'up' | 'down' | 'both';
    /** Only moves at least this large (absolute change, or relative change for `rel`), in size. */
    min?: number;
  },
): Promise<{
  items: SeriesMove[];
  by: 'abs' | 'rel';
  sources: CatalogSourceVersion[];
  /**
   * Null when every version of the window kept all its moves (fewer than `top`): the ranking is
   * then complete. Otherwise the largest size (|change| or |relative|) a full version dropped
   * moves below: every move larger than it is ranked, smaller ones may be missing.
   */
  exact_above: number | null;
}> {
  const spec = seriesSpec(dataset, name);
  if (spec.type !== 'number') throw new Error(`catalog: series ${name} is not numeric: it has no moves`);
  const by = q.by ?? 'abs';
  const limit = checkLimit(q.limit ?? Math.min(DEFAULT_LIMIT, spec.top), spec.top);
  const [from, to] = window(q.from, q.to, true);
  const { doc, tl, ns, loaded } = await docOf(deps, dataset, spec, q.doc);
  const items = (
    await deps.tables.catalog.queryAll(seriesMovePk(ns, spec.name, doc, by), { between: [from, `${to}~`] })
  ).filter((it) => loaded.has(Number(it.version_id)));
  const asMove = (it: (typeof items)[number]) => ({
    key: String(it.key_sort),
    change: Number(it.change),
    relative: it.relative === null || it.relative === undefined ? null : Number(it.relative),
  });
  const size = (it: (typeof items)[number]) => Math.abs(by === 'abs' ? Number(it.change) : (asMove(it).relative ?? 0));
  // Versions that kept `top` moves may have dropped smaller ones: the ranking is exact above the
  // largest of their smallest kept sizes.
  const perVersion = new Map<number, { n: number; smallest: number }>();
  for (const it of items) {
    const v = perVersion.get(Number(it.version_id)) ?? { n: 0, smallest: Number.POSITIVE_INFINITY };
    v.n++;
    v.smallest = Math.min(v.smallest, size(it));
    perVersion.set(Number(it.version_id), v);
  }
  const floors = [...perVersion.values()].filter((v) => v.n >= spec.top).map((v) => v.smallest);
  const exact_above = floors.length ? Math.max(...floors) : null;
  const dir = q.direction ?? 'both';
  const wanted = items.filter(
    (it) =>
      (dir === 'both' || (dir === 'up' ? Number(it.change) > 0 : Number(it.change) < 0)) &&
      (q.min === undefined || size(it) >= q.min),
  );
  const best = new Map<string, (typeof items)[number]>();
  for (const it of wanted) {
    const seen = best.get(String(it.key_sort));
    if (!seen || moveOrder(asMove(it), asMove(seen), by) < 0) best.set(String(it.key_sort), it);
  }
  const ranked = [...best.values()].sort((a, b) => moveOrder(asMove(a), asMove(b), by)).slice(0, limit);
  const versionOf = (id: number) => tl.versions.find((v) => v.version_id === id)!;
  return {
    by,
    items: ranked.map((it) => ({
      key: keyOf(spec, it.key as Scalar[]),
      from: Number(it.from),
      to: Number(it.to),
      change: Number(it.change),
      relative_change: asMove(it).relative,
      effective_from: String(it.effective_from),
      previous_version_id: it.previous_version_id === null ? null : Number(it.previous_version_id),
      source: sourceVersionOf(versionOf(Number(it.version_id)), tl),
    })),
    sources: [...new Set(ranked.map((it) => Number(it.version_id)))].map((id) => sourceVersionOf(versionOf(id), tl)),
    exact_above,
  };
}

function keyOf(spec: SeriesSpec, k: Scalar[]): Record<string, Scalar> {
  return Object.fromEntries(spec.key.map((x, i) => [x.field, k[i]!]));
}

function checkLimit(limit: number, max: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw bad('limit', `must be an integer from 1 to ${max}`);
  return limit;
}

function window(from: string | undefined, to: string | undefined, required: boolean): [string, string] {
  const read = (param: string, v: string | undefined, dflt: string) => {
    if (v === undefined) {
      if (required) throw bad(param, 'is required');
      return dflt;
    }
    const d = normalizeDate(v);
    if (d?.length !== 10) throw bad(param, 'must be a date (YYYY-MM-DD)');
    return d;
  };
  const lo = read('from', from, '0000-01-01');
  const hi = read('to', to, '9999-12-31');
  if (lo > hi) throw bad('from', 'is after to');
  return [lo, hi];
}

/**
 * The series document asked for (the only one when the series follows one), its source's
 * timeline, and the key namespace its entries are read from: the loader generation every loaded
 * version shares, or while a reload is under way the older one (which holds every version).
 */
async function docOf(
  deps: Deps,
  dataset: CatalogDataset,
  spec: SeriesSpec,
  asked: string | undefined,
): Promise<{ doc: string; tl: SourceTimeline; ns: string; loaded: Set<number> }> {
  const docs = spec.docs ?? dataset.docs.filter((d) => d.mode === 'snapshot').map((d) => d.docId);
  if (asked !== undefined && !docs.includes(asked)) throw bad('doc_id', `must be one of ${docs.join(', ')}`);
  if (asked === undefined && docs.length !== 1) throw bad('doc_id', `is required: one of ${docs.join(', ')}`);
  const doc = asked ?? docs[0]!;
  const sourceId = dataset.docs.find((d) => d.docId === doc)?.sourceId;
  // Every version of the document, read from its version items (one query; heads list the newest only).
  const read = sourceId
    ? await readSourceTimeline(deps.tables.catalog, dataset.id, sourceId, { consistent: false, docId: doc })
    : undefined;
  const tl: SourceTimeline = read ?? {
    source_id: sourceId ?? '',
    versions: [],
    loaded: new Map(),
  };
  const loaded = tl.versions.filter((v) => v.doc_id === doc && tl.loaded.has(v.version_id));
  const gens = [...new Set(loaded.map((v) => tl.loaded.get(v.version_id)!.generation))];
  const gen = gens.length === 1 ? gens[0] : (gens.find((g) => g !== dataset.loaderVersion) ?? gens[0]);
  return { doc, tl, ns: namespaceOf(dataset.id, gen), loaded: new Set(loaded.map((v) => v.version_id)) };
}
