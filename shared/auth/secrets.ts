import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key material. A key is `wsk_` + 32 random bytes in base64url; only its digest is stored: SHA-256
 * of the key, or HMAC-SHA256 keyed with the server pepper (API_KEY_PEPPER) when one is configured,
 * so a copy of the keys table alone cannot be used to test guessed keys. Digests are hex.
 */
export const KEY_PREFIX = 'wsk_';

/** A fresh API key: the secret shown once at creation and never again. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A public, non-secret key id (`key_` + 16 hex), used in usage records, logs and admin lists. */
export function newKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}

/** The stored lookup digest of a presented key. Same cost for every input, so timing reveals nothing. */
export function digestApiKey(key: string, pepper?: string): string {
  return pepper
    ? createHmac('sha256', pepper).update(key, 'utf8').digest('hex')
    : createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Constant-time equality of two strings: both are hashed to 32 bytes first, so neither their
 * contents nor their lengths change the time taken (crypto.timingSafeEqual needs equal lengths).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}
