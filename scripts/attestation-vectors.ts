import { sign } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { canonicalize } from 'json-canonicalize';
import { CANONICALIZATION, publicKeyUrl, SIGNED_STATEMENT, signResponse } from '../shared/attestation/attest';
import { ALG, keyFromSeed } from '../shared/attestation/key';
import { signingInput } from '../shared/attestation/verify';

/**
 * `npm run attestation-vectors` writes contract/attestation-vectors.json: signed responses made
 * with a FIXED, PUBLIC test key so verifiers in other languages can check themselves byte for byte.
 * `-- --check` fails when the committed file is stale. The service never signs with this key.
 */
export const VECTORS_FILE = path.resolve(__dirname, '../contract/attestation-vectors.json');

/** TEST ONLY: RFC 8032 §7.1 TEST 1 secret key, published in the RFC itself. */
const TEST_SEED_HEX = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const ISSUED_AT = '2026-01-15T14:00:00.123456+00:00';
const BASE_URL = 'https://api.example.com';

/** TEST ONLY: RFC 8032 §7.1 TEST 2 secret key, the "attacker" of the forged-key vector. */
const FORGER_SEED_HEX = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb';

const key = keyFromSeed(Buffer.from(TEST_SEED_HEX, 'hex'));
const forger = keyFromSeed(Buffer.from(FORGER_SEED_HEX, 'hex'));
const attestationUnsigned = () => ({
  alg: ALG,
  kid: key.public.kid,
  issued_at: ISSUED_AT,
  canonicalization: CANONICALIZATION,
  signed: SIGNED_STATEMENT,
  public_key_url: publicKeyUrl(BASE_URL, key.public.kid),
});

interface Vector {
  name: string;
  description: string;
  expect: 'valid' | 'invalid';
  /** The response body exactly as a client receives it; authoritative (parse this). */
  response_text: string;
  canonical?: string;
  canonical_hex?: string;
  signature?: string;
  /** Verify with this key instead of the file's `key` (what a hostile public_key_url would serve). */
  offered_key?: { kid: string; public_key_b64url: string; note: string };
}

/** A vector signed the way the service signs (signResponse on a body object). */
function serviceVector(name: string, description: string, body: object): Vector {
  const s = signResponse(body, key, { issuedAt: ISSUED_AT, publicKeyUrl: publicKeyUrl(BASE_URL, key.public.kid) });
  return described(name, description, s.text, s.canonical, s.body.attestation.signature);
}

/** A vector whose wire text is hand-written (number spellings JSON.stringify never produces). */
function textVector(name: string, description: string, unsignedText: string): Vector {
  const canonical = canonicalize(JSON.parse(unsignedText));
  const signature = sign(null, Buffer.from(canonical, 'utf8'), key.privateKey).toString('base64url');
  if (!unsignedText.endsWith('"}}')) throw new Error(`${name}: the attestation block must close the text`);
  return described(
    name,
    description,
    `${unsignedText.slice(0, -2)},"signature":"${signature}"}}`,
    canonical,
    signature,
  );
}

function described(name: string, description: string, text: string, canonical: string, signature: string): Vector {
  if (signingInput(JSON.parse(text)) !== canonical) throw new Error(`${name}: canonical form does not round-trip`);
  const canonical_hex = Buffer.from(canonical, 'utf8').toString('hex');
  return { name, description, expect: 'valid', response_text: text, canonical, canonical_hex, signature };
}

function tampered(from: Vector, name: string, description: string, edit: (o: Record<string, unknown>) => void): Vector {
  const o = JSON.parse(from.response_text) as Record<string, unknown>;
  edit(o);
  return { name, description, expect: 'invalid', response_text: JSON.stringify(o) };
}

/**
 * A forged answer: the warrant-like vector with a changed fee, re-signed with the forger's key, still
 * carrying the test key's kid, and offered together with the forger's public key published under that
 * kid (as a forger's own public_key_url would serve it). The signature is good for the offered bytes;
 * what must stop a verifier is that the offered key's SHA-256 gives another kid.
 */
function forgedKey(from: Vector): Vector {
  const o = JSON.parse(from.response_text) as { fee: { amount: number }; attestation: Record<string, unknown> };
  o.fee.amount = 1;
  o.attestation.public_key_url = `https://forger.example/rules/warrant/signing-key?kid=${key.public.kid}`;
  delete o.attestation.signature;
  const canonical = canonicalize(o);
  o.attestation.signature = sign(null, Buffer.from(canonical, 'utf8'), forger.privateKey).toString('base64url');
  return {
    name: 'forged-key',
    description:
      "Signed with another key (RFC 8032 TEST 2), carrying the test key's kid, and verified against offered_key: the forger's public key published under that kid. The signature matches offered_key, but SHA-256 of offered_key's bytes gives kid " +
      `${forger.public.kid}, not ${key.public.kid}: must NOT verify. Derive the kid from the key you are given and refuse a mismatch.`,
    expect: 'invalid',
    response_text: JSON.stringify(o),
    offered_key: {
      kid: key.public.kid,
      public_key_b64url: forger.public.b64url,
      note: "the forger's public key under the test key's kid",
    },
  };
}

