import * as path from 'node:path';
import { SIGNING_KEY_PATH } from '../../shared/attestation/attest';
import { ensureKeyFile } from '../../shared/attestation/key-file';
import type { Deps } from '../../shared/deps';
import { signerFor } from './signer';

/**
 * `npm start` step: make sure the signing key exists (generated into the data folder on first
 * start, mode 0600) and name it. Idempotent: later starts read the same key and print the same kid.
 */
export async function ensureSigningKey(deps: Deps): Promise<string[]> {
  const s = deps.config.signing;
  const where = `public key at ${SIGNING_KEY_PATH}`;
  if (s.source === 'none') return ['signing off (SIGNING_KEY_SOURCE=none): signed routes answer without attestation'];
  if (s.source === 'file') {
    const { key, created } = ensureKeyFile(s.file, deps.clock.now());
    const rel = path.relative(process.cwd(), s.file);
    const file = rel.startsWith('..') || path.isAbsolute(rel) ? s.file : rel;
    return [`signing key ${key.public.kid} (${where}; ${created ? 'generated in' : 'kept in'} ${file})`];
  }
  const key = await signerFor(deps).keys.current();
  return [`signing key ${key?.public.kid ?? 'none'} (${where}; from the configured ${s.source})`];
}
