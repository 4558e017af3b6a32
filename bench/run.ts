import '../shared/datasets/install';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow, BenchSuite } from './types';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const CHILD_FLAG = '--suite-child';

/**
 * `npm run bench` runs every suite in bench/suites/; `npm run bench -- <name> [...]` runs the named ones.
 * Prints a table and writes bench/results.json with the machine's core count and Node version.
 *
 * Each suite runs in its own process group: engines, sockets and timers a suite leaves behind die
 * with it, one suite's heap never weighs on the next one's figures, and a suite that outlives its
 * `timeoutMs` is killed (children included) and reported as failed, so the whole run is bounded.
 */
async function main() {
  const suites = loadSuites();
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !suites.some((s) => s.name === w));
  if (unknown.length) {
    process.stderr.write(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${suites.map((s) => s.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  const selected = wanted.length ? suites.filter((s) => wanted.includes(s.name)) : suites;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      killGroup(current);
      process.exit(130);
    });
  }
  const runStarted = Date.now();
  const loadBefore = os.loadavg();
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  const durations: Record<string, number> = {};
  for (const s of selected) {
    process.stdout.write(`\n== ${s.name}: ${s.description}\n`);
    const started = Date.now();
    try {
      rows.push(...(await runInChild(s)));
    } catch (e) {
      failures.push(`${s.name}: ${e instanceof Error ? e.message : String(e)}`);
      process.stdout.write(`   FAILED: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    durations[s.name] = Math.round((Date.now() - started) / 100) / 10;
    process.stdout.write(`   (${durations[s.name]} s)\n`);
  }
  const machine = {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    /** 1, 5 and 15 minute load averages before and after the run (other work on the machine skews figures). */
    load_average: { before: loadBefore.map(round2), after: os.loadavg().map(round2) },
  };
  const table = renderTable(rows);
  const totalSeconds = Math.round((Date.now() - runStarted) / 1000);
  process.stdout.write(`\n${table}\n`);
  const out = path.join(__dirname, 'results.json');
  const previous = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows?: BenchRow[] }) : {};
  const keep = (previous.rows ?? []).filter((r) => !selected.some((s) => s.name === r.suite));
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        suites: selected.map((s) => s.name),
        duration_s: { total: totalSeconds, ...durations },
        rows: [...keep, ...rows],
        failures,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(
    `wrote ${path.relative(process.cwd(), out)} (${machine.cores} cores, Node ${machine.node}, ${totalSeconds} s, load ${machine.load_average.before.join(' ')} -> ${machine.load_average.after.join(' ')})\n`,
  );
  if (failures.length) process.exit(1);
}

function loadSuites(): BenchSuite[] {
  const dir = path.join(__dirname, 'suites');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => (require(path.join(dir, f)) as { suite: BenchSuite }).suite)
    .filter(Boolean);
}

/** Run one suite in a child process (same node flags) and collect its rows from a result file. */
function runInChild(s: BenchSuite): Promise<BenchRow[]> {
  const resultFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-run-')), 'rows.json');
  const timeoutMs = s.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const child = spawn(process.execPath, [...process.execArgv, __filename, CHILD_FLAG, s.name, resultFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  current = child.pid;
  let timedOut = false;
  const killer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, timeoutMs);
  return new Promise<BenchRow[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(killer);
      current = undefined;
      killGroup(child.pid); // whatever the suite started and left running
      try {
        if (timedOut) throw new Error(`timed out after ${timeoutMs / 1000} s and was killed`);
        const result = fs.existsSync(resultFile)
          ? (JSON.parse(fs.readFileSync(resultFile, 'utf8')) as { rows?: BenchRow[]; error?: string })
          : {};
        if (result.error) throw new Error(result.error);
        if (code !== 0 || !result.rows) throw new Error(`exited with ${signal ?? code} and no result`);
        resolve(result.rows);
      } catch (e) {
        reject(e);
      } finally {
        fs.rmSync(path.dirname(resultFile), { recursive: true, force: true });
      }
    });
  });
}

/** The suite process group running now; an interrupted runner takes it down too (it is detached). */
let current: number | undefined;

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Inside the child: run the suite, write its rows (or its error) and exit, whatever is still open. */
async function child(name: string, resultFile: string): Promise<never> {
  const suite = loadSuites().find((s) => s.name === name);
  let result: { rows?: BenchRow[]; error?: string };
  try {
    if (!suite) throw new Error(`no suite ${name}`);
    result = { rows: await suite.run((line) => process.stdout.write(`   ${line}\n`)) };
  } catch (e) {
    process.stdout.write(`   ${e instanceof Error ? e.stack : String(e)}\n`);
    result = { error: e instanceof Error ? e.message : String(e) };
  }
  fs.writeFileSync(resultFile, JSON.stringify(result));
  process.exit(result.error ? 1 : 0);
}

export function renderTable(rows: BenchRow[]): string {
  const header = ['suite', 'metric', 'value', 'unit', 'reference', 'ratio', 'target', 'met'];
  const body = rows.map((r) => [
    r.suite,
    r.metric,
    fmt(r.value),
    r.unit,
    r.reference ? `${r.reference.name} ${fmt(r.reference.value)} ${r.reference.unit}` : '',
    r.ratio === undefined ? '' : fmt(r.ratio),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

if (require.main === module) {
  const [flag, name, resultFile] = process.argv.slice(2);
  const run = flag === CHILD_FLAG && name && resultFile ? child(name, resultFile) : main();
  run.catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
