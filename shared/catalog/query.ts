import { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { cursorBinding, readCursor, writeCursor } from '../http/cursor';
import { ValidationError } from '../http/errors';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../http/paging';
import type { Item } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { listingSpec } from './declaration';
import { listingPk, namespaceOf, tokenPk, versionBounds } from './keys';
import { cachedListing, wholeListingKey } from './listing-cache';
import { type CatalogSourceVersion, RowSourceSchema, sourceVersionOf } from './provenance';
import { type FilterInput, type Plan, paramOf, planQuery } from './query-plan';
import { bounds, compareKeys, encodeValue, NULL_TAG, parseSortKey, sortKey } from './sort-keys';
import type { CatalogVersion } from './timeline';
import type { DatasetView } from './view';

/** Items one request reads at most (before filters) unless the caller says otherwise; never below `limit`. */
export const SCAN_BUDGET = 5000;
/** With filter expressions, rows read per storage call: this many times the rows still needed, at least READ_AHEAD_MIN. */
const READ_AHEAD = 4;
const READ_AHEAD_MIN = 100;
/** Token rows read at most to sort a word search in memory; beyond it the words are too common. */
export const TOKEN_SCAN_CAP = 20_000;

export interface ListingQuery {
  /** The versions in force (a DatasetView: its timelines also give each version's row count). */
  versions: readonly CatalogVersion[] | DatasetView;
  filters?: Readonly<Record<string, FilterInput | undefined>>;
  /** Default: the listing's declared direction. */
  direction?: 'asc' | 'desc';
  limit?: number;
  cursor?: string;
  /**
   * Items read per request at most (default SCAN_BUDGET, at least `limit`); a first read takes one
   * item per version at least, so a request always moves on.
   */
  maxScanned?: number;
}

/** Where a listed row comes from; `locator` is null for computed rows (rollups). */
export const ListingRowSourceSchema = RowSourceSchema.extend({
  locator: RowSourceSchema.shape.locator.nullable(),
}).openapi('CatalogListingRowSource');
export type ListingRowSource = z.infer<typeof ListingRowSourceSchema>;

export interface ListingRow {
  value: Record<string, unknown>;
  source: ListingRowSource;
}

export interface ListingPage {
  items: ListingRow[];
  limit: number;
  /** Continues the listing; null at its end. A page may be short (even empty) when the scan budget ran out first. */
  next_cursor: string | null;
  /** Items read from storage for this page (filters read more than they return). */
  scanned: number;
  /** The versions listed. */
  sources: CatalogSourceVersion[];
  /**
   * Rows matching the whole query (every page, not only this one), when the read saw them all: a
   * word search reads every row of its driving word's partition (up to TOKEN_SCAN_CAP) and sorts
   * them in memory, so it knows the exact count at no extra cost. Undefined for keyed reads.
   */
  matched?: number;
}

/** A page envelope schema for routes (items of the given schema). */
export function listingPageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      limit: z.number().int(),
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
      scanned: z
        .number()
        .int()
        .openapi({ description: 'Rows read to answer; a short page with a cursor means more to read.' }),
    })
    .openapi(name);
}

/** A position in the listing order: encoded sort value, version, record (unique). */
interface Pos {
  e: string;
  v: number;
  r: number;
}
interface Hit {
  seg: number;
  pos: Pos;
  item: Item;
  version: CatalogVersion;
}
interface CursorState {
  s: number;
  p?: Pos;
}

/**
 * Every item of a listing (or rollup) over the versions, page after page (pages of MAX_LIMIT, each
 * bounded by `maxScanned` as one request is): for reads that join, sort or sum a bounded list whole
 * (a program's few thousand hospitals or ACOs, a year's entities, a window's rollup rows). Served
 * from the process's listing cache when the same versions were read before (./listing-cache.ts);
 * the items are frozen, the array is the caller's own.
 */
export async function readWholeListing(
  deps: Deps,
  dataset: CatalogDataset,
  listing: string,
  q: Omit<ListingQuery, 'cursor' | 'limit'>,
): Promise<ListingRow[]> {
  const versions = Array.isArray(q.versions) ? q.versions : (q.versions as DatasetView).versions;
  const key = wholeListingKey(dataset, listing, versions, q);
  return cachedListing(deps, key, async () => {
    const out: ListingRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryListing(deps, dataset, listing, { ...q, limit: MAX_LIMIT, cursor });
      out.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out;
  });
}

