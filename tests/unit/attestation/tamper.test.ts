import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { signResponse } from '../../../shared/attestation/attest';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { FIXED_ISSUED_AT, testKey } from './fixtures';
import { edit, keyRecord, leaves, signed, type WalkResult } from './tamper-walk';

const key = testKey();
const opts = { issuedAt: FIXED_ISSUED_AT, publicKeyUrl: 'http://localhost:8787/rules/warrant/signing-key' };
const ROOT = path.resolve(__dirname, '../../..');

describe('tampering with a signed response', () => {
  const paths = leaves(signed).map((p) => p.join('.'));
  let results: Map<string, WalkResult>;
  beforeAll(() => {
    // tamper-walk.ts in plain Node: same verifier, native speed (see its doc comment).
    const out = execFileSync('node', ['-r', '@swc-node/register', 'tests/unit/attestation/tamper-walk.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    results = new Map((JSON.parse(out) as WalkResult[]).map((r) => [r.path, r]));
  });

  it('verifies untouched, and walks every leaf including the attestation block', () => {
    expect(verifySignedResponse(signed, keyRecord).ok).toBe(true);
    for (const f of ['alg', 'kid', 'issued_at', 'canonicalization', 'signed', 'public_key_url', 'signature']) {
      expect(paths).toContain(`attestation.${f}`);
    }
    expect(paths.length).toBeGreaterThan(30);
    expect([...results.keys()]).toEqual(paths);
  });

  it.each(paths)('changing %s fails verification', (name) => {
    const r = results.get(name);
    expect(r).toMatchObject({ changed: true, ok: false });
  });

  it('adding a member anywhere fails, removing one fails, renaming one fails', () => {
    const added = JSON.parse(JSON.stringify(signed));
    added.fee.extra = 1;
    const addedToAttestation = JSON.parse(JSON.stringify(signed));
    addedToAttestation.attestation.note = 'x';
    const removed = JSON.parse(JSON.stringify(signed));
    delete removed.meta.as_of;
    const renamed = JSON.parse(JSON.stringify(signed));
    renamed.hcpcs_ = renamed.hcpcs;
    delete renamed.hcpcs;
    const reordered = JSON.parse(JSON.stringify(signed));
    reordered.edits.reverse();
    for (const t of [added, addedToAttestation, removed, renamed, reordered]) {
      expect(verifySignedResponse(t, keyRecord).ok).toBe(false);
    }
  });

  it('member order and whitespace on the wire do not matter (canonicalization)', () => {
    const text = JSON.stringify(signed, null, 2);
    const reversed = Object.fromEntries(Object.entries(JSON.parse(text)).reverse());
    expect(verifySignedResponse(reversed, keyRecord).ok).toBe(true);
  });

  it('padding or re-spelling the signature is refused (one spelling per signature)', () => {
    const padded = edit(signed, ['attestation', 'signature'], (s) => `${s}==`);
    expect(verifySignedResponse(padded, keyRecord).ok).toBe(false);
    const sig = signed.attestation.signature;
    const last = sig[sig.length - 1]!;
    // The last of 86 characters carries 2 payload bits and 4 spare bits: setting a spare bit must not pass.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled =
      alphabet[alphabet.indexOf(last) | 1] === last
        ? alphabet[alphabet.indexOf(last) ^ 1]!
        : alphabet[alphabet.indexOf(last) | 1]!;
    expect(
      verifySignedResponse(
        edit(signed, ['attestation', 'signature'], () => sig.slice(0, -1) + respelled),
        keyRecord,
      ).ok,
    ).toBe(false);
  });
});

describe('numbers round-trip through sign, the wire and verify', () => {
  const cases: [string, unknown][] = [
    ['1e21', 1e21],
    ['0.1', 0.1],
    ['-0', -0],
    ['2^53 - 1', 9007199254740991],
    ['2^53', 9007199254740992],
    ['2^53 + 1 (not representable; parses to 2^53 on both sides)', JSON.parse('9007199254740993')],
    ['large integer 123456789012345678901234567890', JSON.parse('123456789012345678901234567890')],
    ['5e-324', 5e-324],
    ['1.7976931348623157e308', 1.7976931348623157e308],
    ['-1e-7', -1e-7],
  ];

  it.each(cases)('%s', (_name, value) => {
    const { text } = signResponse({ value, nested: [value, { value }] }, key, opts);
    const received = JSON.parse(text);
    expect(Object.is(received.value, value === 0 ? 0 : value) || received.value === value).toBe(true);
    expect(verifySignedResponse(received, keyRecord).ok).toBe(true);
  });

  it('verifies when the wire spells numbers differently (1E21, 1.0, -0, 0.10)', () => {
    const { body } = signResponse({ a: 1e21, b: 1, c: 0, d: 0.1 }, key, opts);
    const text = JSON.stringify(body)
      .replace('"a":1e+21', '"a":1E21')
      .replace('"b":1', '"b":1.0')
      .replace('"c":0', '"c":-0')
      .replace('"d":0.1', '"d":0.10');
    expect(text).toContain('"c":-0');
    expect(verifySignedResponse(JSON.parse(text), keyRecord).ok).toBe(true);
  });
});
