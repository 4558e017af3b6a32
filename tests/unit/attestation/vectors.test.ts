import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import nacl from 'tweetnacl';
import { renderVectors, VECTORS_FILE } from '../../../scripts/attestation-vectors';
import { kidForPublicKey, signingInput, verifySignedResponse } from '../../../shared/attestation/verify';
import { RFC8032_TEST1 } from './fixtures';

interface Vector {
  name: string;
  expect: 'valid' | 'invalid';
  response_text: string;
  canonical?: string;
  canonical_hex?: string;
  signature?: string;
  offered_key?: { kid: string; public_key_b64url: string };
}
const file = JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8')) as {
  key: { kid: string; public_key_b64url: string; public_key_hex: string; seed_hex: string; public_key_pem: string };
  vectors: Vector[];
};

describe('contract/attestation-vectors.json', () => {
  it('is up to date: run npm run attestation-vectors and commit when this fails', () => {
    expect(fs.readFileSync(VECTORS_FILE, 'utf8')).toBe(renderVectors());
  });

  it('uses the public RFC 8032 TEST 1 key and says it is test-only', () => {
    expect(file.key.seed_hex).toBe(RFC8032_TEST1.seedHex);
    expect(file.key.public_key_hex).toBe(RFC8032_TEST1.publicHex);
    expect(JSON.stringify(file.key)).toMatch(/TEST ONLY/);
  });

  it('has several valid vectors and at least one that must fail', () => {
    expect(file.vectors.filter((v) => v.expect === 'valid').length).toBeGreaterThanOrEqual(4);
    expect(file.vectors.filter((v) => v.expect === 'invalid').length).toBeGreaterThanOrEqual(1);
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))('%s verifies as the file says', (_n, v) => {
    const response = JSON.parse(v.response_text);
    const result = verifySignedResponse(response, v.offered_key ?? file.key);
    expect(result.ok).toBe(v.expect === 'valid');
    if (v.expect !== 'valid') return;
    const canonical = signingInput(response);
    expect(canonical).toBe(v.canonical);
    expect(Buffer.from(canonical, 'utf8').toString('hex')).toBe(v.canonical_hex);
    expect(response.attestation.signature).toBe(v.signature);
    const raw = Buffer.from(v.canonical_hex!, 'hex');
    expect(
      nacl.sign.detached.verify(
        raw,
        Buffer.from(v.signature!, 'base64url'),
        Buffer.from(file.key.public_key_hex, 'hex'),
      ),
    ).toBe(true);
  });

  it('forged-key: the signature is good for the offered key, and only the kid derived from that key refuses it', () => {
    const v = file.vectors.find((x) => x.name === 'forged-key')!;
    const response = JSON.parse(v.response_text);
    const offered = v.offered_key!;
    expect(response.attestation.kid).toBe(file.key.kid);
    expect(offered.kid).toBe(file.key.kid);
    expect(
      nacl.sign.detached.verify(
        Buffer.from(signingInput(response), 'utf8'),
        Buffer.from(response.attestation.signature, 'base64url'),
        Buffer.from(offered.public_key_b64url, 'base64url'),
      ),
    ).toBe(true);
    const derived = `ed25519-${createHash('sha256').update(Buffer.from(offered.public_key_b64url, 'base64url')).digest('hex').slice(0, 16)}`;
    expect(derived).not.toBe(offered.kid);
    expect(verifySignedResponse(response, offered)).toEqual({
      ok: false,
      kid: file.key.kid,
      reason: expect.stringContaining(`its bytes give kid ${derived}`),
    });
    // The file's own key is under its derived kid.
    expect(kidForPublicKey(Buffer.from(file.key.public_key_hex, 'hex'))).toBe(file.key.kid);
  });

  it('the canonical bytes and signatures verify with openssl and the published PEM', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-vectors-'));
    try {
      fs.writeFileSync(path.join(dir, 'pub.pem'), file.key.public_key_pem);
      for (const v of file.vectors.filter((x) => x.expect === 'valid')) {
        fs.writeFileSync(path.join(dir, 'msg.bin'), Buffer.from(v.canonical_hex!, 'hex'));
        fs.writeFileSync(path.join(dir, 'sig.bin'), Buffer.from(v.signature!, 'base64url'));
        const out = execFileSync(
          'openssl',
          ['pkeyutl', '-verify', '-pubin', '-inkey', 'pub.pem', '-rawin', '-in', 'msg.bin', '-sigfile', 'sig.bin'],
          { cwd: dir, encoding: 'utf8' },
        );
        expect(out).toMatch(/Signature Verified Successfully/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
