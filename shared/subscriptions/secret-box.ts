import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * How a subscription's signing secret is kept at rest. The delivery run must HMAC with it, so it
 * cannot be hashed; with WEBHOOK_SECRET_KEY configured it is sealed with AES-256-GCM, the
 * subscription id bound in as associated data (a sealed secret copied onto another subscription
 * does not open). Without the key it is stored as-is, protected only by the table's encryption at
 * rest and its IAM grants; `plain.` marks such values so a later key rotation can find them.
 */
const SEALED = 'v1.';
const PLAIN = 'plain.';

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes');
  return bytes;
}

const aad = (subscriptionId: number) => Buffer.from(`subscription:${subscriptionId}`, 'utf8');

/** The stored form of a signing secret. */
export function sealSecret(secret: string, subscriptionId: number, key?: string): string {
  if (!key) return `${PLAIN}${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(key), iv);
  cipher.setAAD(aad(subscriptionId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED}${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** The signing secret from its stored form; throws when it is sealed and the key is absent or wrong. */
export function openSecret(stored: string, subscriptionId: number, key?: string): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new Error('unrecognised stored secret format');
  if (!key) throw new Error('the signing secret is sealed but WEBHOOK_SECRET_KEY is not configured');
  const [ivText, bodyText] = stored.slice(SEALED.length).split('.');
  const iv = Buffer.from(ivText ?? '', 'base64url');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(key), iv);
  decipher.setAAD(aad(subscriptionId));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
}
