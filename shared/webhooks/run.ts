import type { ChangeRecord } from '../archive/change-record';
import { pendingVersions } from '../archive/versions';
import type { Deps } from '../deps';
import { settleLoadedPending } from '../feed/codes-status';
import { scanChanges } from '../feed/query';
import { advanceCursor, recordOutcome } from '../subscriptions/cursor';
import type { Subscription } from '../subscriptions/model';
import { listActive } from '../subscriptions/store';
import { attemptDelivery } from './deliver';
import { changeScope, planDelivery } from './plan';
import { forEachLimited } from './pool';
import { type Resolver, systemResolver } from './resolver';
import type { Transport } from './sender';

/** Spec "Limits": changes observed more than 14 days ago are no longer (re)delivered. */
export const REDELIVERY_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

export type DeliveryDeps = Pick<Deps, 'config' | 'clock' | 'logger' | 'tables'>;

export interface DeliveryRunOptions {
  resolver?: Resolver;
  /** Test/benchmark transport (CA, short deadline, connect override); code injection only. */
  transport?: Transport;
  /** Deliveries in flight at once; default config.webhooks.concurrency. */
  concurrency?: number;
  /** Epoch ms after which no new delivery starts (the Lambda's remaining time); the rest wait a day. */
  deadline?: number;
}

export interface DeliveryStats {
  subscriptions: number;
  attempted: number;
  delivered: number;
  failed: number;
  /** Subscriptions with nothing to send (no request made). */
  idle: number;
  /** Code-scoped subscriptions whose cursor stopped before a change whose codes are still pending. */
  held: number;
  /** Changes passed with their codes still pending because they left the 14-day window (each warned). */
  expired_unmapped: number;
  /** Not attempted because the run's deadline passed; their cursors did not move. */
  deferred: number;
  /** Successful deliveries whose cursor another run had already moved. */
  cursor_conflicts: number;
  /** Storage or other unexpected errors (per subscription; the run continues). */
  errors: number;
  changes_scanned: number;
  changes_sent: number;
  slowest_attempt_ms: number;
  duration_ms: number;
  /** The lowest version still being written when the run read the feed (cursors stop before it), else null. */
  head_cut_at: number | null;
}

/** The lowest version id an ingest has taken but not finished (its marker still pending), if any. */
async function lowestPendingVersion(archive: DeliveryDeps['tables']['archive']): Promise<number | null> {
  const ids = (await pendingVersions(archive)).map((v) => v.version_id).filter((id) => Number.isFinite(id));
  return ids.length ? Math.min(...ids) : null;
}

/** A delivery running longer than this (healthy receivers answer in milliseconds) frees its slot. */
export const SLOW_AFTER_MS = 1000;
/** Deliveries in flight, slow ones included, are capped at this multiple of the concurrency. */
export const SLOW_LANE_FACTOR = 8;

/**
 * The daily delivery run (spec "Events"): for each active subscription, ONE signed POST of the
 * in-scope changes after its cursor that are at most 14 days old; none, no request. Invariants:
 *  - a cursor only moves by a conditional write from the value this run read, so overlapping
 *    runs never both advance it and it never moves backwards;
 *  - on success it moves to the feed head read at the start of the run (or to just before a held
 *    change, below). The head never passes a version still being written: version ids are taken
 *    when an ingest starts and its change record lands when it completes, so a slow ingest can
 *    finish after a faster one with a higher id. The head is cut to just before the lowest
 *    version still marked pending (read after the feed), and that change is delivered by a later
 *    run once it lands (a crashed writer's version is finished by the next fetch run's repair);
 *  - on failure it moves at most to just before the first change still owed (passing only changes
 *    out of scope or older than 14 days), so the next run resends everything owed plus new changes;
 *  - a change whose affected_codes are still `pending` (its facts not loaded yet, or their load
 *    failed) is neither sent to nor passed by a code-scoped subscription: its cursor stops just
 *    before it, success or not, and the run after the load decides it (shared/webhooks/plan.ts).
 *    The known in-scope changes after it are sent anyway and again until it is decided (at least
 *    once; version_id deduplicates), so one unloaded file delays nothing else. A change still
 *    pending when it leaves the 14-day window is passed with a warning: the spec no longer
 *    redelivers it, and holding longer would pin the cursor for good. Documents without a facts
 *    loader are `none` (empty codes by design) and never hold a cursor;
 *  - deliveries run `concurrency` at a time; a receiver still silent after SLOW_AFTER_MS gives its
 *    slot to the next subscription and is awaited up to its own deadline in the background (at most
 *    SLOW_LANE_FACTOR x concurrency in flight), so slow receivers never hold up healthy ones.
 */
