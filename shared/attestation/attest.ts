import { sign } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import { ALG, type SigningKey } from './key';

/**
 * The attestation block (spec "Attestation block"): Ed25519 over the RFC 8785 canonical JSON of
 * the whole response with only `attestation.signature` removed. Everything else, including the
 * rest of the attestation block, is covered.
 */
export const CANONICALIZATION = 'RFC8785';
export const SIGNED_STATEMENT =
  'The whole response object with the single field attestation.signature removed, canonicalized with RFC 8785 (JCS), signed with Ed25519.';
export const SIGNING_KEY_PATH = '/rules/warrant/signing-key';

export interface Attestation {
  alg: typeof ALG;
  kid: string;
  issued_at: string;
  canonicalization: typeof CANONICALIZATION;
  signed: string;
  public_key_url: string;
  /** base64url without padding; the only field the signature does not cover. */
  signature: string;
}

export type Signed<T> = T & { attestation: Attestation };

export interface SignedResponse<T> {
  /** The signed object, equal to JSON.parse(text). */
  body: Signed<T>;
  /** The response body to send, byte for byte. */
  text: string;
  /** The exact string whose UTF-8 bytes were signed. */
  canonical: string;
}

/** The signing-key URL a verifier follows: names the kid, so it keeps resolving after a rotation. */
export function publicKeyUrl(publicBaseUrl: string, kid: string): string {
  return `${publicBaseUrl}${SIGNING_KEY_PATH}?kid=${kid}`;
}

/**
 * Sign a final response body. The body is first passed through JSON.stringify/JSON.parse, so what
 * is signed is exactly the data a client parses from the wire (undefined members dropped, toJSON
 * applied, no shared references); the returned `text` is that same serialization with the signature
 * appended as the last member of the attestation block. Nothing may change the body afterwards.
 */
export function signResponse<T extends object>(
  body: T,
  key: SigningKey,
  opts: { issuedAt: string; publicKeyUrl: string },
): SignedResponse<T> {
  if (Array.isArray(body) || body === null || typeof body !== 'object') {
    throw new TypeError('a signed response must be a JSON object');
  }
  if (Object.hasOwn(body, 'attestation')) throw new TypeError('the body already has an attestation member');
  const unsigned = {
    ...body,
    attestation: {
      alg: ALG,
      kid: key.public.kid,
      issued_at: opts.issuedAt,
      canonicalization: CANONICALIZATION,
      signed: SIGNED_STATEMENT,
      public_key_url: opts.publicKeyUrl,
    },
  };
  const wire = JSON.stringify(unsigned);
  const plain = JSON.parse(wire) as Signed<T>;
  const canonical = canonicalize(plain);
  const signature = sign(null, Buffer.from(canonical, 'utf8'), key.privateKey).toString('base64url');
  plain.attestation.signature = signature;
  // `attestation` is the last member of the body (string keys keep insertion order) and
  // public_key_url the last of the block, so the serialization ends with `"}}`; appending the
  // signature there equals JSON.stringify(plain) without serializing the body a second time.
  if (!wire.endsWith('"}}')) throw new Error('unexpected serialization of the attestation block');
  const text = `${wire.slice(0, -2)},"signature":${JSON.stringify(signature)}}}`;
  return { body: plain, text, canonical };
}
