import { execFileSync } from 'node:child_process';
import { createPublicKey, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { canonicalize } from 'json-canonicalize';
import nacl from 'tweetnacl';
import { signResponse } from '../../../shared/attestation/attest';
import { publicKeyInfo } from '../../../shared/attestation/key';
import { parseKeyMaterial } from '../../../shared/attestation/key-material';
import { signingInput, verifySignedResponse } from '../../../shared/attestation/verify';
import { FIXED_ISSUED_AT, RFC8032_TEST1, sampleResponse, testKey } from './fixtures';

const key = testKey();
const keyRecord = { kid: key.public.kid, public_key_b64url: key.public.b64url };
const opts = { issuedAt: FIXED_ISSUED_AT, publicKeyUrl: 'http://localhost:8787/rules/warrant/signing-key' };

/** A response signed by some other implementation: attestation block plus a signature from `signer`. */
function signedElsewhere(signer: (message: Uint8Array) => Uint8Array, kid: string) {
  const response: Record<string, unknown> = {
    ...sampleResponse(),
    attestation: {
      alg: 'Ed25519',
      kid,
      issued_at: FIXED_ISSUED_AT,
      canonicalization: 'RFC8785',
      signed: 'test',
      public_key_url: opts.publicKeyUrl,
    },
  };
  const sig = signer(new TextEncoder().encode(canonicalize(response)));
  (response.attestation as Record<string, unknown>).signature = Buffer.from(sig).toString('base64url');
  return response;
}

describe('node:crypto signer and tweetnacl verifier agree', () => {
  it('derives the RFC 8032 TEST 1 public key and signature of the empty message', () => {
    expect(Buffer.from(key.public.raw).toString('hex')).toBe(RFC8032_TEST1.publicHex);
    expect(nodeSign(null, Buffer.alloc(0), key.privateKey).toString('hex')).toBe(
      RFC8032_TEST1.emptyMessageSignatureHex,
    );
  });

  it('a service signature verifies with tweetnacl directly and with the client verifier', () => {
    const { body, canonical } = signResponse(sampleResponse(), key, opts);
    const sig = Buffer.from(body.attestation.signature, 'base64url');
    expect(nacl.sign.detached.verify(Buffer.from(canonical, 'utf8'), sig, key.public.raw)).toBe(true);
    expect(verifySignedResponse(body, keyRecord)).toEqual({
      ok: true,
      kid: key.public.kid,
      issued_at: FIXED_ISSUED_AT,
      pinned: true,
    });
  });

  it('a tweetnacl signature verifies with node:crypto and the client verifier, and equals the node one', () => {
    const pair = nacl.sign.keyPair.fromSeed(Buffer.from(RFC8032_TEST1.seedHex, 'hex'));
    const response = signedElsewhere((m) => nacl.sign.detached(m, pair.secretKey), key.public.kid);
    const message = Buffer.from(signingInput(response), 'utf8');
    const sig = Buffer.from((response.attestation as { signature: string }).signature, 'base64url');
    expect(nodeVerify(null, message, createPublicKey(key.public.pem), sig)).toBe(true);
    expect(verifySignedResponse(response, keyRecord).ok).toBe(true);
    // Ed25519 is deterministic: both libraries produce the same bytes for the same key and message.
    expect(nodeSign(null, message, key.privateKey).equals(sig)).toBe(true);
  });
});

describe('openssl command line interop (Ed25519, raw input)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-openssl-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });

  it('openssl is installed and supports Ed25519 with -rawin (this test must not be skipped)', () => {
    const version = openssl('version');
    expect(version).toMatch(/^OpenSSL (3\.|1\.1\.1)/);
  });

  it('openssl verifies a service signature over the canonical bytes with the published PEM key', () => {
    const { body, canonical } = signResponse(sampleResponse(), key, opts);
    fs.writeFileSync(path.join(dir, 'pub.pem'), key.public.pem);
    fs.writeFileSync(path.join(dir, 'msg.bin'), canonical, 'utf8');
    fs.writeFileSync(path.join(dir, 'sig.bin'), Buffer.from(body.attestation.signature, 'base64url'));
    const out = openssl(
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'pub.pem',
      '-rawin',
      '-in',
      'msg.bin',
      '-sigfile',
      'sig.bin',
    );
    expect(out).toMatch(/Signature Verified Successfully/);
    fs.writeFileSync(path.join(dir, 'msg.bin'), canonical.replace('J9271', 'J9272'), 'utf8');
    expect(() =>
      openssl('pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-in', 'msg.bin', '-sigfile', 'sig.bin'),
    ).toThrow();
  });

  it('a response signed by openssl with its own key verifies with the client verifier', () => {
    openssl('genpkey', '-algorithm', 'ed25519', '-out', 'priv.pem');
    openssl('pkey', '-in', 'priv.pem', '-pubout', '-out', 'pub2.pem');
    const spki = createPublicKey(fs.readFileSync(path.join(dir, 'pub2.pem'))).export({ format: 'der', type: 'spki' });
    const info = publicKeyInfo(spki.subarray(spki.length - 32));
    const response = signedElsewhere((m) => {
      fs.writeFileSync(path.join(dir, 'm.bin'), m);
      openssl('pkeyutl', '-sign', '-inkey', 'priv.pem', '-rawin', '-in', 'm.bin', '-out', 's.bin');
      return fs.readFileSync(path.join(dir, 's.bin'));
    }, info.kid);
    expect(verifySignedResponse(response, { kid: info.kid, public_key_b64url: info.b64url })).toMatchObject({
      ok: true,
    });
    // The openssl-made PKCS#8 PEM is also accepted as signing-key material, with the same kid.
    expect(parseKeyMaterial(fs.readFileSync(path.join(dir, 'priv.pem'), 'utf8')).public.kid).toBe(info.kid);
  });
});
