import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** Where the shared results live: one folder per name and content key, beside its lock while it is made. */
const CACHE = path.join(os.tmpdir(), 'warrant-test-cache');
/** A lock older than this is a maker that died: taken over. */
const STALE_LOCK_MS = 15 * 60_000;
/** Results of other content older than this are removed when a new one is made. */
const KEEP_OLD_MS = 6 * 60 * 60_000;
/** The marker a finished result carries; a folder without it is never served. */
const DONE = '.made';

/**
 * What the code under test reads: every file git tracks or would track, except tests and benches
 * (and fixtures unless `fixtures`). Null outside a git checkout: nothing is shared then.
 */
function inputFiles(fixtures: boolean): string[] | null {
  try {
    return execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f !== '' && !/^bench\/|\.test\.ts$/.test(f))
      .filter((f) => !f.startsWith('tests/') || f.startsWith('tests/helpers/'))
      .filter((f) => fixtures || !/\/fixtures\//.test(f))
      .sort();
  } catch {
    return null;
  }
}

/** The sha256 of the inputs (names and bytes), the Node version and the result's name. */
function contentKey(name: string, files: readonly string[]): string {
  const h = createHash('sha256').update(`${name}\0${process.version}\0`);
  for (const f of files) {
    const at = path.join(ROOT, f);
    if (!fs.existsSync(at)) continue; // deleted in the work tree, still in the index
    h.update(`${f}\0`).update(fs.readFileSync(at)).update('\0');
  }
  return h.digest('hex').slice(0, 24);
}

function removeOld(keep: string): void {
  for (const entry of fs.readdirSync(CACHE)) {
    if (entry.startsWith(keep)) continue;
    const at = path.join(CACHE, entry);
    try {
      if (Date.now() - fs.statSync(at).mtimeMs > KEEP_OLD_MS) fs.rmSync(at, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A folder `make` fills once per content of the tree: the suites of one run that need the same
 * expensive result (the Lambda bundles, a world with every fixture seeded) share it, and a later
 * run of an unchanged tree reuses it. The first suite to ask makes it under a lock (a directory
 * made with mkdir, atomic across jest workers); the others wait. The key is the sha256 of every
 * file the code reads (`fixtures` adds the sample files), so an edit anywhere makes a new one.
 * Callers only read the folder (copy it to write). Outside a git checkout each call makes its own.
 */
export async function madeOnce(
  name: string,
  opts: { fixtures: boolean },
  make: (dir: string) => Promise<void> | void,
): Promise<string> {
  const files = inputFiles(opts.fixtures);
  if (!files) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    await make(dir);
    return dir;
  }
  const key = `${name}-${contentKey(name, files)}`;
  const dir = path.join(CACHE, key);
  const lock = `${dir}.lock`;
  fs.mkdirSync(CACHE, { recursive: true });
  for (;;) {
    if (fs.existsSync(path.join(dir, DONE))) return dir;
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another suite makes it: wait, unless its lock is stale.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(500);
      continue;
    }
    try {
      const tmp = `${dir}.${process.pid}`;
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.mkdirSync(tmp);
      await make(tmp);
      fs.writeFileSync(path.join(tmp, DONE), new Date().toISOString());
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(tmp, dir);
      removeOld(key);
      return dir;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A private, writable copy of a made folder, removed by the returned function. */
export function copyOf(dir: string, prefix: string): { dir: string; remove: () => void } {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.cpSync(dir, copy, { recursive: true });
  return { dir: copy, remove: () => fs.rmSync(copy, { recursive: true, force: true }) };
}
