import { createPrivateKey } from 'node:crypto';
import { ALG, keyFromPrivateKeyObject, keyFromSeed, type SigningKey, seedOf } from './key';

/**
 * The text forms a signing key may take in the local key file, a Secrets Manager secret or an SSM
 * parameter. Errors never quote the material itself, so they are safe to log.
 *
 * Accepted: the key-file JSON (`seed_b64url`, optionally `public_key_b64url` / `kid`, which must
 * then match), a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`), or a bare base64url seed.
 */
export class KeyMaterialError extends Error {
  constructor(message: string) {
    super(`signing key material: ${message}`);
    this.name = 'KeyMaterialError';
  }
}

/** The local key file's shape (also accepted as a secret or parameter value). */
export interface KeyFileJson {
  alg: typeof ALG;
  kid: string;
  public_key_b64url: string;
  seed_b64url: string;
  created_at: string;
  note: string;
}

const SEED_B64URL = /^[A-Za-z0-9_-]{43}$/;

/** Parse key material in any accepted form; throws KeyMaterialError naming what is wrong. */
export function parseKeyMaterial(text: string): SigningKey {
  const t = text.trim();
  if (t.startsWith('{')) return fromJson(t);
  if (t.startsWith('-----BEGIN')) {
    try {
      return keyFromPrivateKeyObject(createPrivateKey({ key: t, format: 'pem' }));
    } catch (e) {
      throw new KeyMaterialError(`PEM is not an Ed25519 PKCS#8 private key (${(e as Error).message})`);
    }
  }
  if (SEED_B64URL.test(t)) return keyFromSeed(Buffer.from(t, 'base64url'));
  throw new KeyMaterialError('expected key-file JSON, a PKCS#8 PEM or a 43-character base64url seed');
}

function fromJson(t: string): SigningKey {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(t) as Record<string, unknown>;
  } catch {
    throw new KeyMaterialError('JSON does not parse');
  }
  if (typeof o.seed_b64url !== 'string' || !SEED_B64URL.test(o.seed_b64url)) {
    throw new KeyMaterialError('JSON needs seed_b64url: the 32-byte seed in base64url');
  }
  if (o.alg !== undefined && o.alg !== ALG) throw new KeyMaterialError(`alg must be ${ALG}`);
  const key = keyFromSeed(Buffer.from(o.seed_b64url, 'base64url'));
  if (o.public_key_b64url !== undefined && o.public_key_b64url !== key.public.b64url) {
    throw new KeyMaterialError('public_key_b64url does not belong to seed_b64url');
  }
  if (o.kid !== undefined && o.kid !== key.public.kid) {
    throw new KeyMaterialError('kid does not belong to seed_b64url');
  }
  return key;
}

/** The key file's JSON text for a key: private, written with mode 0600 and never committed. */
export function renderKeyFile(key: SigningKey, createdAt: Date): string {
  const body: KeyFileJson = {
    alg: ALG,
    kid: key.public.kid,
    public_key_b64url: key.public.b64url,
    seed_b64url: Buffer.from(seedOf(key)).toString('base64url'),
    created_at: createdAt.toISOString(),
    note: 'PRIVATE Ed25519 signing key of this deployment. Never commit or share this file.',
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
