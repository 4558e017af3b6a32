import { z } from '@hono/zod-openapi';
import { CHANGES_PK, type ChangeRecord, changeSortKey } from '../archive/change-record';
import { cursorBinding, readCursor, writeCursor } from '../http/cursor';
import { nextOffset, offsetOf, type Page } from '../http/paging';
import type { Item, QueryOptions, Table } from '../storage/table';
import { codesStatusOf } from './codes-status';

/** Filters of the change feed; every one is optional and they combine with AND. */
export interface ChangeFilter {
  /** Only changes with version_id strictly greater than this (a subscription cursor). */
  afterVersionId?: number;
  /** Only changes of these sources. */
  sourceIds?: readonly string[];
  /** Only changes whose affected_codes intersect these codes. */
  codes?: readonly string[];
  /** Only changes observed at or after this instant (observed_from lower bound). */
  since?: Date;
  /** Only changes observed at or before this instant (observed_from upper bound). */
  until?: Date;
}

export interface ChangeQuery extends ChangeFilter {
  limit: number;
  offset?: number;
  /** A previous page's `next`: continue after its last change (same filters only). */
  cursor?: string;
}

/** A page of the feed, in version_id order (unique, so pages never repeat or skip). */
export interface ChangePage extends Page<ChangeRecord> {
  /** version_id of the last item returned, to continue with `afterVersionId` instead of offset. */
  last_version_id: number | null;
}

const READ_CHUNK = 500;

/**
 * The stored item as a change record: key and index attributes dropped, affected_codes defaulted,
 * and affected_codes_status derived for records written before it existed.
 */
export function toChangeRecord(item: Item | Record<string, unknown>): ChangeRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...rest } = item as Item;
  const record = rest as unknown as ChangeRecord;
  return {
    ...record,
    affected_codes: Array.isArray(record.affected_codes) ? record.affected_codes : [],
    affected_codes_status: codesStatusOf(record),
  };
}

/**
 * The predicate for a filter, shared by the feed and the webhook delivery run. A change whose
 * codes are still `pending` does not match a code filter: the delivery run does not use this
 * for that case alone but asks shared/webhooks/plan.ts `changeScope`, which can answer "not yet".
 */
export function changeMatcher(f: ChangeFilter): (c: ChangeRecord) => boolean {
  const sources = f.sourceIds?.length ? new Set(f.sourceIds) : null;
  const codes = f.codes?.length ? new Set(f.codes) : null;
  const since = f.since?.getTime();
  const until = f.until?.getTime();
  return (c) => {
    if (f.afterVersionId !== undefined && c.version_id <= f.afterVersionId) return false;
    if (sources && !sources.has(c.source_id)) return false;
    if (codes && !c.affected_codes.some((code) => codes.has(code))) return false;
    if (since !== undefined || until !== undefined) {
      const t = Date.parse(c.observed_from);
      if (since !== undefined && !(t >= since)) return false;
      if (until !== undefined && !(t <= until)) return false;
    }
    return true;
  };
}

/**
 * Walk the CHANGES partition in version_id order from `afterVersionId`, yielding every stored
 * change (unfiltered), or newest first with `descending`. A single source id reads its own index
 * partition instead of the whole feed.
 */
export async function* scanChanges(
  table: Table,
  from: { afterVersionId?: number; sourceId?: string; descending?: boolean },
): AsyncGenerator<ChangeRecord> {
  const useIndex = from.sourceId !== undefined;
  const pk = useIndex ? `${CHANGES_PK}#${from.sourceId}` : CHANGES_PK;
  const opts: QueryOptions = { limit: READ_CHUNK, descending: from.descending };
  if (useIndex) opts.index = 'gsi1';
  if (from.afterVersionId !== undefined && from.afterVersionId >= 0) opts.after = changeSortKey(from.afterVersionId);
  let cursor: string | undefined;
  do {
    const page = await table.query(pk, { ...opts, cursor });
    for (const item of page.items) yield toChangeRecord(item);
    cursor = page.cursor;
  } while (cursor);
}

const FeedCursor = z.strictObject({ v: z.number().int().min(0) });

/**
 * One page of the change feed (GET /v1/archive/changes and the webhook redelivery). Filters that
 * are not key conditions are applied while reading, so only offset+limit+1 matches are read past
 * the starting version (limit+1 with a cursor: the version id of the last change shown, bound to
 * the filters). `total` is null: counting a filtered feed is not cheap.
 */
export async function listChanges(table: Table, q: ChangeQuery): Promise<ChangePage> {
  const offset = offsetOf(q);
  const binding = cursorBinding(
    'changes',
    q.afterVersionId ?? null,
    q.sourceIds ?? [],
    q.codes ?? [],
    q.since?.toISOString() ?? null,
    q.until?.toISOString() ?? null,
  );
  const after = q.cursor !== undefined ? readCursor(q.cursor, binding, FeedCursor).v : q.afterVersionId;
  const matches = changeMatcher({ ...q, afterVersionId: after });
  const single = q.sourceIds?.length === 1 ? q.sourceIds[0] : undefined;
  const found: ChangeRecord[] = [];
  for await (const c of scanChanges(table, { afterVersionId: after, sourceId: single })) {
    if (!matches(c)) continue;
    found.push(c);
    if (found.length > offset + q.limit) break;
  }
  const items = found.slice(offset, offset + q.limit);
  const hasMore = found.length > offset + q.limit;
  const last = items[items.length - 1];
  return {
    items,
    limit: q.limit,
    offset: q.cursor === undefined ? offset : null,
    next_offset: nextOffset(q, offset, items.length, hasMore),
    next: hasMore && last ? writeCursor(binding, { v: last.version_id }) : null,
    total: null,
    last_version_id: last?.version_id ?? null,
  };
}

/** The highest version_id in the feed (0 when empty): where a new subscription's cursor starts. */
export async function latestVersionId(table: Table): Promise<number> {
  const page = await table.query(CHANGES_PK, { descending: true, limit: 1 });
  const top = page.items[0];
  return top ? Number(top.version_id) : 0;
}

/**
 * Slack when walking the feed backwards by observation time. Version ids and observed_from are
 * both assigned at ingest, so they rise together up to the overlap of concurrent ingests; a
 * backward walk stops only once it is a full day older than the lower bound.
 */
const OBSERVED_ORDER_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * The changes observed in [since, until] that match `filter`, oldest first. Reads the feed
 * newest first and stops a day past `since`, so a recent window costs a recent read, not the
 * whole history (used by the manual redelivery, whose window is at most 14 days).
 */
export async function changesObservedBetween(
  table: Table,
  since: Date,
  until: Date,
  filter: Pick<ChangeFilter, 'sourceIds' | 'codes'> = {},
): Promise<ChangeRecord[]> {
  const matches = changeMatcher({ ...filter, since, until });
  const stopBelow = since.getTime() - OBSERVED_ORDER_SLACK_MS;
  const single = filter.sourceIds?.length === 1 ? filter.sourceIds[0] : undefined;
  const found: ChangeRecord[] = [];
  for await (const c of scanChanges(table, { sourceId: single, descending: true })) {
    if (Date.parse(c.observed_from) < stopBelow) break;
    if (matches(c)) found.push(c);
  }
  return found.reverse();
}
