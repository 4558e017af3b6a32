import { changesObservedBetween } from '../feed/query';
import { ConflictError, ValidationError } from '../http/errors';
import { getOwnedSubscription } from '../subscriptions/store';
import { attemptDelivery } from './deliver';
import type { LoggedAttempt } from './failure';
import { REDELIVERY_WINDOW_MS } from './run';
import type { WebhookServiceDeps } from './service';

export interface RedeliveryRange {
  /** First day (YYYY-MM-DD, UTC), inclusive. */
  from: string;
  /** Last day (YYYY-MM-DD, UTC), inclusive. */
  to: string;
}

export interface RedeliveryResult {
  subscription_id: number;
  /** The window actually used: the requested days cut to the last 14 days and to now. */
  window: { from: string; to: string };
  count: number;
  /** The attempt made, or null when no change matched (no request is sent). */
  attempt: LoggedAttempt | null;
}

/**
 * Re-send, now and as one delivery, the subscription's in-scope changes observed in a day range.
 * The range is capped at 14 days back (spec "Limits"); the cursor is never touched, so a manual
 * redelivery can neither skip nor rewind the daily run.
 */
export async function redeliver(
  d: WebhookServiceDeps,
  owner: string,
  id: number,
  range: RedeliveryRange,
): Promise<RedeliveryResult> {
  const sub = await getOwnedSubscription(d.tables.subscriptions, id, owner);
  if (range.to < range.from) throw ValidationError.single('body', 'to', 'must not be before from');
  if (sub.status !== 'active') throw new ConflictError(`Subscription ${id} is unsubscribed.`);
  const now = d.clock.now();
  const floor = now.getTime() - REDELIVERY_WINDOW_MS;
  const since = new Date(Math.max(Date.parse(`${range.from}T00:00:00.000Z`), floor));
  const until = new Date(Math.min(Date.parse(`${range.to}T23:59:59.999Z`), now.getTime()));
  if (until.getTime() < floor) {
    throw ValidationError.single(
      'body',
      'to',
      'the range ends more than 14 days ago, beyond the redelivery window; read GET /v1/archive/changes instead',
    );
  }
  if (since.getTime() > now.getTime()) throw ValidationError.single('body', 'from', 'must not be in the future');
  const changes = await changesObservedBetween(d.tables.archive, since, until, {
    sourceIds: sub.source_ids,
    codes: sub.codes,
  });
  const window = { from: since.toISOString(), to: until.toISOString() };
  if (changes.length === 0) return { subscription_id: id, window, count: 0, attempt: null };
  const { attempt } = await attemptDelivery(d.tables.subscriptions, sub, changes, {
    kind: 'redelivery',
    at: now,
    secretKey: d.config.webhooks.secretKey,
    resolver: d.resolver,
    transport: d.transport,
    now: () => d.clock.now(),
    allowedPorts: d.config.webhooks.allowedPorts,
  });
  return { subscription_id: id, window, count: changes.length, attempt };
}
