import { type ListingRow, queryListing } from '../catalog/query';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';
import { MAX_LIMIT } from '../http/paging';
import type { Table } from '../storage/table';
import { BY_TABLE } from './approvals-rows';

/** Joined releases kept per catalog table: the release in force and a few older ones asked for by `as_of`. */
const KEEP = 4;
const memos = new WeakMap<Table, Map<string, Promise<unknown>>>();

/**
 * A per-process memo of what a read builds from a whole release (the approvals and Orange Book
 * joins), keyed like the listing cache (`wholeListingKey`: dataset, loader version, each version
 * with its loader generation), so the same key always names the same rows and a new release is a
 * new key. Unlike the listing cache it is bounded by entry count, not bytes: a full Orange Book
 * join (about 47,000 products) is larger than the listing cache's default 32 MB, and re-reading
 * the release on every request is what this avoids. Least recently used entries go first;
 * concurrent first reads share one build; a failed build is forgotten. Callers must not mutate
 * what they get.
 */
export function memoByRelease<T>(deps: Deps, key: string | undefined, build: () => Promise<T>): Promise<T> {
  if (key === undefined) return build();
  let memo = memos.get(deps.tables.catalog);
  if (!memo) {
    memo = new Map();
    memos.set(deps.tables.catalog, memo);
  }
  const m = memo;
  const hit = m.get(key);
  if (hit) {
    m.delete(key);
    m.set(key, hit);
    return hit as Promise<T>;
  }
  const pending = build();
  m.set(key, pending);
  pending.catch(() => {
    if (m.get(key) === pending) m.delete(key);
  });
  while (m.size > KEEP) m.delete(m.keys().next().value as string);
  return pending;
}

/**
 * Every row of one table of a release (the `by_table` listing, partition `table`), page after page,
 * without the listing cache: the memo above keeps the join, so the raw rows (tens of MB for a full
 * release) never crowd the shared listing cache.
 */
export async function readTable(deps: Deps, view: DatasetView, table: string): Promise<ListingRow[]> {
  const out: ListingRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, view.dataset, BY_TABLE, {
      versions: view,
      filters: { table: { eq: table } },
      limit: MAX_LIMIT,
      cursor,
    });
    out.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}
