import { createPublicKey } from 'node:crypto';
import * as fs from 'node:fs';
import { publicKeyInfo } from '../shared/attestation/key';
import {
  isVerificationKey,
  type Verification,
  type VerificationKey,
  verifySignedResponse,
} from '../shared/attestation/verify';

/**
 * `npm run verify -- <response.json|-> [--key <key.json|key.pem|URL>]`: checks a signed response
 * offline with the client verifier (shared/attestation/verify.ts) and prints which kid verified.
 * Without --key the key is fetched from the response's own attestation.public_key_url (step 1).
 * Exit 0 verified, 1 not verified, 2 usage or input error.
 */
const USAGE = 'usage: npm run verify -- <response.json | -> [--key <key.json | key.pem | https://.../signing-key>]';

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const keyAt = argv.indexOf('--key');
  const keyArg = keyAt >= 0 ? argv[keyAt + 1] : undefined;
  if (keyAt >= 0 && !keyArg) throw new UsageError('--key needs a file or URL');
  const positional = keyAt >= 0 ? argv.filter((_, i) => i !== keyAt && i !== keyAt + 1) : argv;
  if (positional.length !== 1 || positional[0]!.startsWith('--')) throw new UsageError(USAGE);
  const response = parseJson(readInput(positional[0]!), positional[0]!);
  let keys: VerificationKey[];
  if (keyArg) {
    keys = await loadKeys(keyArg);
  } else {
    const url = (response as { attestation?: { public_key_url?: unknown } })?.attestation?.public_key_url;
    if (typeof url !== 'string')
      return report({ ok: false, reason: 'the response carries no attestation.public_key_url' });
    process.stderr.write(
      `key from the response's own public_key_url ${url} (pin a key with --key to detect a substituted one)\n`,
    );
    keys = await loadKeys(url);
  }
  return report(verifySignedResponse(response, keys));
}

function report(r: Verification): number {
  if (r.ok) {
    process.stdout.write(`verified: signed by kid ${r.kid}, issued_at ${r.issued_at}\n`);
    return 0;
  }
  process.stdout.write(`NOT VERIFIED${r.kid ? ` (kid ${r.kid})` : ''}: ${r.reason}\n`);
  return 1;
}

/** A signing-key resource (or a list of them, or a file with a `key` member), a PEM public key, or a URL serving one. */
async function loadKeys(where: string): Promise<VerificationKey[]> {
  let text: string;
  if (/^https?:\/\//.test(where)) {
    const res = await fetch(where, { headers: { accept: 'application/json' } }).catch((e: Error) => {
      throw new UsageError(`cannot fetch ${where}: ${(e.cause as Error | undefined)?.message ?? e.message}`);
    });
    if (!res.ok) throw new UsageError(`fetching ${where} answered ${res.status}`);
    text = await res.text();
  } else {
    text = readInput(where);
  }
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
    process.exit(2);
  },
);
