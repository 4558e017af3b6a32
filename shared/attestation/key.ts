import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';

/**
 * Ed25519 keys as the service holds them (RFC 8032; RFC 8410 for the PKCS#8 / SPKI wrappings).
 * The key id is derived from the public key alone, so a rotation always yields a new kid and the
 * same key always yields the same kid, on any machine.
 */
export const ALG = 'Ed25519';
export const KID_PATTERN = /^ed25519-[0-9a-f]{16}$/;

/** The public half: what the signing-key endpoint publishes and what verifiers need. */
export interface PublicKeyInfo {
  readonly kid: string;
  /** The 32 raw public-key bytes (RFC 8032 §5.1.5). */
  readonly raw: Uint8Array;
  readonly b64url: string;
  /** SubjectPublicKeyInfo, `-----BEGIN PUBLIC KEY-----` (RFC 8410 §4). */
  readonly pem: string;
}

/** A key the service can sign with. The private part stays a KeyObject and is never serialized. */
export interface SigningKey {
  readonly public: PublicKeyInfo;
  readonly privateKey: KeyObject;
}

/** DER prefixes of the fixed-size RFC 8410 encodings: prefix + 32 key bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** `ed25519-` and the first 8 bytes of SHA-256 of the raw public key, in lowercase hex. */
export function kidOf(rawPublicKey: Uint8Array): string {
  if (rawPublicKey.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return `ed25519-${createHash('sha256').update(rawPublicKey).digest('hex').slice(0, 16)}`;
}

/** Everything published about a raw 32-byte public key. */
export function publicKeyInfo(rawPublicKey: Uint8Array): PublicKeyInfo {
  const raw = new Uint8Array(rawPublicKey);
  const spki = Buffer.concat([SPKI_PREFIX, raw]);
  const pem = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  return Object.freeze({ kid: kidOf(raw), raw, b64url: Buffer.from(raw).toString('base64url'), pem });
}

/** A signing key from its 32-byte seed (the RFC 8032 "private key"). */
export function keyFromSeed(seed: Uint8Array): SigningKey {
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return keyFromPrivateKeyObject(
    createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }),
  );
}

/** A signing key from a node KeyObject; refuses anything but Ed25519. */
export function keyFromPrivateKeyObject(privateKey: KeyObject): SigningKey {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('the signing key must be an Ed25519 private key');
  }
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return Object.freeze({ public: publicKeyInfo(spki.subarray(spki.length - 32)), privateKey });
}

/** The 32-byte seed of a signing key, for writing the local key file. */
export function seedOf(key: SigningKey): Uint8Array {
  const pkcs8 = key.privateKey.export({ format: 'der', type: 'pkcs8' });
  return new Uint8Array(pkcs8.subarray(pkcs8.length - 32));
}

/** A fresh random seed from the OS CSPRNG. */
export function newSeed(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}
