import { z } from '@hono/zod-openapi';
import type { IndexName, QueryOptions, Table } from '../storage/table';
import { cursorBinding, invalidCursor, MAX_CURSOR_CHARS, readCursor, writeCursor } from './cursor';
import { ValidationError } from './errors';
import { queryInt } from './query-int';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
/** Highest `offset` accepted: offset paging reads every skipped item, so deep pages go by `cursor`. */
export const MAX_OFFSET = 10_000;

const limit = queryInt((n) => n.min(1).max(MAX_LIMIT))
  .default(DEFAULT_LIMIT)
  .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`, example: DEFAULT_LIMIT });

const offset = queryInt((n) =>
  n
    .min(0)
    .max(MAX_OFFSET, { error: `must be at most ${MAX_OFFSET}; page further with \`cursor\` (each page's \`next\`)` }),
)
  .optional()
  .openapi({
    description: `Items to skip (default 0), at most ${MAX_OFFSET}: kept for compatibility, \`cursor\` pages any depth. Not with \`cursor\`.`,
    example: 0,
  });

const cursor = z.string().min(1).max(MAX_CURSOR_CHARS).optional().openapi({
  description:
    "Opaque token from a page's `next`: the page after it. Valid only for the same list and filters (else 400); not with `offset`.",
});

const includeTotal = z.enum(['true', 'false']).optional().openapi({
  description: 'true: count the whole list into `total` (a read of every item); default false (`total` null).',
});

/** limit/offset/cursor for lists that never count a total (`total` is always null). */
export const CursorPageQuery = z.object({ limit, offset, cursor });

/** limit, offset (capped), cursor and include_total: the query parameters of every paged list. */
export const PageQuery = CursorPageQuery.extend({ include_total: includeTotal });

export interface PageParams {
  limit: number;
  offset?: number;
  cursor?: string;
  include_total?: 'true' | 'false' | boolean;
}

export interface Page<T> {
  items: T[];
  limit: number;
  /** This page's offset when paged by offset (0 for a first page); null when paged by cursor. */
  offset: number | null;
  next_offset: number | null;
  /** Cursor of the next page; null at the end. */
  next: string | null;
  total: number | null;
}

/** The page envelope schema for an item schema. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ items: z.array(item), ...pageFields }).openapi(name);
}

/** The envelope members beside `items`, for envelopes that add their own. */
export const pageFields = {
  limit: z.number().int(),
  offset: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "This page's offset (0 for a first page); null when the page was asked by `cursor`." }),
  next_offset: z
    .number()
    .int()
    .nullable()
    .openapi({
      description: `Offset of the next page, for offset paging; null at the end, on cursor pages and past offset ${MAX_OFFSET} (follow \`next\`).`,
    }),
  next: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
  total: z
    .number()
    .int()
    .nullable()
    .openapi({ description: 'Items in the whole list with `include_total=true`; otherwise null.' }),
};

/** Whether the caller asked for the total. */
export function wantsTotal(p: PageParams): boolean {
  return p.include_total === true || p.include_total === 'true';
}

/**
 * The offset a page starts at (0 with a cursor): offset and cursor paging exclude each other, and
 * the cap applies to offsets from any caller.
 */
export function offsetOf(p: Pick<PageParams, 'offset' | 'cursor'>): number {
  if (p.cursor !== undefined && p.offset !== undefined) {
    throw ValidationError.single('query', 'offset', 'cannot be combined with `cursor`: the cursor says where to start');
  }
  const offset = p.offset ?? 0;
  if (offset > MAX_OFFSET) {
    throw ValidationError.single(
      'query',
      'offset',
      `must be at most ${MAX_OFFSET}; page further with \`cursor\` (each page's \`next\`)`,
    );
  }
  return offset;
}

/** `next_offset` for a page by offset: null at the end, on cursor pages and past the cap. */
export function nextOffset(
  p: Pick<PageParams, 'cursor'>,
  offset: number,
  shown: number,
  hasMore: boolean,
): number | null {
  if (p.cursor !== undefined || !hasMore) return null;
  return offset + shown <= MAX_OFFSET ? offset + shown : null;
}

export interface ArrayList<T> {
  /** What the list is (route, filters, anything that changes its content): binds its cursors. */
  list: unknown;
  /**
   * A unique key of an item: a cursor remembers the last item shown and resumes after it wherever
   * it now is (items added earlier in the list are not shown, none is repeated or skipped); gone
   * from the list, the cursor is refused (400, start again). Without a key the list must not change
   * under a binding (static lists, or bound to the immutable versions it is built from).
   */
  key?: (item: T) => string | number;
}

const ArrayState = z.strictObject({ i: z.number().int().min(1), k: z.union([z.string(), z.number()]).optional() });

/**
 * Page an in-memory list that is already in its final order (which must end on a unique key).
 * Its cursor is the position after the last item shown (with that item's key when `key` is given).
 */
