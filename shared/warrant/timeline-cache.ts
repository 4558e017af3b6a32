import type { Deps } from '../deps';
import { readTimelines, type Timeline } from '../facts/timeline';
import { needsHistory } from '../facts/timeline-head';
import { readHistory } from '../facts/timeline-history';
import type { Table } from '../storage/table';
import { onTimelineWrite } from '../storage/timeline-signal';
import { TtlReads } from './ttl-reads';

/**
 * Source timelines as warrants read them: reused for WARRANT_TIMELINE_TTL_MS (default 1 s) after
 * the read started, so a version archived or loaded by another process is answered from at most
 * that long after it was recorded; dropped at once when this process writes a timeline (archive
 * import, fetch, load pipeline: shared/storage/timeline-signal.ts). Concurrent requests share one
 * read in flight, and the sources missing at once are read in one batch. TTL 0 reads every time.
 */
const caches = new WeakMap<Table, TtlReads<Timeline | undefined>>();

/** Source ids kept: a handful of warrant sources, plus whatever other callers ask for. */
const MAX_SOURCES = 1_000;
/** Completed timelines kept (one per set of heads and documents read in full). */
const MAX_HISTORIES = 1_000;

/** Timelines completed with every version of some documents, for dates older than their heads decide. */
const histories = new WeakMap<Table, TtlReads<Map<string, Timeline>>>();

function cacheOf(deps: Deps): TtlReads<Timeline | undefined> {
  const table = deps.tables.facts;
  let c = caches.get(table);
  if (!c) {
    const reads = new TtlReads<Timeline | undefined>(deps.config.warrantCache.timelineTtlMs, MAX_SOURCES);
    const full = new TtlReads<Map<string, Timeline>>(deps.config.warrantCache.timelineTtlMs, MAX_HISTORIES);
    onTimelineWrite(table, () => {
      reads.clear();
      full.clear();
    });
    caches.set(table, reads);
    histories.set(table, full);
    c = reads;
  }
  return c;
}

/** A number per Timeline object read: a completed timeline is reused only over the very heads it completed. */
const headIds = new WeakMap<Timeline, number>();
let lastHeadId = 0;
function headId(t: Timeline): number {
  let id = headIds.get(t);
  if (id === undefined) {
    id = ++lastHeadId;
    headIds.set(t, id);
  }
  return id;
}

/** The timelines of the sources (a source never registered is absent), through the cache. */
export async function cachedTimelines(deps: Deps, sourceIds: readonly string[]): Promise<Map<string, Timeline>> {
  const values = await cacheOf(deps).getMany(sourceIds, async (missing) => {
    const read = await readTimelines(deps.tables.facts, missing);
    return new Map(missing.map((id) => [id, read.get(id)]));
  });
  const out = new Map<string, Timeline>();
  sourceIds.forEach((id, i) => {
    const t = values[i];
    if (t) out.set(id, t);
  });
  return out;
}

/**
 * The timelines as they decide the given dates (shared/facts/timeline-history.ts `readHistory`),
 * through the cache: the heads as `cachedTimelines`; when a date is older than some head decides
 * alone, the completed timelines are reused while the heads they completed are (so never longer
 * than the heads' TTL), keyed by the documents read in full, whatever old date asked for them.
 */
export async function cachedTimelinesOn(
  deps: Deps,
  sourceIds: readonly string[],
  dates: readonly string[],
): Promise<Map<string, Timeline>> {
  const heads = await cachedTimelines(deps, sourceIds);
  const full: string[] = [];
  for (const t of heads.values()) {
    for (const [docId, p] of t.partial ?? []) if (dates.some((d) => needsHistory(p, d))) full.push(docId);
  }
  if (!full.length) return heads;
  const key = `${[...heads.values()].map(headId).join(',')}|${full.sort().join(',')}`;
  return histories.get(deps.tables.facts)!.get(key, () => readHistory(deps.tables.facts, heads, dates));
}
