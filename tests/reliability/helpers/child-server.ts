import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/** The environment of a child process of the service: only what it needs, nothing inherited. */
export function childEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    SEED_SAMPLE_DATA: 'false',
    LOG_LEVEL: 'warn',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  };
}

export interface Child {
  proc: ChildProcess;
  out(): string;
  err(): string;
  /** Resolves with the exit code (or the signal name) once the process is gone. */
  exited: Promise<number | string>;
}

/** `node --openssl-legacy-provider -r @swc-node/register <script> ...args`, output captured. */
export function spawnScript(script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, ['--openssl-legacy-provider', '-r', '@swc-node/register', script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { proc, out: () => out, err: () => err, exited };
}

/** Poll until `cond()` is truthy; fails with `what` after `ms`. */
export async function waitFor<T>(cond: () => T | Promise<T>, what: string, ms = 20_000, every = 25): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await cond();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => (every ? setTimeout(r, every) : setImmediate(r)));
  }
}

/** `npm start` as a child on `dataDir`; resolves once it listens. */
export async function startServerChild(dataDir: string, port: number): Promise<Child> {
  // Facts of a 60 MB PTP table take minutes to load into dynalite: the restart must only repair.
  const child = spawnScript(
    'scripts/start.ts',
    [],
    childEnv(dataDir, { PORT: String(port), SIGNING_KEY_SOURCE: 'none', LOAD_FACTS_AT_START: 'false' }),
  );
  let gone: number | string | undefined;
  void child.exited.then((c) => {
    gone = c;
  });
  try {
    await waitFor(
      () => {
        if (gone !== undefined) throw new Error(`server exited (${gone})`);
        return child.out().includes('listening on');
      },
      'the server to listen',
      30_000,
    );
  } catch (e) {
    child.proc.kill('SIGKILL');
    await child.exited;
    throw new Error(`${(e as Error).message}; stdout: ${child.out().slice(-800)}; stderr: ${child.err().slice(-800)}`);
  }
  return child;
}