/**
 * One page of a named listing (or rollup) over the versions in force, in the listing's order
 * (the sort field, then version id and record number: unique, so pages never repeat or skip),
 * ascending or descending, nulls last either way. Several versions (a snapshot and its
 * supplements, lists of several sources) are merged in that order.
 *
 * Reads: equality on a partition field picks the partition; range, prefix and equality on the
 * sort field bound the sort key; other filters are filter expressions. A request reads at most
 * `maxScanned` items: when filters drop most of them the page comes back short, with a cursor
 * that resumes exactly where reading stopped (honest paging: no filter can make one request read
 * a whole partition). Word (token) filters read the token partition of the longest word, up to
 * TOKEN_SCAN_CAP rows, and sort them in memory.
 *
 * Errors (400, naming the parameter): an undeclared filter, bounds on a filter that is not a
 * range, a value of the wrong type, a required partition filter missing, a bad or foreign cursor.
 */
export async function queryListing(
  deps: Deps,
  dataset: CatalogDataset,
  listing: string,
  q: ListingQuery,
): Promise<ListingPage> {
  const spec = listingSpec(dataset, listing);
  const view = Array.isArray(q.versions) ? undefined : (q.versions as DatasetView);
  const versions = view ? view.versions : (q.versions as readonly CatalogVersion[]);
  const limit = q.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw ValidationError.single('query', 'limit', `must be an integer from 1 to ${MAX_LIMIT}`);
  }
  const plan = planQuery(dataset, spec, q.filters ?? {}, q.direction ?? spec.direction);
  const hash = planHash(dataset, plan, versions);
  const start = q.cursor ? fromCursor(q.cursor, hash) : { s: 0 };
  const budget = q.maxScanned ?? Math.max(SCAN_BUDGET, limit);
  const run = plan.token
    ? await tokenRows(deps, dataset, plan, versions, start, limit)
    : await keyedRows(deps, dataset, plan, versions, start, limit, budget);
  return {
    items: run.hits.map(toRow),
    limit,
    next_cursor: run.next ? toCursor(run.next, hash) : null,
    scanned: run.scanned,
    ...(run.matched !== undefined ? { matched: run.matched } : {}),
    sources: view ? view.sourceVersions(versions) : versions.map((v) => sourceVersionOf(v)),
  };
}

interface Run {
  hits: Hit[];
  next: CursorState | null;
  scanned: number;
  matched?: number;
}

const cmpPos = (a: Pos, b: Pos) => compareKeys(a.e, b.e) || a.v - b.v || a.r - b.r;

/** Reads the listing copies of every version in key order, merging them, within the scan budget. */
async function keyedRows(
  deps: Deps,
  dataset: CatalogDataset,
  plan: Plan,
  versions: readonly CatalogVersion[],
  start: CursorState,
  limit: number,
  budget: number,
): Promise<Run> {
  const dir = plan.descending ? -1 : 1;
  const order = (a: Hit, b: Hit) => a.seg - b.seg || dir * cmpPos(a.pos, b.pos);
  const parts = versions.map((version) => ({
    version,
    pk: listingPk(namespaceOf(dataset.id, version.generation), version.version_id, plan.spec.name, plan.part),
  }));
  const want = limit + 1; // one more than the page: whether another page exists
  const hits: Hit[] = [];
  let { s, p: pos } = start;
  let scanned = 0;
  while (s < plan.segments.length && hits.length < want && scanned < budget) {
    const seg = plan.segments[s]!;
    const active = parts
      .map((part) => ({ ...part, range: narrow(seg, pos, part.version.version_id, plan.descending) }))
      .filter((a) => a.range !== undefined);
    if (!active.length) {
      s++;
      pos = undefined;
      continue;
    }
    // Each copy gets an equal share of what is left of the budget (one item each at least, so a
    // request always moves on); too little left for every copy: stop here, the cursor resumes.
    if (scanned > 0 && budget - scanned < active.length) break;
    const need = want - hits.length;
    const share = Math.max(1, Math.floor((budget - scanned) / active.length));
    // Without filters, exactly the rows needed. With filters, DynamoDB counts rows read, not rows
    // kept: read a few times more than needed in one call (no item limit, a read cap) rather than
    // creep forward `need` rows per round trip; surplus rows are simply not shown.
    const read = plan.where.length
      ? { where: plan.where, maxScanned: Math.min(share, Math.max(READ_AHEAD_MIN, need * READ_AHEAD)) }
      : { limit: need, maxScanned: share };
    const pages = await Promise.all(
      active.map((a) => deps.tables.catalog.query(a.pk, { between: a.range, descending: plan.descending, ...read })),
    );
    // Rows are final only up to the nearest point any unfinished copy stopped reading at.
    let boundary: Pos | undefined;
    const found: Hit[] = [];
    pages.forEach((page, i) => {
      const { version } = active[i]!;
      scanned += page.scanned ?? page.items.length;
      for (const item of page.items) found.push({ seg: s, pos: posOf(item.sk, version.version_id), item, version });
      if (page.lastKey) {
        const b = posOf(page.lastKey.sk, version.version_id);
        if (!boundary || dir * cmpPos(b, boundary) < 0) boundary = b;
      }
    });
    hits.push(...found.filter((h) => !boundary || dir * cmpPos(h.pos, boundary) <= 0).sort(order));
    if (boundary) pos = boundary;
    else {
      s++;
      pos = undefined;
    }
  }
  return finish(hits, limit, s < plan.segments.length ? { s, p: pos } : null, scanned);
}

