import { sha256 } from '@noble/hashes/sha2';
import { canonicalize } from 'json-canonicalize';
import nacl from 'tweetnacl';

/**
 * The offline verifier for clients: the spec's five steps ("Verifying a signed response").
 * It imports only tweetnacl, json-canonicalize and @noble/hashes (no node: modules, no Buffer), so
 * it runs in browsers and is re-exported by the typed client. A test holds it to that.
 *
 * 1. Take the key (one the caller already holds, or from `attestation.public_key_url`); its kid
 *    must equal `attestation.kid`, and the kid must be the one derived from the key's own bytes
 *    (`ed25519-` and the first 16 hex digits of SHA-256 of the raw public key): a key served under
 *    someone else's kid is refused, so a forged response cannot borrow the real kid.
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

/**
 * The outcome. `ok` is true only for a pinned key: one the caller supplied, or one fetched from an
 * origin the caller trusts. A signature that verifies under a key fetched only from the response's
 * own `public_key_url` proves the response intact under that key, not who signed it (anyone can sign
 * a forged response and point that URL at their own key): that is `ok: false` with `unpinned: true`,
 * so a caller that checks only `ok` never accepts it.
 */
export type Verification =
  | { ok: true; kid: string; issued_at: string; pinned: true; key_url?: string }
  | { ok: false; reason: string; kid?: string; unpinned?: false }
  | { ok: false; reason: string; kid: string; unpinned: true; issued_at: string; key_url: string };

/** The kid a raw 32-byte Ed25519 public key is published under: `ed25519-` + 16 hex digits of its SHA-256. */
export function kidForPublicKey(raw: Uint8Array): string {
  const digest = sha256(raw);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += digest[i]!.toString(16).padStart(2, '0');
  return `ed25519-${hex}`;
}

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
  const derived = kidForPublicKey(publicKey);
  if (derived !== kid) {
    return {
      ok: false,
      kid,
      reason: `the key offered as ${kid} is not that key (its bytes give kid ${derived}): a substituted or forged key`,
    };
  }
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
  return { ok: true, kid, issued_at: typeof a.issued_at === 'string' ? a.issued_at : '', pinned: true };
}

export type KeyFetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface PublishedKeyOptions {
  /** Fetch implementation (default: the global fetch). */
  fetch?: KeyFetch;
  /**
   * Origins whose keys you trust, e.g. `['https://api.example.com']`: a key fetched from one of them
   * counts as pinned. Any other `public_key_url` gives at most an unpinned success.
   */
  trustedOrigins?: readonly string[];
}

/**
 * Step 1 over the network: fetch the key named by attestation.public_key_url (redirects refused),
 * then verify. Unless the URL's origin is one of `trustedOrigins`, a good signature is reported as
 * `ok: false, unpinned: true`: intact, signer unknown (see `Verification`).
 */
export async function verifyWithPublishedKey(
  response: unknown,
  options: PublishedKeyOptions | KeyFetch = {},
): Promise<Verification> {
  const opts: PublishedKeyOptions = typeof options === 'function' ? { fetch: options } : options;
  const a = isObject(response) ? response.attestation : undefined;
  if (!isObject(a) || typeof a.public_key_url !== 'string') {
    return { ok: false, reason: 'the response carries no attestation.public_key_url' };
  }
  const url = a.public_key_url;
  const origin = originOf(url);
  if (!origin) return { ok: false, reason: `attestation.public_key_url ${url} is not an http(s) URL` };
  const res = await (opts.fetch ?? ((u: string) => fetch(u, { redirect: 'error' })))(url);
  if (!res.ok) return { ok: false, reason: `fetching ${url} answered ${res.status}` };
  const key = await res.json();
  if (!isVerificationKey(key)) return { ok: false, reason: `${url} did not return a signing key` };
  const v = verifySignedResponse(response, key);
  if (!v.ok) return v;
  if ((opts.trustedOrigins ?? []).some((o) => originOf(o) === origin)) return { ...v, key_url: url };
  return {
    ok: false,
    unpinned: true,
    kid: v.kid,
    issued_at: v.issued_at,
    key_url: url,
    reason: `unpinned: the signature verifies under the key at ${url}, but that key came only from the response's own public_key_url, so who signed it is not proven; pin the key or trust its origin`,
  };
}

/** `scheme://host[:port]` of an http(s) URL, lowercased as URL parsing does; undefined otherwise. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
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
