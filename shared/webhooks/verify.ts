/**
 * Receiver-side check of a webhook delivery, usable in browsers, Node 20+, Deno and workers: it
 * only uses Web Crypto (`crypto.subtle`) and TextEncoder, no Node modules.
 *
 * Procedure (spec "Events" rule 1): HMAC-SHA256 over the raw body bytes exactly as received,
 * keyed with the UTF-8 bytes of the signing secret; compare with the lowercase-hex
 * X-Service-Signature header in constant time; parse the JSON only after the check passes.
 */

export type RawBody = string | ArrayBuffer | ArrayBufferView;

function toBytes(raw: RawBody): Uint8Array {
  if (typeof raw === 'string') return new TextEncoder().encode(raw);
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Compare two strings in time that depends only on their length, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The lowercase hex HMAC-SHA256 of `raw` under `secret`, via Web Crypto. */
export async function computeSignature(raw: RawBody, secret: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto (crypto.subtle) is not available in this runtime');
  const key = await subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await subtle.sign('HMAC', key, toBytes(raw) as Uint8Array<ArrayBuffer>);
  return hex(new Uint8Array(mac));
}

/**
 * True when `signatureHeader` is the signature of `rawBody` under `secret`. Pass the body bytes
 * (or the exact string) as received, before any JSON parsing; a missing header is false.
 */
export async function verifyWebhook(
  rawBody: RawBody,
  signatureHeader: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (!signatureHeader || !secret) return false;
  const expected = await computeSignature(rawBody, secret);
  return constantTimeEqual(expected, signatureHeader.trim().toLowerCase());
}

/**
 * Verify, then parse: returns the delivery body, or throws without parsing when the signature
 * does not match. The generic parameter is the delivery body type of the typed client.
 */
export async function parseVerifiedWebhook<T = unknown>(
  rawBody: RawBody,
  signatureHeader: string | null | undefined,
  secret: string,
): Promise<T> {
  if (!(await verifyWebhook(rawBody, signatureHeader, secret))) {
    throw new Error('webhook signature mismatch: body not parsed');
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(toBytes(rawBody));
  return JSON.parse(text) as T;
}
