import { signResponse } from '../../../shared/attestation/attest';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { FIXED_ISSUED_AT, sampleResponse, testKey } from './fixtures';

/**
 * The tamper walk: every leaf of a signed response changed in turn, each copy put through the
 * client verifier. tamper.test.ts runs this file in a plain Node process, because tweetnacl runs
 * about 30 times slower inside Jest's vm sandbox than in Node itself.
 */
export type Path = (string | number)[];

const key = testKey();
export const keyRecord = { kid: key.public.kid, public_key_b64url: key.public.b64url };
export const signed = signResponse(sampleResponse(), key, {
  issuedAt: FIXED_ISSUED_AT,
  publicKeyUrl: 'http://localhost:8787/rules/warrant/signing-key',
}).body;

/** Every leaf (string, number, boolean, null, empty array or object) with its path. */
export function leaves(v: unknown, at: Path = []): Path[] {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    if (entries.length === 0) return [at];
    return entries.flatMap(([k, x]) => leaves(x, [...at, k]));
  }
  return [at];
}

/** A deep copy of `root` with the value at `at` replaced by change(value). */
export function edit(root: unknown, at: Path, change: (v: unknown) => unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(root));
  let node = copy;
  for (const k of at.slice(0, -1)) node = node[k];
  const last = at[at.length - 1]!;
  node[last] = change(node[last]);
  return copy;
}

/** The smallest change of a value that keeps its type: one bit of the last character, the next double, ... */
export function nudge(v: unknown): unknown {
  if (typeof v === 'string')
    return v.length ? v.slice(0, -1) + String.fromCharCode(v.charCodeAt(v.length - 1) ^ 1) : 'x';
  if (typeof v === 'number') {
    const next = v * (1 + Number.EPSILON * 4);
    return v === 0 ? 1 : next === v ? v + 1 : next;
  }
  if (typeof v === 'boolean') return !v;
  if (v === null) return 0;
  if (Array.isArray(v)) return [null];
  return { x: null };
}

export interface WalkResult {
  path: string;
  changed: boolean;
  ok: boolean;
  reason?: string;
}

export function walk(): WalkResult[] {
  return leaves(signed).map((at) => {
    const tampered = edit(signed, at, nudge);
    const r = verifySignedResponse(tampered, keyRecord);
    return {
      path: at.join('.'),
      changed: JSON.stringify(tampered) !== JSON.stringify(signed),
      ok: r.ok,
      reason: r.ok ? undefined : r.reason,
    };
  });
}

if (require.main === module) process.stdout.write(JSON.stringify(walk()));
