import { canonicalize } from 'json-canonicalize';
import nacl from 'tweetnacl';
import { publicKeyUrl, signResponse } from '../../shared/attestation/attest';
import { keyFromSeed, newSeed, seedOf } from '../../shared/attestation/key';
import { verifySignedResponse } from '../../shared/attestation/verify';
import type { BenchRow, BenchSuite } from '../types';

const ISSUED_AT = '2026-11-21T19:07:46.285123+00:00';
const BATCHES = 5;
const BATCH_MS = 150;

/**
 * Cost of signing one response (JSON round trip + RFC 8785 + Ed25519 + serialization) with
 * node:crypto, against the same pipeline with tweetnacl's pure-JS Ed25519 as the same-run
 * reference; plus the client verifier's cost. Median of 5 batches of ~150 ms each.
 */
export const suite: BenchSuite = {
  name: 'signing',
  timeoutMs: 60_000,
  description: 'microseconds per signed response of 2 KB and 50 KB (node:crypto vs tweetnacl)',
  async run(log) {
    const key = keyFromSeed(newSeed());
    const naclSecret = nacl.sign.keyPair.fromSeed(seedOf(key)).secretKey;
    const url = publicKeyUrl('https://api.example.com', key.public.kid);
    const rows: BenchRow[] = [];
    for (const kb of [2, 50]) {
      const body = responseOf(kb * 1024);
      const size = JSON.stringify(body).length;
      const node = microsPerCall(() => signResponse(body, key, { issuedAt: ISSUED_AT, publicKeyUrl: url }));
      const tweet = microsPerCall(() => signWithTweetnacl(body, naclSecret, key.public.kid, url));
      const signed = signResponse(body, key, { issuedAt: ISSUED_AT, publicKeyUrl: url }).body;
      const pub = { kid: key.public.kid, public_key_b64url: key.public.b64url };
      if (!verifySignedResponse(signed, pub).ok) throw new Error('benchmark response does not verify');
      const verify = microsPerCall(() => verifySignedResponse(signed, pub));
      log(
        `${kb} KB (${size} bytes): node:crypto ${node.toFixed(0)} µs, tweetnacl ${tweet.toFixed(0)} µs, verify ${verify.toFixed(0)} µs`,
      );
      const reference = { name: 'tweetnacl sign', value: tweet, unit: 'µs' };
      rows.push({
        suite: 'signing',
        metric: `sign ${kb} KB response (node:crypto)`,
        value: node,
        unit: 'µs',
        reference,
        ratio: node / tweet,
      });
      rows.push({
        suite: 'signing',
        metric: `verify ${kb} KB response (client verifier, tweetnacl)`,
        value: verify,
        unit: 'µs',
        reference,
        ratio: verify / tweet,
      });
    }
    return rows;
  },
};

/** The signing pipeline of signResponse with tweetnacl as the Ed25519 implementation. */
function signWithTweetnacl(body: object, secretKey: Uint8Array, kid: string, url: string): string {
  const unsigned = {
    ...body,
    attestation: {
      alg: 'Ed25519',
      kid,
      issued_at: ISSUED_AT,
      canonicalization: 'RFC8785',
      signed: 's',
      public_key_url: url,
    },
  };
  const wire = JSON.stringify(unsigned);
  const canonical = canonicalize(JSON.parse(wire));
  const sig = nacl.sign.detached(new TextEncoder().encode(canonical), secretKey);
  return `${wire.slice(0, -2)},"signature":"${Buffer.from(sig).toString('base64url')}"}}`;
}

/** A warrant-shaped answer grown with edit records until its JSON reaches `bytes`. */
function responseOf(bytes: number): Record<string, unknown> {
  const edits: Record<string, unknown>[] = [];
  const body = { hcpcs: 'J9271', meta: { as_of: '2025-03-15' }, standing: { status: 'covered', gap: null }, edits };
  for (let i = 0; JSON.stringify(body).length < bytes; i++) {
    edits.push({
      kind: i % 2 ? 'ptp' : 'mue',
      code: `9${String(i).padStart(4, '0')}`,
      limit: i * 1.5,
      active: i % 3 === 0,
      note: 'Añasco €',
    });
  }
  return body;
}

function microsPerCall(fn: () => unknown): number {
  for (let i = 0; i < 20; i++) fn();
  const results: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < BATCH_MS * 1e6) {
      fn();
      n++;
      elapsed = Number(process.hrtime.bigint() - start);
    }
    results.push(elapsed / n / 1000);
  }
  results.sort((a, b) => a - b);
  return results[Math.floor(results.length / 2)]!;
}