export function buildVectors(): Record<string, unknown> {
  const att = JSON.stringify(attestationUnsigned());
  const warrant = serviceVector(
    'warrant-like',
    'A warrant-shaped answer with nesting, arrays, nulls and non-ASCII text.',
    {
      hcpcs: 'J9271',
      meta: { as_of: '2025-03-15' },
      standing: { status: 'covered', reasons: ['NCD 110.17'], gap: null },
      fee: { amount: 4123.57, currency: 'USD', locality: 'Añasco – zone €' },
      edits: [
        { kind: 'mue', limit: 100 },
        { kind: 'ptp', pair: ['J9271', '96413'], modifier_allowed: false },
      ],
    },
  );
  const vectors: Vector[] = [
    serviceVector('minimal', 'One member plus the attestation block.', { hcpcs: 'E0601' }),
    warrant,
    textVector(
      'numbers',
      'Number spellings a JSON producer may use; RFC 8785 fixes their canonical form (1E21 -> 1e+21, 0.10 -> 0.1, -0 -> 0, 1.0 -> 1; 9007199254740993 parses to 9007199254740992).',
      `{"numbers":{"big":1E21,"tenth":0.10,"neg_zero":-0,"one":1.0,"milli":2e-3,"max_safe":9007199254740991,"beyond_safe":9007199254740993,"large":123456789012345678901234567890,"min_subnormal":5e-324,"third":333333333.33333329},"attestation":${att}}`,
    ),
    textVector(
      'unicode-keys',
      'RFC 8785 §3.2.3 key order (UTF-16 code units) with non-ASCII keys, escapes and a surrogate pair.',
      `{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis","text":"tab\\t quote\\" slash\\/ line-separator\\u2028 nul\\u0000 </script>","attestation":${att}}`,
    ),
    serviceVector('empty-containers', 'Empty objects and arrays, nested, with null and false.', {
      a: {},
      b: [],
      c: [[], [{}]],
      d: null,
      e: false,
    }),
  ];
  vectors.push(
    tampered(warrant, 'tampered-value', 'warrant-like with fee.amount changed: must NOT verify.', (o) => {
      (o.fee as Record<string, unknown>).amount = 4123.58;
    }),
    tampered(
      warrant,
      'tampered-issued-at',
      'warrant-like with attestation.issued_at changed: must NOT verify.',
      (o) => {
        (o.attestation as Record<string, unknown>).issued_at = '2026-01-15T14:00:00.123457+00:00';
      },
    ),
  );
  vectors.push(forgedKey(warrant));
  return {
    'x-generated': '@generated by `npm run attestation-vectors` (scripts/attestation-vectors.ts); do not edit',
    description:
      'Test vectors for verifiers of signed responses (Ed25519 over RFC 8785 canonical JSON, attestation version 1). For each vector: take the key (offered_key when the vector has one, else key), refuse it unless its kid equals attestation.kid and equals "ed25519-" plus the first 16 hex digits of SHA-256 of its 32 raw bytes; parse response_text, remove only attestation.signature, canonicalize with RFC 8785, and verify the base64url signature over the UTF-8 bytes with the key. canonical_hex is the exact signed byte string.',
    key: {
      warning:
        'TEST ONLY. This is the RFC 8032 section 7.1 TEST 1 key, public knowledge; the service never signs with it.',
      alg: ALG,
      kid: key.public.kid,
      seed_hex: TEST_SEED_HEX,
      public_key_hex: Buffer.from(key.public.raw).toString('hex'),
      public_key_b64url: key.public.b64url,
      public_key_pem: key.public.pem,
    },
    vectors,
  };
}

export function renderVectors(): string {
  return `${JSON.stringify(buildVectors(), null, 2)}\n`;
}

if (require.main === module) {
  const text = renderVectors();
  const current = fs.existsSync(VECTORS_FILE) ? fs.readFileSync(VECTORS_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== text) {
      process.stderr.write('contract/attestation-vectors.json is stale: run npm run attestation-vectors and commit.\n');
      process.exit(1);
    }
  } else if (current !== text) {
    fs.writeFileSync(VECTORS_FILE, text);
    process.stdout.write('wrote contract/attestation-vectors.json\n');
  }
}
