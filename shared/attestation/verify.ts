import { canonicalize } from 'json-canonicalize';
import nacl from 'tweetnacl';

/**
 * The offline verifier for clients: the spec's five steps ("Verifying a signed response").
 * It imports only tweetnacl and json-canonicalize (no node: modules, no Buffer), so it runs in
 * browsers and is re-exported by the typed client. A test holds it to that.
 *
 * 1. Take the key (from `attestation.public_key_url`, or one the caller already holds); its kid
 *    must equal `attestation.kid`.
 * 2. Remove only `attestation.signature` from the response object.
 * 3. Canonicalize the rest with RFC 8785.
 * 4. base64url-decode the signature (unpadded, as emitted) and verify it as Ed25519 over the UTF-8
 *    canonical bytes with the 32-byte raw public key.
 * 5. Failure means some field was altered or the key is the wrong one; success means the answer is
 *    authentic, intact and timestamped by `issued_at`.
 */

/** A published key, as served by GET /rules/warrant/signing-key (other members are ignored). */
export interface VerificationKey {
  kid: string;
  public_key_b64url: string;
  alg?: string;
}

export type Verification = { ok: true; kid: string; issued_at: string } | { ok: false; reason: string; kid?: string };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Steps 2 and 3: the RFC 8785 string of the response with only attestation.signature removed. */
export function signingInput(response: Json): string {
  const attestation = response.attestation;
  if (!isObject(attestation)) return canonicalize(response);
  const att: Json = {};
  for (const k of Object.keys(attestation)) if (k !== 'signature') att[k] = attestation[k];
  return canonicalize({ ...response, attestation: att });
}

/** Verify a parsed response against the key(s) the caller holds (steps 1 to 5, no network). */
export function verifySignedResponse(
  response: unknown,
  keys: VerificationKey | readonly VerificationKey[],
): Verification {
  if (!isObject(response)) return { ok: false, reason: 'the response is not a JSON object' };
  const a = response.attestation;
  if (!isObject(a)) return { ok: false, reason: 'the response carries no attestation block: it is not signed' };
  const kid = typeof a.kid === 'string' ? a.kid : undefined;
  if (a.alg !== 'Ed25519') return { ok: false, kid, reason: `unsupported attestation.alg ${String(a.alg)}` };
  if (a.canonicalization !== 'RFC8785') {
    return { ok: false, kid, reason: `unsupported attestation.canonicalization ${String(a.canonicalization)}` };
  }
  if (!kid) return { ok: false, reason: 'attestation.kid is missing' };
  const list: readonly VerificationKey[] = Array.isArray(keys) ? keys : [keys as VerificationKey];
  const key = list.find((k) => k.kid === kid);
  if (!key) {
    const have = list.map((k) => k.kid).join(', ') || 'none';
    return { ok: false, kid, reason: `no key with kid ${kid} (have: ${have})` };
  }
  if (key.alg !== undefined && key.alg !== 'Ed25519') return { ok: false, kid, reason: `key ${kid} is not Ed25519` };
  const publicKey = base64urlDecode(key.public_key_b64url);
  if (publicKey?.length !== 32) return { ok: false, kid, reason: 'the public key is not 32 base64url bytes' };
  const signature = typeof a.signature === 'string' ? base64urlDecode(a.signature) : undefined;
  if (signature?.length !== 64) {
    return { ok: false, kid, reason: 'attestation.signature is not a 64-byte base64url Ed25519 signature' };
  }
  let message: Uint8Array;
  try {
    message = new TextEncoder().encode(signingInput(response));
  } catch (e) {
    return { ok: false, kid, reason: `the response cannot be canonicalized: ${(e as Error).message}` };
  }
  if (!nacl.sign.detached.verify(message, signature, publicKey)) {
    return { ok: false, kid, reason: 'signature does not verify: some field was altered or the key is the wrong one' };
  }
  return { ok: true, kid, issued_at: typeof a.issued_at === 'string' ? a.issued_at : '' };
}

/** Step 1 over the network: fetch the key named by attestation.public_key_url, then verify. */
export async function verifyWithPublishedKey(
  response: unknown,
  fetchImpl: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }> = fetch,
): Promise<Verification> {
  const a = isObject(response) ? response.attestation : undefined;
  if (!isObject(a) || typeof a.public_key_url !== 'string') {
    return { ok: false, reason: 'the response carries no attestation.public_key_url' };
  }
  const res = await fetchImpl(a.public_key_url);
  if (!res.ok) return { ok: false, reason: `fetching ${a.public_key_url} answered ${res.status}` };
  const key = await res.json();
  if (!isVerificationKey(key)) return { ok: false, reason: `${a.public_key_url} did not return a signing key` };
  return verifySignedResponse(response, key);
}

/** Whether a parsed value has the members a verification key needs. */
export function isVerificationKey(v: unknown): v is VerificationKey {
  return isObject(v) && typeof v.kid === 'string' && typeof v.public_key_b64url === 'string';
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES: Record<string, number> = Object.fromEntries([...ALPHABET].map((ch, i) => [ch, i]));

/**
 * RFC 4648 §5 base64url without padding, strict: undefined for padding, foreign characters or
 * non-zero trailing bits (§3.5), so each encoded value has exactly one spelling and no edit to a
 * signature can decode to the same bytes. No Buffer, no atob.
 */
export function base64urlDecode(s: string): Uint8Array | undefined {
  if (s.length % 4 === 1 || /[^A-Za-z0-9_-]/.test(s)) return undefined;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (const ch of s) {
    acc = ((acc << 6) | (VALUES[ch] ?? 0)) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return (acc & ((1 << bits) - 1)) === 0 ? out : undefined;
}
