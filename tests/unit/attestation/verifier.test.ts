import * as fs from 'node:fs';
import * as path from 'node:path';
import { signResponse } from '../../../shared/attestation/attest';
import { keyFromSeed, newSeed } from '../../../shared/attestation/key';
import { base64urlDecode, verifySignedResponse, verifyWithPublishedKey } from '../../../shared/attestation/verify';
import { FIXED_ISSUED_AT, sampleResponse, testKey } from './fixtures';

const key = testKey();
const published = { alg: 'Ed25519', kid: key.public.kid, public_key_b64url: key.public.b64url };
const url = `https://api.example.com/rules/warrant/signing-key?kid=${key.public.kid}`;
const signed = signResponse(sampleResponse(), key, { issuedAt: FIXED_ISSUED_AT, publicKeyUrl: url }).body;

describe('the client verifier stays dependency-light', () => {
  const source = fs.readFileSync(path.resolve(__dirname, '../../../shared/attestation/verify.ts'), 'utf8');

  it('imports only tweetnacl, json-canonicalize and the SHA-256 of @noble/hashes', () => {
    const imports = [
      ...source.matchAll(/(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]/g),
    ].map((m) => m[1] ?? m[2]);
    expect(imports.sort()).toEqual(['@noble/hashes/sha2', 'json-canonicalize', 'tweetnacl']);
    expect(source).not.toMatch(/import\s*\(/);
  });

  it('uses no Node-only globals (Buffer, process, require)', () => {
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code).not.toMatch(/\bBuffer\b|\bprocess\.|\brequire\(|\bnode:/);
  });
});

describe('verifySignedResponse', () => {
  it('accepts a signed response and names the kid and issued_at', () => {
    expect(verifySignedResponse(signed, published)).toEqual({
      ok: true,
      kid: key.public.kid,
      issued_at: FIXED_ISSUED_AT,
      pinned: true,
    });
  });

  it('picks the key whose kid matches attestation.kid among several (rotation)', () => {
    const other = keyFromSeed(newSeed()).public;
    const keys = [{ kid: other.kid, public_key_b64url: other.b64url }, published];
    expect(verifySignedResponse(signed, keys).ok).toBe(true);
  });

  it('fails with a reason for: no attestation, wrong key, kid mismatch, bad alg, bad encodings', () => {
    const other = keyFromSeed(newSeed()).public;
    const { attestation: _a, ...unsigned } = signed;
    const cases: [unknown, object, RegExp][] = [
      ['text', published, /not a JSON object/],
      [unsigned, published, /no attestation block/],
      [signed, { kid: other.kid, public_key_b64url: other.b64url }, /no key with kid/],
      // A different key presented under the right kid: refused before the signature check.
      [signed, { kid: key.public.kid, public_key_b64url: other.b64url }, /substituted or forged key/],
      [signed, { ...published, alg: 'RS256' }, /not Ed25519/],
      [signed, { ...published, public_key_b64url: 'abc' }, /32 base64url bytes/],
      [{ ...signed, attestation: { ...signed.attestation, alg: 'none' } }, published, /unsupported attestation.alg/],
      [{ ...signed, attestation: { ...signed.attestation, canonicalization: 'JCS' } }, published, /canonicalization/],
      [{ ...signed, attestation: { ...signed.attestation, signature: '' } }, published, /64-byte/],
      [{ ...signed, attestation: { ...signed.attestation, kid: undefined } }, published, /kid is missing/],
    ];
    for (const [response, k, reason] of cases) {
      const r = verifySignedResponse(response, k as typeof published);
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.reason).toMatch(reason);
    }
  });
});

describe('verifyWithPublishedKey (step 1 over the network)', () => {
  it('fetches attestation.public_key_url and verifies with that key', async () => {
    const seen: string[] = [];
    const fetchImpl = async (u: string) => {
      seen.push(u);
      return { ok: true, status: 200, json: async () => published };
    };
    // Intact under the key the response's own URL serves, but unpinned: not ok.
    expect(await verifyWithPublishedKey(signed, fetchImpl)).toEqual({
      ok: false,
      unpinned: true,
      kid: key.public.kid,
      issued_at: FIXED_ISSUED_AT,
      key_url: url,
      reason: expect.stringMatching(/^unpinned: the signature verifies under the key at /),
    });
    expect(seen).toEqual([url]);
    expect(
      await verifyWithPublishedKey(signed, { fetch: fetchImpl, trustedOrigins: ['https://api.example.com'] }),
    ).toEqual({
      ok: true,
      kid: key.public.kid,
      issued_at: FIXED_ISSUED_AT,
      pinned: true,
      key_url: url,
    });
  });

  it('is pinned only when the key URL is on a trusted origin (scheme, host and port)', async () => {
    const fetchImpl = async () => ({ ok: true, status: 200, json: async () => published });
    const pinned = async (trustedOrigins: string[]) =>
      (await verifyWithPublishedKey(signed, { fetch: fetchImpl, trustedOrigins })).ok;
    expect(await pinned(['https://api.example.com'])).toBe(true);
    expect(await pinned(['https://API.example.com/any/path'])).toBe(true);
    expect(await pinned(['http://api.example.com'])).toBe(false);
    expect(await pinned(['https://api.example.com:8443'])).toBe(false);
    expect(await pinned(['https://api.example.com.evil.test'])).toBe(false);
    expect(await pinned(['not a url'])).toBe(false);
    expect(await pinned([])).toBe(false);
  });

  it('refuses a forged answer whose URL serves the forger key under the real kid', async () => {
    const forger = keyFromSeed(newSeed());
    const forged = signResponse({ ...sampleResponse(), hcpcs: 'J9999' }, forger, {
      issuedAt: FIXED_ISSUED_AT,
      publicKeyUrl: 'https://forger.example/key',
    }).body;
    const borrowed = { ...forged, attestation: { ...forged.attestation, kid: key.public.kid } };
    const served = async () => ({
      ok: true,
      status: 200,
      json: async () => ({ kid: key.public.kid, public_key_b64url: forger.public.b64url }),
    });
    expect(await verifyWithPublishedKey(borrowed, served)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/substituted or forged key/),
    });
  });

  it('reports a failed fetch or a body that is not a key', async () => {
    const notFound = async () => ({ ok: false, status: 404, json: async () => ({}) });
    expect(await verifyWithPublishedKey(signed, notFound)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/404/),
    });
    const junk = async () => ({ ok: true, status: 200, json: async () => ({ hello: 1 }) });
    expect(await verifyWithPublishedKey(signed, junk)).toMatchObject({ ok: false });
  });
});

describe('base64urlDecode', () => {
  it('round-trips every length against Buffer', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff));
      expect(Buffer.from(base64urlDecode(bytes.toString('base64url'))!).equals(bytes)).toBe(true);
    }
  });

  it('refuses padding, foreign characters, impossible lengths and non-zero spare bits', () => {
    for (const s of ['AA==', 'A+B/', 'A', 'AAAAA', 'AB', 'AAB']) expect(base64urlDecode(s)).toBeUndefined();
    expect(base64urlDecode('AA')).toEqual(new Uint8Array([0]));
  });
});
