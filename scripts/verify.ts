import { createPublicKey } from 'node:crypto';
import * as fs from 'node:fs';
import { publicKeyInfo } from '../shared/attestation/key';
import {
  isVerificationKey,
  originOf,
  type Verification,
  type VerificationKey,
  verifySignedResponse,
  verifyWithPublishedKey,
} from '../shared/attestation/verify';

/**
 * `npm run verify -- <response.json|-> [--key <key.json|key.pem|URL>] [--trust-origin <origin>]...`:
 * checks a signed response with the client verifier (shared/attestation/verify.ts) and prints which
 * kid verified. A key is accepted only under the kid derived from its own bytes.
 *
 * Without --key the key is fetched from the response's own attestation.public_key_url. That proves
 * the response intact but not who signed it (a forger can point the URL at their own key), so unless
 * the URL's origin is trusted (--trust-origin, or WARRANT_TRUSTED_ORIGINS, comma-separated) the
 * result is "unpinned" with its own exit status.
 *
 * Exit 0 verified with a pinned key, 1 not verified, 2 usage or input error, 3 verified but unpinned.
 */
const USAGE =
  'usage: npm run verify -- <response.json | -> [--key <key.json | key.pem | https://.../signing-key>] [--trust-origin https://api.example.com]...';

const EXIT = { verified: 0, notVerified: 1, usage: 2, unpinned: 3 } as const;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let keyArg: string | undefined;
  const trusted = (process.env.WARRANT_TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--key' || arg === '--trust-origin') {
      const value = argv[++i];
      if (!value) throw new UsageError(`${arg} needs a value`);
      if (arg === '--key') keyArg = value;
      else trusted.push(value);
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg}\n${USAGE}`);
    } else positional.push(arg);
  }
  for (const o of trusted) {
    if (!originOf(o)) throw new UsageError(`trusted origin ${o} is not an http(s) URL`);
  }
  if (positional.length !== 1) throw new UsageError(USAGE);
  const response = parseJson(readInput(positional[0]!), positional[0]!);
  if (keyArg) return report(verifySignedResponse(response, await loadKeys(keyArg)));
  const result = await verifyWithPublishedKey(response, {
    fetch: async (url) => {
      const res = await fetchKey(url);
      return { ok: true, status: res.status, json: async () => keyFromText(res.text, url)[0] };
    },
    trustedOrigins: trusted,
  });
  return report(result);
}

function report(r: Verification): number {
  if (r.ok) {
    process.stdout.write(`verified: signed by kid ${r.kid}, issued_at ${r.issued_at}\n`);
    return EXIT.verified;
  }
  if (r.unpinned) {
    process.stdout.write(
      `UNPINNED: the signature verifies under kid ${r.kid} (issued_at ${r.issued_at}), but the key came only from the response's own public_key_url ${r.key_url}, so who signed it is not proven. Pin the key with --key, or trust that origin with --trust-origin.\n`,
    );
    return EXIT.unpinned;
  }
  process.stdout.write(`NOT VERIFIED${r.kid ? ` (kid ${r.kid})` : ''}: ${r.reason}\n`);
  return EXIT.notVerified;
}

/** A signing-key resource (or a list of them, or a file with a `key` member), a PEM public key, or a URL serving one. */
async function loadKeys(where: string): Promise<VerificationKey[]> {
  const text = /^https?:\/\//.test(where) ? (await fetchKey(where)).text : readInput(where);
  return keyFromText(text, where);
}

async function fetchKey(url: string): Promise<{ status: number; text: string }> {
  // Redirects refused: a trusted origin must not hand the key over to another host.
  const res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error' }).catch((e: Error) => {
    throw new UsageError(`cannot fetch ${url}: ${(e.cause as Error | undefined)?.message ?? e.message}`);
  });
  if (!res.ok) throw new UsageError(`fetching ${url} answered ${res.status}`);
  return { status: res.status, text: await res.text() };
}

/** The keys in a signing-key resource, a list of them, a file with a `key` member, or a PEM public key. */
function keyFromText(text: string, where: string): VerificationKey[] {
  if (text.trimStart().startsWith('-----BEGIN PUBLIC KEY-----')) {
    const spki = createPublicKey(text).export({ format: 'der', type: 'spki' });
    const info = publicKeyInfo(spki.subarray(spki.length - 32));
    return [{ kid: info.kid, public_key_b64url: info.b64url }];
  }
  const parsed = parseJson(text, where) as unknown;
  const candidates = Array.isArray(parsed) ? parsed : [(parsed as { key?: unknown })?.key ?? parsed];
  const keys = candidates.filter(isVerificationKey);
  if (!keys.length) throw new UsageError(`${where} holds no key with kid and public_key_b64url`);
  return keys;
}

function readInput(where: string): string {
  try {
    return fs.readFileSync(where === '-' ? 0 : where, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${where}: ${(e as Error).message}`);
  }
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${where} is not JSON`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof UsageError ? e.message : e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(EXIT.usage);
  },
);
