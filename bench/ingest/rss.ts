import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

/** A memory figure of a process from /proc/<pid>/status (VmRSS now, VmHWM peak), in KiB; NaN off Linux. */
export function vmKib(field: 'VmRSS' | 'VmHWM', pid: number | 'self' = 'self'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface ChildRun<T> {
  /** What the child printed as its last stdout line, parsed. */
  result: T;
  /** The largest VmRSS seen by sampling the child every 50 ms (a cross-check of its own VmHWM). */
  sampledPeakKib: number;
  wallMs: number;
}

/**
 * Run a node child to completion while sampling its resident set; rejects with its stderr when it
 * fails or outlives `timeoutMs` (then it is killed, so a stuck run never hangs the benchmark).
 */
export function runChild<T>(args: string[], timeoutMs: number, cwd?: string): Promise<ChildRun<T>> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  let sampledPeakKib = 0;
  const sampler = setInterval(() => {
    const kib = child.pid ? vmKib('VmRSS', child.pid) : Number.NaN;
    if (kib > sampledPeakKib) sampledPeakKib = kib;
  }, 50);
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last) {
        reject(new Error(`child ${args[args.length - 2] ?? ''} failed (${signal ?? code}): ${err.slice(-2000)}`));
        return;
      }
      resolve({ result: JSON.parse(last) as T, sampledPeakKib, wallMs: performance.now() - started });
    });
  });
}
