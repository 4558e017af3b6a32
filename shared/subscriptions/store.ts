import { createHash, randomBytes } from 'node:crypto';
import { NotFoundError } from '../http/errors';
import { type Page, type PageParams, pageTable } from '../http/paging';
import type { Table } from '../storage/table';
import { ACTIVE_PK, COUNTER_KEY, fromItem, ownerPk, padId, type Subscription, subKey, tokenKey } from './model';
import { sealSecret } from './secret-box';

export interface NewSubscription {
  owner: string;
  webhook_url: string;
  codes: string[];
  source_ids: string[];
  /** Version id the subscription starts after: it receives changes observed from now on. */
  cursor: number;
  secret: string;
  now: Date;
  secretKey?: string;
}

/** Unsubscribe tokens are stored only as this hash; the token is a capability shown once. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newUnsubscribeToken(): string {
  return `unsub_${randomBytes(32).toString('base64url')}`;
}

/**
 * Store a new subscription under a fresh id from the atomic counter. The token item is written
 * first (ifAbsent), so a subscription never exists without its way out.
 */
export async function insertSubscription(
  table: Table,
  s: NewSubscription,
): Promise<{ sub: Subscription; token: string }> {
  const id = await table.increment(COUNTER_KEY, 'value');
  const token = newUnsubscribeToken();
  await table.put({ ...tokenKey(hashToken(token)), subscription_id: id }, { ifAbsent: true });
  const item = {
    ...subKey(id),
    gsi1pk: ownerPk(s.owner),
    gsi1sk: padId(id),
    gsi2pk: ACTIVE_PK,
    gsi2sk: padId(id),
    id,
    owner: s.owner,
    channel: 'webhook',
    webhook_url: s.webhook_url,
    codes: s.codes,
    source_ids: s.source_ids,
    status: 'active',
    cursor: s.cursor,
    created_at: s.now.toISOString(),
    consecutive_failures: 0,
    sealed_secret: sealSecret(s.secret, id, s.secretKey),
  };
  await table.put(item, { ifAbsent: true });
  return { sub: fromItem(item), token };
}

export async function getSubscription(table: Table, id: number): Promise<Subscription | undefined> {
  const item = await table.get(subKey(id), { consistent: true });
  return item ? fromItem(item) : undefined;
}

/** The subscription if `owner` registered it; anyone else learns nothing (404, as for an unknown id). */
export async function getOwnedSubscription(table: Table, id: number, owner: string): Promise<Subscription> {
  const sub = await getSubscription(table, id);
  if (!sub || sub.owner !== owner) throw new NotFoundError(`No subscription ${id} for this API key.`);
  return sub;
}

/**
 * Unregister by token. Idempotent: a second call finds the subscription already unsubscribed and
 * answers the same; only an unknown token is a 404.
 */
export async function unsubscribeByToken(table: Table, token: string, now: Date): Promise<Subscription> {
  const ref = await table.get(tokenKey(hashToken(token)), { consistent: true });
  const sub = ref ? await getSubscription(table, Number(ref.subscription_id)) : undefined;
  if (!sub) throw new NotFoundError('Unknown unsubscribe token.');
  if (sub.status === 'unsubscribed') return sub;
  const updated = await table.update(subKey(sub.id), {
    set: { status: 'unsubscribed', unsubscribed_at: now.toISOString() },
    remove: ['gsi2pk', 'gsi2sk'],
    ifEquals: { status: 'active' },
  });
  return updated ? fromItem(updated) : ((await getSubscription(table, sub.id)) as Subscription);
}

/** Every active subscription, in id order (the sparse ACTIVE index). */
export async function listActive(table: Table): Promise<Subscription[]> {
  const items = await table.queryAll(ACTIVE_PK, { index: 'gsi2' });
  return items.map(fromItem).filter((s) => s.status === 'active');
}

/** A key's own subscriptions, in id order. */
export function listOwned(table: Table, owner: string, p: PageParams): Promise<Page<Subscription>> {
  return pageTable(table, ownerPk(owner), p, fromItem, { index: 'gsi1' });
}
