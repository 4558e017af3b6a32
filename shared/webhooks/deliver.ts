import type { ChangeRecord } from '../archive/change-record';
import type { Table } from '../storage/table';
import { appendAttempt, type DeliveryAttempt } from '../subscriptions/delivery-log';
import type { Subscription } from '../subscriptions/model';
import { openSecret } from '../subscriptions/secret-box';
import { DELIVERY_TIMEOUT_MS, startDeadline } from './deadline';
import { classOfRefusal, type LoggedAttempt } from './failure';
import { CHANGES_OBSERVED, EVENT_HEADER, SIGNATURE_HEADER, SUBSCRIPTION_HEADER, signBody } from './hmac';
import type { Resolver } from './resolver';
import { postPinned, type SendResult, type Transport } from './sender';
import { checkWebhookUrl } from './url-safety';

/** Spec "Delivery body". */
export interface DeliveryBody {
  event: typeof CHANGES_OBSERVED;
  sent_at: string;
  subscription_id: number;
  count: number;
  changes: ChangeRecord[];
}

/** The exact bytes sent and signed: serialized once, so the signature covers what goes on the wire. */
export function deliveryBytes(subscriptionId: number, changes: ChangeRecord[], sentAt: Date): Buffer {
  const body: DeliveryBody = {
    event: CHANGES_OBSERVED,
    sent_at: sentAt.toISOString(),
    subscription_id: subscriptionId,
    count: changes.length,
    changes,
  };
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/** The four delivery headers (spec "Events") for a body. */
export function deliveryHeaders(subscriptionId: number, secret: string, body: Buffer): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    [EVENT_HEADER]: CHANGES_OBSERVED,
    [SUBSCRIPTION_HEADER]: String(subscriptionId),
    [SIGNATURE_HEADER]: signBody(secret, body),
  };
}

export interface DeliverTarget {
  id: number;
  webhook_url: string;
  secret: string;
}

export interface DeliverContext {
  resolver: Resolver;
  transport?: Transport;
  now: () => Date;
  /** config.webhooks.allowedPorts: the URL is held to the same ports at delivery as at registration. */
  allowedPorts: readonly number[];
}

/**
 * One signed POST of `changes` to a subscription, within ONE deadline (transport.timeoutMs,
 * default 10 s) that covers resolving the host and the whole exchange: the lookup is cancelled
 * and the socket destroyed when it passes, so an attempt never takes longer. The URL is checked
 * again first (spec "Errors" 2: a host that now resolves to a private address, or a port the
 * operator no longer allows, is refused at delivery time) and the request connects to an address
 * from that very check.
 */
export async function deliverChanges(
  t: DeliverTarget,
  changes: ChangeRecord[],
  ctx: DeliverContext,
): Promise<SendResult> {
  const started = performance.now();
  const deadline = startDeadline(ctx.transport?.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  try {
    const check = await checkWebhookUrl(t.webhook_url, ctx.resolver, {
      allowedPorts: ctx.allowedPorts,
      signal: deadline.signal,
    });
    if (!check.ok) {
      return {
        ok: false,
        status: null,
        failure: classOfRefusal(check.refusal),
        detail: `refused at delivery: ${check.reason}`,
        latencyMs: Math.round(performance.now() - started),
      };
    }
    const body = deliveryBytes(t.id, changes, ctx.now());
    const sent = await postPinned(check.target, body, deliveryHeaders(t.id, t.secret, body), ctx.transport, deadline);
    return { ...sent, latencyMs: Math.round(performance.now() - started) };
  } finally {
    deadline.clear();
  }
}

/**
 * One logged attempt for a subscription, shared by the daily run and the manual redelivery: open
 * its signing secret, POST `changes` (at least one), and append the outcome to its delivery log.
 * The log keeps the failure class only (shared/webhooks/failure.ts), never the raw cause. A
 * secret that cannot be opened (WEBHOOK_SECRET_KEY missing or changed) makes a failed attempt,
 * `not_sent`, logged like any other rather than thrown.
 */
export async function attemptDelivery(
  table: Table,
  sub: Pick<Subscription, 'id' | 'webhook_url' | 'sealed_secret'>,
  changes: ChangeRecord[],
  o: DeliverContext & { kind: DeliveryAttempt['kind']; at: Date; secretKey?: string },
): Promise<{ result: SendResult; attempt: LoggedAttempt }> {
  let result: SendResult;
  try {
    const secret = openSecret(sub.sealed_secret, sub.id, o.secretKey);
    result = await deliverChanges({ id: sub.id, webhook_url: sub.webhook_url, secret }, changes, o);
  } catch (e) {
    result = {
      ok: false,
      status: null,
      failure: 'not_sent',
      detail: `not sent: ${(e as Error).message}`,
      latencyMs: 0,
    };
  }
  const attempt = await appendAttempt(table, sub.id, {
    at: o.at.toISOString(),
    kind: o.kind,
    ok: result.ok,
    status_code: result.status,
    error: result.failure,
    latency_ms: result.latencyMs,
    count: changes.length,
    first_version_id: changes[0]?.version_id ?? null,
    last_version_id: changes[changes.length - 1]?.version_id ?? null,
  });
  return { result, attempt: { ...attempt, error: result.failure } };
}
