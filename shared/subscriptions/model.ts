import type { Item } from '../storage/table';

/**
 * A webhook subscription as stored in the subscriptions table.
 *
 * Items (subscriptions table):
 *  - `SUB#<id>` / `META`: the subscription. gsi1 `OWNER#<keyId>` / padded id lists a key's
 *    subscriptions; gsi2 `ACTIVE` / padded id lists the active ones for the delivery run (removed
 *    on unsubscribe, so the sparse index holds only active subscriptions).
 *  - `UNSUB#<sha256(token)>` / `TOKEN`: unsubscribe token hash -> subscription id (the token itself
 *    is never stored).
 *  - `DLOG#<id>` / padded attempt sequence (counter `attempt_seq` on the subscription item): the
 *    delivery log.
 *  - `COUNTER` / `SUBSCRIPTION`: the atomic id counter.
 */
export interface Subscription {
  id: number;
  /** Key id of the API key that registered it. */
  owner: string;
  channel: 'webhook';
  webhook_url: string;
  codes: string[];
  source_ids: string[];
  status: 'active' | 'unsubscribed';
  /** Highest version_id settled for this subscription: delivered, skipped as out of scope, or expired. */
  cursor: number;
  created_at: string;
  unsubscribed_at: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  consecutive_failures: number;
  /** Stored (sealed) signing secret; never leaves the service. */
  sealed_secret: string;
}

export const subKey = (id: number) => ({ pk: `SUB#${id}`, sk: 'META' });
export const tokenKey = (hash: string) => ({ pk: `UNSUB#${hash}`, sk: 'TOKEN' });
export const logPk = (id: number) => `DLOG#${id}`;
export const COUNTER_KEY = { pk: 'COUNTER', sk: 'SUBSCRIPTION' };
export const ACTIVE_PK = 'ACTIVE';
export const ownerPk = (keyId: string) => `OWNER#${keyId}`;
export const padId = (id: number) => String(id).padStart(12, '0');

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function fromItem(item: Item | Record<string, unknown>): Subscription {
  return {
    id: Number(item.id),
    owner: String(item.owner),
    channel: 'webhook',
    webhook_url: String(item.webhook_url),
    codes: strs(item.codes),
    source_ids: strs(item.source_ids),
    status: item.status === 'unsubscribed' ? 'unsubscribed' : 'active',
    cursor: Number(item.cursor ?? 0),
    created_at: String(item.created_at),
    unsubscribed_at: str(item.unsubscribed_at),
    last_attempt_at: str(item.last_attempt_at),
    last_success_at: str(item.last_success_at),
    consecutive_failures: Number(item.consecutive_failures ?? 0),
    sealed_secret: String(item.sealed_secret ?? ''),
  };
}

/** What an owner may see of a subscription: everything except the secret. */
export function publicView(s: Subscription) {
  const { sealed_secret: _secret, owner: _owner, id, ...rest } = s;
  return { subscription_id: id, ...rest };
}
export type SubscriptionView = ReturnType<typeof publicView>;