/** The page and the cursor: after the last row shown when more rows were found, else where reading stopped. */
function finish(hits: Hit[], limit: number, stopped: CursorState | null, scanned: number): Run {
  if (hits.length > limit) {
    const last = hits[limit - 1]!;
    return { hits: hits.slice(0, limit), next: { s: last.seg, p: last.pos }, scanned };
  }
  return { hits, next: stopped, scanned };
}

/**
 * The part of a key range still to read in one version's copy after position `pos`, in the
 * order (value, version, record): inclusive bounds, or undefined when nothing is left.
 */
function narrow(
  seg: [string, string],
  pos: Pos | undefined,
  versionId: number,
  descending: boolean,
): [string, string] | undefined {
  let [lo, hi] = seg;
  if (pos) {
    if (!descending) {
      const from =
        versionId < pos.v
          ? bounds.above(pos.e)
          : versionId === pos.v
            ? sortKey(pos.e, pos.r + 1)
            : bounds.atLeast(pos.e);
      if (compareKeys(from, lo) > 0) lo = from;
    } else {
      const to =
        versionId > pos.v
          ? bounds.below(pos.e)
          : versionId === pos.v
            ? pos.r > 0
              ? sortKey(pos.e, pos.r - 1)
              : bounds.below(pos.e)
            : bounds.atMost(pos.e);
      if (compareKeys(to, hi) < 0) hi = to;
    }
  }
  return compareKeys(lo, hi) <= 0 ? [lo, hi] : undefined;
}

function posOf(sk: string, versionId: number): Pos {
  const { value, record } = parseSortKey(sk);
  return { e: value, v: versionId, r: record };
}

/**
 * A word search: the token partition of the longest word (one query per loader generation), the
 * other words and filters as conditions, then sorted in memory in the listing's order.
 */
async function tokenRows(
  deps: Deps,
  dataset: CatalogDataset,
  plan: Plan,
  versions: readonly CatalogVersion[],
  start: CursorState,
  limit: number,
): Promise<Run> {
  const token = plan.token!;
  const byNs = new Map<string, Map<number, CatalogVersion>>();
  for (const v of versions) {
    const ns = namespaceOf(dataset.id, v.generation);
    byNs.set(ns, (byNs.get(ns) ?? new Map()).set(v.version_id, v));
  }
  const { field, type } = plan.spec.sort;
  const dir = plan.descending ? -1 : 1;
  const hits: Hit[] = [];
  let scanned = 0;
  for (const [ns, byId] of byNs) {
    const ids = [...byId.keys()];
    const page = await deps.tables.catalog.query(tokenPk(ns, token.driver), {
      between: versionBounds(Math.min(...ids), Math.max(...ids)),
      where: plan.where.length ? plan.where : undefined,
      maxScanned: TOKEN_SCAN_CAP - scanned,
    });
    scanned += page.scanned ?? page.items.length;
    if (page.lastKey) {
      throw ValidationError.single(
        'query',
        paramOf(token.param),
        `matches more than ${TOKEN_SCAN_CAP} rows to sort: add words or filters`,
        'too_broad',
      );
    }
    for (const item of page.items) {
      const version = byId.get(Number(item.version_id));
      if (!version) continue;
      const e = encodeValue(type, ((item.f as Record<string, never> | undefined)?.[field] ?? null) as never);
      hits.push({
        seg: e === NULL_TAG ? 1 : 0,
        pos: { e, v: version.version_id, r: Number(item.record) },
        item,
        version,
      });
    }
  }
  const after = (h: Hit) => !start.p || h.seg > start.s || (h.seg === start.s && dir * cmpPos(h.pos, start.p) > 0);
  const ordered = hits
    .filter((h) => h.seg >= start.s && after(h))
    .sort((a, b) => a.seg - b.seg || dir * cmpPos(a.pos, b.pos));
  return { ...finish(ordered.slice(0, limit + 1), limit, null, scanned), matched: hits.length };
}