export async function runDelivery(deps: DeliveryDeps, opts: DeliveryRunOptions = {}): Promise<DeliveryStats> {
  const started = performance.now();
  const now = deps.clock.now();
  const windowStart = now.getTime() - REDELIVERY_WINDOW_MS;
  const resolver = opts.resolver ?? systemResolver;
  const table = deps.tables.subscriptions;
  const stats: DeliveryStats = {
    subscriptions: 0,
    attempted: 0,
    delivered: 0,
    failed: 0,
    idle: 0,
    held: 0,
    expired_unmapped: 0,
    deferred: 0,
    cursor_conflicts: 0,
    errors: 0,
    changes_scanned: 0,
    changes_sent: 0,
    slowest_attempt_ms: 0,
    duration_ms: 0,
    head_cut_at: null,
  };
  const subs = await listActive(table);
  stats.subscriptions = subs.length;
  const minCursor = subs.reduce((m, s) => Math.min(m, s.cursor), Number.POSITIVE_INFINITY);
  const scanned: ChangeRecord[] = [];
  if (subs.length)
    for await (const c of scanChanges(deps.tables.archive, { afterVersionId: minCursor })) scanned.push(c);
  const feed = await settleLoadedPending(deps.tables.facts, scanned);
  feed.sort((a, b) => a.version_id - b.version_id);
  stats.changes_scanned = feed.length;
  const headRead = feed.length ? (feed[feed.length - 1] as ChangeRecord).version_id : 0;
  const unfinished = subs.length ? await lowestPendingVersion(deps.tables.archive) : null;
  const head = unfinished !== null && unfinished <= headRead ? unfinished - 1 : headRead;
  stats.head_cut_at = unfinished !== null && unfinished <= headRead ? unfinished : null;
  const expiredUnmapped = new Map<number, ChangeRecord>();

  const deliverOne = async (sub: Subscription) => {
    const scope = changeScope({ sourceIds: sub.source_ids, codes: sub.codes });
    const plan = planDelivery(feed, sub.cursor, scope, windowStart, head);
    for (const c of plan.expiredUnknown) expiredUnmapped.set(c.version_id, c);
    if (plan.heldAt !== null) stats.held++;
    const pending = plan.send;
    const settled = plan.onSuccess;
    if (pending.length === 0) {
      stats.idle++;
      if (settled > sub.cursor) await advanceCursor(table, sub.id, sub.cursor, settled);
      return;
    }
    if (opts.deadline !== undefined && Date.now() > opts.deadline) {
      stats.deferred++;
      return;
    }
    stats.attempted++;
    const at = deps.clock.now();
    const { result } = await attemptDelivery(table, sub, pending, {
      kind: 'scheduled',
      at,
      secretKey: deps.config.webhooks.secretKey,
      resolver,
      transport: opts.transport,
      now: () => deps.clock.now(),
      allowedPorts: deps.config.webhooks.allowedPorts,
    });
    stats.slowest_attempt_ms = Math.max(stats.slowest_attempt_ms, result.latencyMs);
    deps.logger.info('webhook delivery', {
      subscription_id: sub.id,
      ok: result.ok,
      status_code: result.status,
      failure: result.failure,
      detail: result.detail,
      latency_ms: result.latencyMs,
      count: pending.length,
    });
    if (result.ok) {
      stats.delivered++;
      stats.changes_sent += pending.length;
      const moved = await advanceCursor(table, sub.id, sub.cursor, settled, { at, ok: true });
      if (!moved) stats.cursor_conflicts++;
      return;
    }
    stats.failed++;
    const owedFrom = plan.onFailure;
    if (owedFrom > sub.cursor) await advanceCursor(table, sub.id, sub.cursor, owedFrom, { at, ok: false });
    else await recordOutcome(table, sub.id, { at, ok: false });
  };

  const concurrency = opts.concurrency ?? deps.config.webhooks.concurrency;
  const errors = await forEachLimited(subs, concurrency, deliverOne, {
    releaseAfterMs: SLOW_AFTER_MS,
    maxInFlight: concurrency * SLOW_LANE_FACTOR,
  });
  stats.errors = errors.length;
  stats.expired_unmapped = expiredUnmapped.size;
  for (const c of expiredUnmapped.values()) {
    deps.logger.warn('webhook change passed with affected codes unknown after 14 days', {
      version_id: c.version_id,
      doc_id: c.doc_id,
      source_id: c.source_id,
      observed_from: c.observed_from,
    });
  }
  for (const e of errors) deps.logger.error('webhook delivery error', { error: (e as Error).message });
  stats.duration_ms = Math.round(performance.now() - started);
  deps.logger.info('webhook run finished', { ...stats });
  return stats;
}
