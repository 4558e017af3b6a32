import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow, BenchSuite } from '../types';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = 7;
/** Issue 16 point 4: the file Lambda loads at cold start, and its require() time. */
const MAX_BYTES = 1_000_000;
const MAX_REQUIRE_MS = 100;

interface SizeRow {
  name: string;
  bytes: number;
  lazy: { package: string; file: string; bytes: number }[];
}

/**
 * Each Lambda bundle as `npm run build` makes it (cdk.json's build hook): the size of index.js, the
 * file loaded at cold start, with its lazy files beside it counted apart; and its module load time,
 * `require()` of index.js in a fresh Node process (median of RUNS, the runs of all bundles
 * interleaved so a busy moment weighs on all alike). Same-run reference: `require('zod')` in the
 * same kind of process (the reference of earlier runs, so ratios compare across them).
 *
 * One more figure prices the choice of bundling the AWS SDK: the same bundles built with
 * `--aws-sdk runtime` (SDK left out, resolved from node_modules as Lambda resolves it from its
 * runtime's copy), their median require() time against the bundled one's.
 */
export const suite: BenchSuite = {
  name: 'cold-start',
  timeoutMs: 300_000,
  description: 'bundle size and require() time of each Lambda bundle in a fresh process',
  async run(log) {
    // Bundled into temporary folders: dist/ belongs to `npm run build`, which may run at the same time.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundles-'));
    try {
      return measure(dir, log);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function measure(dir: string, log: (line: string) => void): BenchRow[] {
  const bundled = path.join(dir, 'bundled');
  const runtime = path.join(dir, 'sdk-from-runtime');
  build(bundled);
  build(runtime, ['--aws-sdk', 'runtime']);
  const sizes = JSON.parse(fs.readFileSync(path.join(bundled, 'sizes.json'), 'utf8')) as SizeRow[];
  const names = sizes.map((s) => s.name);
  const zod = require.resolve('zod');
  const sdkPath = path.join(ROOT, 'node_modules');

  const times = new Map<string, number[]>();
  const add = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  for (let i = 0; i < RUNS; i++) {
    add('reference', timeRequire(zod));
    for (const name of names) {
      add(name, timeRequire(path.join(bundled, name, 'index.js')));
      add(`runtime:${name}`, timeRequire(path.join(runtime, name, 'index.js'), sdkPath));
    }
  }
  const med = (key: string) => median(times.get(key) ?? []);
  const reference = { name: 'require(zod)', value: med('reference'), unit: 'ms' };
  log(`reference: require(zod) ${reference.value.toFixed(1)} ms`);

  const rows: BenchRow[] = [];
  for (const s of sizes) {
    const ms = med(s.name);
    const lazyBytes = s.lazy.reduce((n, l) => n + l.bytes, 0);
    const figure = {
      bundle: s.name,
      bytes: s.bytes,
      require_ms: round(ms),
      reference_ms: round(reference.value),
      ratio: round(ms / reference.value),
      lazy_bytes: lazyBytes,
      lazy: Object.fromEntries(s.lazy.map((l) => [l.file, l.bytes])),
    };
    log(JSON.stringify(figure));
    rows.push(
      {
        suite: 'cold-start',
        metric: `${s.name} bundle size (index.js)`,
        value: s.bytes / 1024,
        unit: 'KiB',
        target: '<= 1 MB',
        met: s.bytes <= MAX_BYTES,
      },
      {
        suite: 'cold-start',
        metric: `${s.name} require() time`,
        value: ms,
        unit: 'ms',
        reference,
        ratio: ms / reference.value,
        target: `<= ${MAX_REQUIRE_MS} ms`,
        met: ms <= MAX_REQUIRE_MS,
      },
      {
        suite: 'cold-start',
        metric: `${s.name} lazy files (${s.lazy.length}, loaded on first use)`,
        value: lazyBytes / 1024,
        unit: 'KiB',
        note: s.lazy.map((l) => `${l.file} ${(l.bytes / 1024).toFixed(0)} KiB`).join(', '),
      },
    );
  }
  const bundledMedian = median(names.map((n) => med(n)));
  const runtimeMedian = median(names.map((n) => med(`runtime:${n}`)));
  log(
    `AWS SDK from the runtime: median require ${runtimeMedian.toFixed(1)} ms, bundled ${bundledMedian.toFixed(1)} ms`,
  );
  rows.push({
    suite: 'cold-start',
    metric: 'require() time with the AWS SDK from the runtime, median of bundles',
    value: runtimeMedian,
    unit: 'ms',
    reference: { name: 'SDK bundled, median of bundles', value: bundledMedian, unit: 'ms' },
    ratio: runtimeMedian / bundledMedian,
  });
  return rows;
}

function build(out: string, extra: string[] = []): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', out, ...extra], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}

/** Milliseconds spent in require() of `file` inside a fresh node process. */
function timeRequire(file: string, nodePath?: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const out = execFileSync(process.execPath, ['-e', script], {
    env: {
      PATH: process.env.PATH,
      STORAGE: 'aws',
      AWS_REGION: 'us-east-1',
      // Required on AWS storage (shared/config.ts); placeholders, nothing is read or written.
      API_KEY_PEPPER: 'bench-placeholder-pepper-0000',
      WEBHOOK_SECRET_KEY: 'A'.repeat(43),
      // The mcp function's tool calls go there (its stack sets it); nothing is called at load.
      MCP_UPSTREAM_URL: 'https://bench.execute-api.us-east-1.amazonaws.com',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...(nodePath ? { NODE_PATH: nodePath } : {}),
    },
    encoding: 'utf8',
  });
  return Number(out);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

const round = (n: number) => Math.round(n * 10) / 10;