function toRow(h: Hit): ListingRow {
  const { item, version } = h;
  const line = item.line === null || item.line === undefined ? null : Number(item.line);
  return {
    value: (item.value as Record<string, unknown>) ?? {},
    source: {
      source_id: version.source_id,
      doc_id: version.doc_id,
      version_id: version.version_id,
      sha256: version.sha256,
      publisher_version: version.publisher_version,
      locator: line === null ? null : { line, record: Number(item.record) },
    },
  };
}

/** Ties a cursor to its query: the same listing, copy, key ranges, conditions, direction and versions. */
function planHash(dataset: CatalogDataset, plan: Plan, versions: readonly CatalogVersion[]): string {
  return cursorBinding(
    dataset.id,
    plan.spec.name,
    plan.part,
    plan.segments,
    plan.where,
    plan.token ?? null,
    plan.descending,
    versions.map((v) => `${v.version_id}@${v.generation ?? ''}`),
  );
}

function toCursor(c: CursorState, hash: string): string {
  return writeCursor(hash, { s: c.s, ...(c.p ? { p: [c.p.e, c.p.v, c.p.r] } : {}) });
}

const CursorBody = z.strictObject({
  s: z.number().int().min(0),
  p: z.tuple([z.string(), z.number().int(), z.number().int().min(0)]).optional(),
});

function fromCursor(cursor: string, hash: string): CursorState {
  const body = readCursor(
    cursor,
    hash,
    CursorBody,
    'belongs to another query (its filters, order or the versions in force changed): start again without it',
  );
  return { s: body.s, p: body.p ? { e: body.p[0], v: body.p[1], r: body.p[2] } : undefined };
}

/**
 * A listing query from a route's query string, by the naming convention the errors use
 * (query-plan.ts `paramOf`): a filter is its field's name (`state=NY`, `name=smi` for a prefix,
 * `title=oak hill` for words), a range `<field>_min`/`<field>_max` (inclusive), `order`
 * (`asc`/`desc`), `limit`, `cursor`. Parameters the route reads itself are listed in `own`; any
 * other parameter is a 400 naming it.
 */
export function listingParams(
  dataset: CatalogDataset,
  listing: string,
  query: Readonly<Record<string, string | undefined>>,
  own: readonly string[] = ['as_of'],
): Omit<ListingQuery, 'versions'> {
  const spec = listingSpec(dataset, listing);
  const filters: Record<string, FilterInput & object> = {};
  const out: Omit<ListingQuery, 'versions'> = { filters };
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || own.includes(name)) continue;
    if (name === 'cursor') out.cursor = value;
    else if (name === 'limit') {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < 1 || n > MAX_LIMIT) {
        throw ValidationError.single('query', 'limit', `must be an integer from 1 to ${MAX_LIMIT}`);
      }
      out.limit = n;
    } else if (name === 'order') {
      if (value !== 'asc' && value !== 'desc') throw ValidationError.single('query', 'order', 'must be asc or desc');
      out.direction = value;
    } else {
      const range = /^(.+)_(min|max)$/.exec(name);
      const field = range && spec.filters.get(range[1]!) === 'range' ? range[1]! : name;
      const kind = spec.filters.get(field);
      if (!kind) {
        const known = [...spec.filters.keys()].sort().join(', ') || 'none';
        throw ValidationError.single(
          'query',
          name,
          `is not a filter of this list (filters: ${known})`,
          'unknown_filter',
        );
      }
      const f = filters[field] ?? {};
      filters[field] = f;
      if (range && field !== name) f[range[2] === 'min' ? 'gte' : 'lte'] = value;
      else if (kind === 'prefix') f.prefix = value;
      else if (kind === 'token') f.token = value;
      else f.eq = value;
    }
  }
  return out;
}
