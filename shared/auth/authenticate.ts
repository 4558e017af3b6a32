import type { Config } from '../config';
import { NotFoundError } from '../http/errors';
import type { Principal } from '../http/types';
import { adminKeyRequired, EntitlementRequiredError, invalidKey, missingKey } from './errors';
import type { KeyRecord, KeyStore } from './key-store';
import { type AccessLevel, requiredEntitlement } from './policy';
import { ADMIN_PRINCIPAL } from './principal';
import { constantTimeEqual } from './secrets';
import { lowestTierWith } from './tiers';

/** Digest looked up when no key was sent, so a missing key costs the same hash and read as a wrong one. */
const ABSENT = 'wsk_absent-key-placeholder-never-issued';

/**
 * Resolve the presented X-API-Key to an active key or throw 401. Missing, unknown and revoked keys
 * all take one digest and one table read (the missing case looks up a digest no key can have), so
 * response time does not tell them apart; only the problem's wording does.
 */
export async function authenticateKey(keys: KeyStore, presented: string | undefined): Promise<KeyRecord> {
  const given = presented?.trim() || undefined;
  const found = await keys.lookupDigest(keys.digest(given ?? ABSENT));
  if (!given) throw missingKey();
  if (!found || found.revoked_at) throw invalidKey();
  return found;
}

/**
 * The operator key, compared in constant time. With no ADMIN_API_KEY configured the admin surface
 * does not exist: 404, exactly as for an unknown path.
 */
export function authenticateAdmin(config: Config, presented: string | undefined, what: string): Principal {
  if (!config.adminApiKey) throw new NotFoundError(`No route for ${what}.`);
  const matches = constantTimeEqual(presented ?? '', config.adminApiKey);
  if (!presented || !matches) throw adminKeyRequired();
  return ADMIN_PRINCIPAL;
}

/** 403 unless the key carries what the level demands; the problem says which tier includes it. */
export function authorize(key: KeyRecord, level: AccessLevel, what: string, pricingUrl?: string): void {
  const needed = requiredEntitlement(level);
  if (!needed || key.entitlements.includes(needed)) return;
  const tier = lowestTierWith(needed);
  throw new EntitlementRequiredError(
    `${what} needs the '${needed}' entitlement, included from the ${tier} tier up; this key is on the ${key.tier} tier.`,
    {
      required_entitlement: needed,
      required_tier: tier,
      billing_tier: key.tier,
      ...(pricingUrl ? { pricing_url: pricingUrl } : {}),
    },
  );
}
