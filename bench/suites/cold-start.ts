import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow, BenchSuite } from '../types';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = 5;

/**
 * Each Lambda bundle's size and its module load time: `require` of the bundled file in a fresh Node
 * process (median of 5), relative to require() of the zod package in the same kind of process.
 */
export const suite: BenchSuite = {
  name: 'cold-start',
  timeoutMs: 120_000,
  description: 'bundle size and require() time of each Lambda bundle in a fresh process',
  async run(log) {
    // Bundled into a temporary folder: dist/ belongs to `npm run build`, which may run at the same time.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundles-'));
    try {
      return measure(dir, log);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function measure(dir: string, log: (line: string) => void): BenchRow[] {
  execFileSync('node', [path.join(ROOT, 'scripts/build.mjs'), '--out', dir], { cwd: ROOT, stdio: 'pipe' });
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const reference = median(Array.from({ length: RUNS }, () => timeNode(require.resolve('zod'))));
  const rows: BenchRow[] = [];
  for (const name of names) {
    const file = path.join(dir, name, 'index.js');
    const bytes = fs.statSync(file).size;
    const ms = median(Array.from({ length: RUNS }, () => timeNode(file)));
    log(`${name}: ${(bytes / 1024).toFixed(0)} KiB, require ${ms.toFixed(1)} ms`);
    rows.push({ suite: 'cold-start', metric: `${name} bundle size`, value: bytes / 1024, unit: 'KiB' });
    rows.push({
      suite: 'cold-start',
      metric: `${name} require time`,
      value: ms,
      unit: 'ms',
      reference: { name: 'require(zod)', value: reference, unit: 'ms' },
      ratio: ms / reference,
    });
  }
  return rows;
}

/** Milliseconds spent in require() of `file` inside a fresh node process. */
function timeNode(file: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const out = execFileSync('node', ['-e', script], {
    env: {
      PATH: process.env.PATH,
      STORAGE: 'aws',
      AWS_REGION: 'us-east-1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
  });
  return Number(out);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}
