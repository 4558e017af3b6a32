import { keyStoreFor } from '../../shared/auth/access-control';
import type { KeyRecord } from '../../shared/auth/key-store';
import type { Tier } from '../../shared/auth/tiers';
import type { Deps } from '../../shared/deps';

export interface TestKeyOptions {
  tier?: Tier;
  entitlements?: string[];
  /** A per-key daily allowance (small ones make quota tests quick). */
  allowance?: number;
  label?: string;
}

export interface TestKey {
  secret: string;
  keyId: string;
  record: KeyRecord;
  /** Request headers carrying the key: `h.request(path, { headers: key.headers })`. */
  headers: Record<string, string>;
}

/**
 * A real API key in the keys table (hashed, like any key); every route but the public ones needs
 * one. Called as `createTestKey(deps)`, `createTestKey(deps, 'free', [])` or
 * `createTestKey(deps, { tier, entitlements, allowance })`. Defaults: pro tier with the warrant.
 */
export async function createTestKey(
  deps: Deps,
  tierOrOptions: Tier | TestKeyOptions = {},
  entitlements?: string[],
): Promise<TestKey> {
  const o: TestKeyOptions = typeof tierOrOptions === 'string' ? { tier: tierOrOptions, entitlements } : tierOrOptions;
  const tier = o.tier ?? 'pro';
  const { record, secret } = await keyStoreFor(deps).create({
    tier,
    label: o.label ?? `test ${tier}`,
    entitlements: o.entitlements ?? (tier === 'free' ? [] : ['warrant']),
    allowance: o.allowance,
  });
  return { secret, keyId: record.key_id, record, headers: { 'x-api-key': secret } };
}
