import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { KID_PATTERN, keyFromSeed, kidOf, newSeed, publicKeyInfo } from '../../../shared/attestation/key';
import { ensureKeyFile, readKeyFile } from '../../../shared/attestation/key-file';
import { KeyMaterialError, parseKeyMaterial, renderKeyFile } from '../../../shared/attestation/key-material';
import { createKeyRing } from '../../../shared/attestation/key-ring';
import { parseConfig } from '../../../shared/config';
import { ServiceUnavailableError } from '../../../shared/http/errors';
import { createLogger } from '../../../shared/log';
import { RFC8032_TEST1, testKey } from './fixtures';

const clock = { now: () => new Date('2026-11-21T19:07:46.285Z') };
const logger = createLogger('silent');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-keys-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('key ids', () => {
  it('are ed25519- and the first 8 bytes of sha256 of the raw public key', () => {
    const key = testKey();
    expect(key.public.kid).toMatch(KID_PATTERN);
    // `xxd -r -p <<< d75a9801...511a | openssl dgst -sha256` = 21fe31dfa154a261...
    expect(key.public.kid).toBe('ed25519-21fe31dfa154a261');
    const raw = Buffer.from(RFC8032_TEST1.publicHex, 'hex');
    expect(kidOf(raw)).toBe(key.public.kid);
  });

  it('a rotation yields a new kid; the same key always the same kid', () => {
    const a = keyFromSeed(newSeed());
    const b = keyFromSeed(newSeed());
    expect(a.public.kid).not.toBe(b.public.kid);
    expect(publicKeyInfo(a.public.raw).kid).toBe(a.public.kid);
  });

  it('publishes 32 raw bytes in base64url and a matching PEM SubjectPublicKeyInfo', () => {
    const { public: info } = testKey();
    expect(Buffer.from(info.b64url, 'base64url').toString('hex')).toBe(RFC8032_TEST1.publicHex);
    expect(info.b64url).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(info.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
    const der = Buffer.from(info.pem.replace(/-----[A-Z ]+-----|\n/g, ''), 'base64');
    expect(der.subarray(-32).toString('hex')).toBe(RFC8032_TEST1.publicHex);
  });
});

describe('key material', () => {
  const key = testKey();
  it('accepts the key-file JSON, a PKCS#8 PEM and a bare base64url seed, all naming the same key', () => {
    const json = renderKeyFile(key, clock.now());
    const pem = key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const seed = Buffer.from(RFC8032_TEST1.seedHex, 'hex').toString('base64url');
    for (const m of [json, pem, seed, `  ${seed}\n`]) expect(parseKeyMaterial(m).public.kid).toBe(key.public.kid);
  });

  it('refuses malformed material without quoting it', () => {
    const seed = Buffer.from(RFC8032_TEST1.seedHex, 'hex').toString('base64url');
    const cases = [
      'not a key',
      '{"seed_b64url": 1}',
      '{bad json',
      JSON.stringify({ seed_b64url: seed, kid: 'ed25519-0000000000000000' }),
      JSON.stringify({ seed_b64url: seed, public_key_b64url: keyFromSeed(newSeed()).public.b64url }),
      JSON.stringify({ seed_b64url: seed, alg: 'RS256' }),
      '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
    ];
    for (const m of cases) {
      let err: unknown;
      try {
        parseKeyMaterial(m);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(KeyMaterialError);
      expect((err as Error).message).not.toContain(seed);
    }
  });
});

describe('the local key file', () => {
  it('is generated once with mode 0600, then read back with the same kid', () => {
    const file = path.join(dir, 'nested', 'signing-key.json');
    const first = ensureKeyFile(file, clock.now());
    expect(first.created).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = ensureKeyFile(file, clock.now());
    expect(again.created).toBe(false);
    expect(again.key.public.kid).toBe(first.key.public.kid);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ alg: 'Ed25519', kid: first.key.public.kid });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['signing-key.json']);
  });

  it('tightens a looser mode found on disk', () => {
    const file = path.join(dir, 'k.json');
    ensureKeyFile(file, clock.now());
    fs.chmodSync(file, 0o644);
    readKeyFile(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('the key ring', () => {
  const config = (env: Record<string, string>) =>
    parseConfig({ STORAGE: 'local', DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });

  it('with source none: no current key, disabled', async () => {
    const ring = createKeyRing(config({ SIGNING_KEY_SOURCE: 'none' }), { clock, logger });
    expect(ring.enabled).toBe(false);
    expect(await ring.current()).toBeNull();
  });

  it('with source file: generates under the data folder, loads once and caches', async () => {
    const ring = createKeyRing(config({ SIGNING_KEY_SOURCE: 'file' }), { clock, logger });
    const a = await ring.current();
    fs.rmSync(path.join(dir, 'signing-key.json'));
    const b = await ring.current();
    expect(b).toBe(a);
    expect(a?.public.kid).toMatch(KID_PATTERN);
  });

  it('with a secret: fetches the material once, and retries after a failure (503, not unsigned)', async () => {
    const seed = Buffer.from(RFC8032_TEST1.seedHex, 'hex').toString('base64url');
    const calls: string[] = [];
    let fail = true;
    const ring = createKeyRing(config({ SIGNING_KEY_SOURCE: 'secret', SIGNING_KEY_SECRET_ID: 'warrant/signing' }), {
      clock,
      logger,
      fetchMaterial: async ({ kind, id }) => {
        calls.push(`${kind}:${id}`);
        if (fail) throw new Error('throttled');
        return seed;
      },
    });
    await expect(ring.current()).rejects.toBeInstanceOf(ServiceUnavailableError);
    fail = false;
    const [a, b] = await Promise.all([ring.current(), ring.current()]);
    await ring.current();
    expect(a?.public.kid).toBe(testKey().public.kid);
    expect(b).toBe(a);
    expect(calls).toEqual(['secret:warrant/signing', 'secret:warrant/signing']);
  });

  it('finds previous keys by kid without loading the current one', async () => {
    const old = keyFromSeed(newSeed()).public;
    const ring = createKeyRing(
      config({
        SIGNING_KEY_SOURCE: 'parameter',
        SIGNING_KEY_PARAMETER: '/p',
        SIGNING_PREVIOUS_PUBLIC_KEYS: old.b64url,
      }),
      {
        clock,
        logger,
        fetchMaterial: async () => {
          throw new Error('unreachable');
        },
      },
    );
    expect((await ring.find(old.kid))?.b64url).toBe(old.b64url);
    expect(ring.previous.map((p) => p.kid)).toEqual([old.kid]);
    await expect(ring.find('ed25519-0000000000000000')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
