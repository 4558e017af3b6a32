import type { Principal } from '../http/types';
import type { KeyRecord } from './key-store';

/** The request principal of an accepted customer key. */
export function principalOf(k: KeyRecord): Principal {
  return { keyId: k.key_id, tier: k.tier, entitlements: k.entitlements, admin: false };
}

/** The operator, authenticated by ADMIN_API_KEY; not a stored key and never metered. */
export const ADMIN_PRINCIPAL: Principal = Object.freeze({
  keyId: 'admin',
  tier: 'enterprise',
  entitlements: Object.freeze([]) as readonly string[],
  admin: true,
}) as Principal;
