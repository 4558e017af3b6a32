import type { Clock } from '../deps';
import { ConflictError, NotFoundError } from '../http/errors';
import { type Page, type PageParams, pageTable } from '../http/paging';
import type { Item, Table } from '../storage/table';
import { digestApiKey, generateApiKey, newKeyId } from './secrets';
import { allowanceFor, type Entitlement, effectiveEntitlements, type Tier } from './tiers';

/** A key as the service sees it: never the secret, never its digest. */
export interface KeyRecord {
  key_id: string;
  tier: Tier;
  /** Effective entitlements: the tier's plus any granted to this key. */
  entitlements: Entitlement[];
  label: string;
  created_at: string;
  revoked_at: string | null;
  /** The daily allowance in force: the override when set, else the tier's. */
  daily_allowance: number;
  /** A per-key allowance (custom enterprise contracts; small ones in tests), null when the tier's applies. */
  allowance_override: number | null;
}

export interface NewKey {
  tier: Tier;
  label: string;
  entitlements?: readonly string[];
  allowance?: number | null;
  /** Use this secret instead of generating one (DEMO_API_KEY). */
  secret?: string;
}

const keyPk = (digest: string) => `KEY#${digest}`;
const idPk = (keyId: string) => `KEYID#${keyId}`;
const SK = 'KEY';
const LIST_PK = 'KEYS';

interface CacheEntry {
  record: KeyRecord;
  until: number;
}
/** Per-table cache of active keys, shared by every KeyStore on the same Table object in this process. */
const caches = new WeakMap<Table, Map<string, CacheEntry>>();

/**
 * API keys in the keys table. Each key is two items: the key item under its digest (what a request
 * looks up: one read) and a pointer under its public key id (what admins revoke by). No transactions
 * exist, so the pointer is written first: a crash between the writes leaves a harmless pointer, never
 * a key that cannot be revoked.
 */
export class KeyStore {
  private readonly cache: Map<string, CacheEntry>;

  constructor(
    private readonly table: Table,
    private readonly clock: Clock,
    private readonly opts: { pepper?: string; cacheSeconds?: number } = {},
  ) {
    let c = caches.get(table);
    if (!c) {
      c = new Map();
      caches.set(table, c);
    }
    this.cache = c;
  }

  digest(secret: string): string {
    return digestApiKey(secret, this.opts.pepper);
  }

  /** Create a key; the returned secret is the only copy that will ever exist outside the caller. */
  async create(input: NewKey): Promise<{ record: KeyRecord; secret: string }> {
    const secret = input.secret ?? generateApiKey();
    const digest = this.digest(secret);
    const created_at = this.clock.now().toISOString();
    let keyId = newKeyId();
    while (!(await this.table.put({ pk: idPk(keyId), sk: SK, digest }, { ifAbsent: true }))) keyId = newKeyId();
    const item: Item = {
      pk: keyPk(digest),
      sk: SK,
      key_id: keyId,
      tier: input.tier,
      granted: [...new Set(input.entitlements ?? [])],
      label: input.label,
      created_at,
      allowance_override: input.allowance ?? undefined,
      gsi1pk: LIST_PK,
      gsi1sk: `${created_at}#${keyId}`,
    };
    if (!(await this.table.put(item, { ifAbsent: true }))) {
      await this.table.delete({ pk: idPk(keyId), sk: SK });
      throw new ConflictError('A key with this secret already exists.');
    }
    return { record: toRecord(item), secret };
  }

  /**
   * The key presented by a caller, active or revoked, or undefined. Exactly one table read unless an
   * active key is cached, whatever the input (a missing header is looked up as a dummy digest).
   */
  async lookupDigest(digest: string): Promise<KeyRecord | undefined> {
    const hit = this.cache.get(digest);
    const now = Date.now();
    if (hit && hit.until > now) return hit.record;
    const item = await this.table.get({ pk: keyPk(digest), sk: SK });
    if (!item) return undefined;
    const record = toRecord(item);
    const ttl = (this.opts.cacheSeconds ?? 0) * 1000;
    if (!record.revoked_at && ttl > 0) this.cache.set(digest, { record, until: now + ttl });
    else this.cache.delete(digest);
    return record;
  }

  async get(keyId: string): Promise<KeyRecord> {
    const { digest } = await this.pointer(keyId);
    const item = await this.table.get({ pk: keyPk(digest), sk: SK }, { consistent: true });
    if (!item) throw new NotFoundError(`No API key ${keyId}.`);
    return toRecord(item);
  }

  /** Revoke a key; idempotent: a second call keeps the first revocation time. */
  async revoke(keyId: string): Promise<KeyRecord> {
    const { digest } = await this.pointer(keyId);
    const revoked_at = this.clock.now().toISOString();
    const key = { pk: keyPk(digest), sk: SK };
    const updated = await this.table.update(key, {
      set: { revoked_at },
      ifEquals: { revoked_at: null },
      ifExists: true,
    });
    this.cache.delete(digest);
    if (updated) return toRecord(updated);
    return this.get(keyId);
  }

  /** Set (or with null, clear) a key's own daily allowance. */
  async setAllowance(keyId: string, allowance: number | null): Promise<KeyRecord> {
    const { digest } = await this.pointer(keyId);
    const key = { pk: keyPk(digest), sk: SK };
    const updated = await this.table.update(
      key,
      allowance === null
        ? { remove: ['allowance_override'], ifExists: true }
        : { set: { allowance_override: allowance }, ifExists: true },
    );
    this.cache.delete(digest);
    if (!updated) throw new NotFoundError(`No API key ${keyId}.`);
    return toRecord(updated);
  }

  /** Every key, oldest first (ordered by creation time, then key id). */
  list(p: PageParams): Promise<Page<KeyRecord>> {
    // The cursor holds the index sort key (created_at#key_id, unique), never the table key (the digest).
    return pageTable(this.table, LIST_PK, p, (i) => toRecord(i as Item), { index: 'gsi1', cursorBy: 'sortKey' });
  }

  private async pointer(keyId: string): Promise<{ digest: string }> {
    const item = /^key_[0-9a-f]{16}$/.test(keyId)
      ? await this.table.get({ pk: idPk(keyId), sk: SK }, { consistent: true })
      : undefined;
    if (!item) throw new NotFoundError(`No API key ${keyId}.`);
    return { digest: String(item.digest) };
  }
}

function toRecord(item: Item): KeyRecord {
  const tier = item.tier as Tier;
  const override = typeof item.allowance_override === 'number' ? item.allowance_override : null;
  return {
    key_id: String(item.key_id),
    tier,
    entitlements: effectiveEntitlements(tier, (item.granted as string[] | undefined) ?? []),
    label: String(item.label ?? ''),
    created_at: String(item.created_at),
    revoked_at: typeof item.revoked_at === 'string' ? item.revoked_at : null,
    daily_allowance: allowanceFor(tier, override),
    allowance_override: override,
  };
}
