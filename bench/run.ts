import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow, BenchSuite } from './types';

/**
 * `npm run bench` runs every suite in bench/suites/; `npm run bench -- <name> [...]` runs the named ones.
 * Prints a table and writes bench/results.json with the machine's core count and Node version.
 */
async function main() {
  const dir = path.join(__dirname, 'suites');
  const suites: BenchSuite[] = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => (require(path.join(dir, f)) as { suite: BenchSuite }).suite)
    .filter(Boolean);
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !suites.some((s) => s.name === w));
  if (unknown.length) {
    process.stderr.write(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${suites.map((s) => s.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  const selected = wanted.length ? suites.filter((s) => wanted.includes(s.name)) : suites;
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  for (const s of selected) {
    process.stdout.write(`\n== ${s.name}: ${s.description}\n`);
    const started = Date.now();
    try {
      rows.push(...(await s.run((line) => process.stdout.write(`   ${line}\n`))));
    } catch (e) {
      failures.push(`${s.name}: ${e instanceof Error ? e.message : String(e)}`);
      process.stdout.write(`   FAILED: ${e instanceof Error ? e.stack : String(e)}\n`);
    }
    process.stdout.write(`   (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  const machine = {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
  const table = renderTable(rows);
  process.stdout.write(`\n${table}\n`);
  const out = path.join(__dirname, 'results.json');
  const previous = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows?: BenchRow[] }) : {};
  const keep = (previous.rows ?? []).filter((r) => !selected.some((s) => s.name === r.suite));
  fs.writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, rows: [...keep, ...rows], failures }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${path.relative(process.cwd(), out)} (${machine.cores} cores, Node ${machine.node})\n`);
  if (failures.length) process.exit(1);
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

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
