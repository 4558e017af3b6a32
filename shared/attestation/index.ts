/**
 * Attestation: Ed25519 signatures over RFC 8785 canonical JSON (spec "Attestation block",
 * "Signing-key resource", "Verifying a signed response").
 *
 * For route authors: install `provideSigner(signer)` on the group (functions/warrant does) and
 * answer with `return signedJson(c, body, 200)`; declare the 200 schema with `withAttestation(...)`.
 */
export {
  type Attestation,
  CANONICALIZATION,
  SIGNED_STATEMENT,
  SIGNING_KEY_PATH,
  type Signed,
  signResponse,
} from './attest';
export { issuedAt } from './issued-at';
export { ALG, KID_PATTERN, keyFromSeed, kidOf, type PublicKeyInfo, publicKeyInfo, type SigningKey } from './key';
export { describeKey, signingKeyResource, VERIFY_RECIPE } from './key-resource';
export { createKeyRing, type FetchKeyMaterial, type KeyRing, keyRingFor } from './key-ring';
export { AttestationSchema, SigningKeySchema, withAttestation } from './schemas';
export { createResponseSigner, provideSigner, type ResponseSigner, signedJson } from './signed-json';
export { type Verification, type VerificationKey, verifySignedResponse, verifyWithPublishedKey } from './verify';
