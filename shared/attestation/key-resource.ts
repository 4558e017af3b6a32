import { NotFoundError } from '../http/errors';
import { CANONICALIZATION } from './attest';
import { ALG, type PublicKeyInfo } from './key';
import type { KeyRing } from './key-ring';
import type { SigningKeyResource } from './schemas';

export const VERIFY_RECIPE =
  'Remove only attestation.signature from the response, canonicalize the rest with RFC 8785, base64url-decode the signature and verify it as Ed25519 over those UTF-8 bytes with the 32-byte key public_key_b64url, after checking that kid equals attestation.kid and equals "ed25519-" followed by the first 16 hex digits of the SHA-256 of the 32 key bytes. Take the key from a source you trust (this deployment, or a copy you saved), not only from a URL inside the response: anyone can sign a forged response and point its URL at their own key.';

/** The published form of a public key. */
export function describeKey(info: PublicKeyInfo): SigningKeyResource {
  return {
    alg: ALG,
    kid: info.kid,
    canonicalization: CANONICALIZATION,
    public_key_b64url: info.b64url,
    public_key_pem: info.pem,
    verify: VERIFY_RECIPE,
  };
}

/**
 * GET /rules/warrant/signing-key: the current key, or with `kid` the current or a previous one.
 * 404 when the kid is unknown, and when no kid is given on a deployment without a signing key.
 */
export async function signingKeyResource(ring: KeyRing, kid?: string): Promise<SigningKeyResource> {
  if (kid !== undefined) {
    const info = await ring.find(kid);
    if (!info) throw new NotFoundError(`No signing key with kid ${kid} is known to this deployment.`, { kid });
    return describeKey(info);
  }
  const key = await ring.current();
  if (!key) {
    throw new NotFoundError('No signing key is configured on this deployment; its answers carry no attestation block.');
  }
  return describeKey(key.public);
}
