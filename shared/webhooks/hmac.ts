import { createHmac, randomBytes } from 'node:crypto';

/** Header names and the one event kind of a delivery (spec "Events"). */
export const EVENT_HEADER = 'X-Service-Event';
export const SUBSCRIPTION_HEADER = 'X-Service-Subscription';
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const CHANGES_OBSERVED = 'changes.observed';

/**
 * Lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the UTF-8 bytes of the signing
 * secret string as it was returned at registration. Sign the bytes that are sent, never a
 * re-serialization.
 */
export function signBody(secret: string, body: Uint8Array): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
}

/** A new signing secret: 32 random bytes, base64url, with a prefix that makes leaks greppable. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
