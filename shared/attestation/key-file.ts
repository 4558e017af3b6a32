import * as fs from 'node:fs';
import * as path from 'node:path';
import { keyFromSeed, newSeed, type SigningKey } from './key';
import { parseKeyMaterial, renderKeyFile } from './key-material';

const PRIVATE_MODE = 0o600;

/**
 * The local signing key: read from `file`, or generated and written there on first use.
 * Creation is atomic (write a temporary file, then hard-link it into place, which fails if another
 * process won the race), so concurrent starts agree on one key. The file is kept at mode 0600;
 * a looser mode found on disk is tightened.
 */
export function ensureKeyFile(file: string, now: Date): { key: SigningKey; created: boolean } {
  const existing = readKeyFile(file);
  if (existing) return { key: existing, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = keyFromSeed(newSeed());
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, renderKeyFile(key, now), { mode: PRIVATE_MODE, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const winner = readKeyFile(file);
    if (!winner) throw e;
    return { key: winner, created: false };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return { key, created: true };
}

/** The key in `file`, or undefined when the file does not exist. */
export function readKeyFile(file: string): SigningKey | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_MODE);
  return parseKeyMaterial(text);
}
