import type { Page, PageParams } from '../http/paging';
import { pageTable } from '../http/paging';
import type { Table } from '../storage/table';
import { logPk, padId, subKey } from './model';

/** One delivery attempt as the owner sees it in the delivery log. */
export interface DeliveryAttempt {
  attempt_id: string;
  at: string;
  kind: 'scheduled' | 'redelivery';
  ok: boolean;
  /** HTTP status of the receiver's answer, null when none arrived. */
  status_code: number | null;
  /**
   * Why it failed, null on success: one of the coarse failure classes of shared/webhooks/failure.ts
   * (timeout, dns, blocked_address, refused, tls, redirect, non_2xx, ...), never a raw socket error.
   * The webhooks code writes only a class and narrows what it reads back (older entries held free text).
   */
  error: string | null;
  latency_ms: number;
  /** Number of changes in the body. */
  count: number;
  first_version_id: number | null;
  last_version_id: number | null;
}

/**
 * Append an attempt. Its sort key is a per-subscription sequence number from an atomic counter on
 * the subscription item, so the log is unique and ordered by attempt even when two attempts share a
 * timestamp (or clocks disagree between Lambdas).
 */
export async function appendAttempt(
  table: Table,
  subscriptionId: number,
  a: Omit<DeliveryAttempt, 'attempt_id'>,
): Promise<DeliveryAttempt> {
  const seq = await table.increment(subKey(subscriptionId), 'attempt_seq');
  const attempt: DeliveryAttempt = { attempt_id: `${subscriptionId}-${seq}`, ...a };
  await table.put({ pk: logPk(subscriptionId), sk: padId(seq), ...attempt });
  return attempt;
}

function toAttempt(item: Record<string, unknown>): DeliveryAttempt {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    attempt_id: String(item.attempt_id),
    at: String(item.at),
    kind: item.kind === 'redelivery' ? 'redelivery' : 'scheduled',
    ok: item.ok === true,
    status_code: num(item.status_code),
    error: typeof item.error === 'string' ? item.error : null,
    latency_ms: Number(item.latency_ms ?? 0),
    count: Number(item.count ?? 0),
    first_version_id: num(item.first_version_id),
    last_version_id: num(item.last_version_id),
  };
}

/** The log of one subscription, newest first. */
export function listAttempts(table: Table, subscriptionId: number, p: PageParams): Promise<Page<DeliveryAttempt>> {
  return pageTable(table, logPk(subscriptionId), p, toAttempt, { descending: true });
}