export function pageArray<T>(all: readonly T[], p: PageParams, bind: ArrayList<T>): Page<T> {
  const binding = cursorBinding('array', bind.list);
  let start = offsetOf(p);
  if (p.cursor !== undefined) {
    const state = readCursor(p.cursor, binding, ArrayState);
    const { key } = bind;
    // With a key, the last item shown is found wherever items added before it moved it to.
    const before = all[state.i - 1];
    const at =
      !key || (before !== undefined && key(before) === state.k)
        ? state.i
        : all.findIndex((t) => key(t) === state.k) + 1;
    if (at < 1 || at > all.length || (key && state.k === undefined)) {
      throw ValidationError.single(
        'query',
        'cursor',
        'the list changed since this cursor: start again without it',
        'stale_cursor',
      );
    }
    start = at;
  }
  const items = all.slice(start, start + p.limit);
  const end = start + items.length;
  const hasMore = end < all.length;
  const last = items[items.length - 1];
  return {
    items,
    limit: p.limit,
    offset: p.cursor === undefined ? start : null,
    next_offset: nextOffset(p, start, items.length, hasMore),
    next:
      hasMore && last !== undefined
        ? writeCursor(binding, { i: end, ...(bind.key ? { k: bind.key(last) } : {}) })
        : null,
    total: wantsTotal(p) ? all.length : null,
  };
}

/** The key attributes of a table or index item: what DynamoDB's LastEvaluatedKey holds. */
function keyAttributes(index?: IndexName): string[] {
  return index ? ['pk', 'sk', `${index}pk`, `${index}sk`] : ['pk', 'sk'];
}

/** Whether a sort key value lies in the query's key condition (a cursor must stay in its range). */
function inKeyRange(sk: string, q: QueryOptions): boolean {
  if (q.beginsWith !== undefined) return sk.startsWith(q.beginsWith);
  if (q.between) return sk >= q.between[0] && sk <= q.between[1];
  if (q.after !== undefined) return sk > q.after;
  if (q.atOrBefore !== undefined) return sk <= q.atOrBefore;
  return true;
}

export interface TablePageOptions extends Omit<QueryOptions, 'limit' | 'cursor' | 'startKey'> {
  /** false: never count, even when asked (`total` stays null). */
  withTotal?: boolean;
  /**
   * 'sortKey': the cursor holds only the (index) sort key of the last item, and the next page is
   * read with `after` it. For index partitions whose items' table keys must not leave the service
   * (API keys: the table key holds the key's digest); needs a sort key unique in the partition, an
   * ascending order and no other key condition. Default 'key': the full LastEvaluatedKey.
   */
  cursorBy?: 'key' | 'sortKey';
}

/**
 * Page one table (or index) partition in sort-key order (with the table key breaking ties, so
 * pages never repeat or skip, even while items are added). By cursor, a page is one query from
 * the previous page's last key (DynamoDB's ExclusiveStartKey), reading limit+1 items to learn
 * whether another page exists; by offset (capped at MAX_OFFSET), offset+limit+1 items. The total
 * is counted only when asked (`include_total`) and `withTotal` allows it.
 */
export async function pageTable<T>(
  table: Table,
  pk: string,
  p: PageParams,
  map: (item: Record<string, unknown>) => T,
  opts: TablePageOptions = {},
): Promise<Page<T>> {
  const { withTotal = true, cursorBy = 'key', ...query } = opts;
  const skAttr = query.index ? `${query.index}sk` : 'sk';
  if (cursorBy === 'sortKey' && (query.descending || hasKeyCondition(query))) {
    throw new Error('pageTable: cursorBy sortKey needs an ascending read without a key condition');
  }
  const binding = cursorBinding('table', table.name, pk, query);
  const attrs = keyAttributes(query.index);
  const offset = offsetOf(p);
  let from: Pick<QueryOptions, 'startKey' | 'after'> = {};
  if (p.cursor !== undefined && cursorBy === 'sortKey') {
    const { s } = readCursor(p.cursor, binding, z.strictObject({ s: z.string().min(1).max(1024) }));
    from = { after: s };
  } else if (p.cursor !== undefined) {
    const keySchema = z.strictObject(Object.fromEntries(attrs.map((a) => [a, z.string().min(1).max(1024)])));
    const { k } = readCursor(p.cursor, binding, z.strictObject({ k: keySchema }));
    const key = k as Record<string, string>;
    const pkAttr = query.index ? `${query.index}pk` : 'pk';
    if (key[pkAttr] !== pk || !inKeyRange(key[skAttr]!, query)) throw invalidCursor();
    from = { startKey: key };
  }
  const [{ items }, total] = await Promise.all([
    table.query(pk, { ...query, ...from, limit: offset + p.limit + 1 }),
    withTotal && wantsTotal(p) ? table.count(pk, query) : Promise.resolve(null),
  ]);
  const slice = items.slice(offset, offset + p.limit);
  const hasMore = items.length > offset + p.limit;
  const last = slice[slice.length - 1];
  const state = (item: Record<string, unknown>) =>
    cursorBy === 'sortKey'
      ? { s: String(item[skAttr]) }
      : { k: Object.fromEntries(attrs.map((a) => [a, String(item[a])])) };
  return {
    items: slice.map(map),
    limit: p.limit,
    offset: p.cursor === undefined ? offset : null,
    next_offset: nextOffset(p, offset, slice.length, hasMore),
    next: hasMore && last ? writeCursor(binding, state(last)) : null,
    total,
  };
}

/** Whether a read has a sort-key condition. */
function hasKeyCondition(q: QueryOptions): boolean {
  return q.beginsWith !== undefined || q.between !== undefined || q.after !== undefined || q.atOrBefore !== undefined;
}
