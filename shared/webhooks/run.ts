import type { Deps } from '../deps';
import type { ChangeRecord } from '../feed/change-record';
import { changeMatcher, scanChanges } from '../feed/query';
import { advanceCursor, recordOutcome } from '../subscriptions/cursor';
import { appendAttempt } from '../subscriptions/delivery-log';
import type { Subscription } from '../subscriptions/model';
import { openSecret } from '../subscriptions/secret-box';
import { listActive } from '../subscriptions/store';
import { deliverChanges } from './deliver';
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
}

/** Index of the first change with version_id > cursor in a feed sorted by version_id. */
function firstAfter(feed: readonly ChangeRecord[], cursor: number): number {
  let lo = 0;
  let hi = feed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((feed[mid] as ChangeRecord).version_id <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
 *  - on success it moves to the feed head read at the start of the run;
 *  - on failure it moves at most to just before the first change still owed (passing only changes
 *    out of scope or older than 14 days), so the next run resends everything owed plus new changes;
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
    deferred: 0,
    cursor_conflicts: 0,
    errors: 0,
    changes_scanned: 0,
    changes_sent: 0,
    slowest_attempt_ms: 0,
    duration_ms: 0,
  };
  const subs = await listActive(table);
  stats.subscriptions = subs.length;
  const minCursor = subs.reduce((m, s) => Math.min(m, s.cursor), Number.POSITIVE_INFINITY);
  const feed: ChangeRecord[] = [];
  if (subs.length) for await (const c of scanChanges(deps.tables.archive, { afterVersionId: minCursor })) feed.push(c);
  feed.sort((a, b) => a.version_id - b.version_id);
  stats.changes_scanned = feed.length;
  const head = feed.length ? (feed[feed.length - 1] as ChangeRecord).version_id : 0;
  const observedAt = new Map(feed.map((c) => [c.version_id, Date.parse(c.observed_from)]));

  const deliverOne = async (sub: Subscription) => {
    const inScope = changeMatcher({ sourceIds: sub.source_ids, codes: sub.codes });
    const pending: ChangeRecord[] = [];
    for (let i = firstAfter(feed, sub.cursor); i < feed.length; i++) {
      const c = feed[i] as ChangeRecord;
      if (inScope(c) && (observedAt.get(c.version_id) ?? 0) >= windowStart) pending.push(c);
    }
    const settled = Math.max(sub.cursor, head);
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
    let result: { ok: boolean; status: number | null; error: string | null; latencyMs: number };
    try {
      const secret = openSecret(sub.sealed_secret, sub.id, deps.config.webhooks.secretKey);
      result = await deliverChanges({ id: sub.id, webhook_url: sub.webhook_url, secret }, pending, {
        resolver,
        transport: opts.transport,
        now: () => deps.clock.now(),
      });
    } catch (e) {
      result = { ok: false, status: null, error: `not sent: ${(e as Error).message}`, latencyMs: 0 };
    }
    stats.slowest_attempt_ms = Math.max(stats.slowest_attempt_ms, result.latencyMs);
    const first = (pending[0] as ChangeRecord).version_id;
    await appendAttempt(table, sub.id, {
      at: at.toISOString(),
      kind: 'scheduled',
      ok: result.ok,
      status_code: result.status,
      error: result.error,
      latency_ms: result.latencyMs,
      count: pending.length,
      first_version_id: first,
      last_version_id: (pending[pending.length - 1] as ChangeRecord).version_id,
    });
    deps.logger.info('webhook delivery', {
      subscription_id: sub.id,
      ok: result.ok,
      status_code: result.status,
      error: result.error,
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
    const owedFrom = first - 1;
    if (owedFrom > sub.cursor) await advanceCursor(table, sub.id, sub.cursor, owedFrom, { at, ok: false });
    else await recordOutcome(table, sub.id, { at, ok: false });
  };

  const concurrency = opts.concurrency ?? deps.config.webhooks.concurrency;
  const errors = await forEachLimited(subs, concurrency, deliverOne, {
    releaseAfterMs: SLOW_AFTER_MS,
    maxInFlight: concurrency * SLOW_LANE_FACTOR,
  });
  stats.errors = errors.length;
  for (const e of errors) deps.logger.error('webhook delivery error', { error: (e as Error).message });
  stats.duration_ms = Math.round(performance.now() - started);
  deps.logger.info('webhook run finished', { ...stats });
  return stats;
}
