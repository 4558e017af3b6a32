import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import type { CatalogVersion } from '../../shared/catalog/timeline';
import { CatalogWriter } from '../../shared/catalog/writer';
import { nmrcParser } from '../../shared/datasets/cms_hcris_hosp10/cells';
import { hcrisCellsDataset } from '../../shared/datasets/cms_hcris_hosp10/dataset';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { readLineBatches } from '../../shared/publishers/common/lines';
import type { Table } from '../../shared/storage/table';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { childEnv, loadCatalogInChild } from '../catalog-load-child';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/**
 * NMRC cells of the synthetic year (`BENCH_HCRIS_ROWS`, default 5 M so `npm run bench` stays quick). A
 * federal fiscal year of HOSP10 NMRC is put at 20-30 M cells over about 5,400 reports (issue 22):
 * `BENCH_HCRIS_ROWS=25000000 npm run bench -- hcris` is that size (about 5 minutes on 2 cores). Its
 * reports are smaller (~980 cells), so at a given cell count it has more reports, and more stored
 * keys, than a real year.
 */
const ROWS = Number(process.env.BENCH_HCRIS_ROWS ?? 5_000_000);
const SAMPLES = 200;
/** V8 old-space cap of the loading child (`BENCH_HCRIS_HEAP_MB`, 0 for none): a load that completes under it is bounded. */
const HEAP_MB = Number(process.env.BENCH_HCRIS_HEAP_MB ?? 128);
const YEAR = 2022;

/**
 * Worksheets of one synthetic report and their cells: about 980 a report over 14 worksheets; A, G
 * and S-10 (kept, 7 stored keys a report) are about 44% of them.
 */
const SHEETS: readonly [string, number, number][] = [
  ['A000000', 70, 5],
  ['A700001', 10, 4],
  ['A800000', 30, 1],
  ['B000001', 40, 3],
  ['B100000', 20, 3],
  ['C000001', 40, 2],
  ['D000001', 10, 2],
  ['E00A18A', 30, 1],
  ['G000000', 30, 2],
  ['G200000', 40, 1],
  ['G300000', 25, 1],
  ['S100000', 25, 1],
  ['S200001', 10, 1],
  ['S300001', 30, 3],
];
const PER_REPORT = SHEETS.reduce((n, [, lines, cols]) => n + lines * cols, 0);
const code = (n: number) => `${String(n).padStart(3, '0')}00`;
const ccnOf = (i: number) => String(10_000 + i).padStart(6, '0');

/** Writes the NMRC and RPT of `reports` reports (NMRC sorted by report, worksheet, line, column). */
async function writeYear(dir: string, reports: number): Promise<{ nmrc: string; rpt: string; cells: number }> {
  const nmrc = path.join(dir, `HOSP10_${YEAR}_NMRC.CSV`);
  const rpt = path.join(dir, `HOSP10_${YEAR}_RPT.CSV`);
  const out = fs.createWriteStream(nmrc);
  let cells = 0;
  for (let r = 0; r < reports; r++) {
    const rec = 700_000 + r;
    const lines: string[] = [];
    for (const [ws, nl, nc] of SHEETS)
      for (let l = 1; l <= nl; l++)
        for (let c = 1; c <= nc; c++)
          lines.push(`${rec},${ws},${code(l)},${code(c)},${(rec * 31 + l * 7 + c) % 9_000_000}`);
    cells += lines.length;
    if (!out.write(`${lines.join('\n')}\n`)) await new Promise<void>((res) => out.once('drain', () => res()));
  }
  await new Promise<void>((res, rej) => out.end((e?: Error | null) => (e ? rej(e) : res())));
  const rows = Array.from(
    { length: reports },
    (_, r) =>
      `${700_000 + r},2,${ccnOf(r)},,1,10/01/2021,09/30/2022,03/10/2023,N,N,O,10101,4,03/06/2023,F,,,02/27/2023`,
  );
  fs.writeFileSync(rpt, `${rows.join('\n')}\n`);
  return { nmrc, rpt, cells };
}

/**
 * The live heap of the loader's data path alone: the NMRC parser feeding the catalog writer of the
 * cells dataset, its batches counted by a table that stores nothing (no engine, no I/O), the heap
 * read after a full collection every 5,000 rows. What grows here grows with the year.
 */
async function writerHeap(file: string): Promise<{ peakMiB: number; keys: number; rows: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const sink = { name: 'count-only', putMany: async () => {}, update: async () => ({}) } as unknown as Table;
  const version = { source_id: 'cms_hcris_hosp10', doc_id: 'hcris:2', version_id: 2 } as CatalogVersion;
  const writer = new CatalogWriter(sink, hcrisCellsDataset, version);
  let peak = 0;
  let rows = 0;
  for await (const r of nmrcParser.parse(fs.createReadStream(file))) {
    await writer.add(r);
    if (++rows % 5000 === 0 && gc) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  await writer.flush();
  gc?.();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { peakMiB: peak / 2 ** 20, keys: writer.countedKeys, rows };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Resets the process's peak RSS (VmHWM) where Linux allows it, so the next peak is the next step's. */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Issue 22 point 8: a synthetic HCRIS year of realistic size (ROWS NMRC cells, ~950 a report over
 * 14 worksheets) parsed from disk by the NMRC parser beside a plain line scan of the same file
 * (the same run's reference; peak RSS of this process, VmHWM reset before it where Linux allows),
 * then archived and loaded end to end by syncCatalog in a child process into the embedded engines
 * (only worksheets A, G and S-10 are stored, a few rows per report; peak RSS of the child). Then the p99 of the
 * group's main read, `/cost-reports/{ccn}/cost-centers`, over the loaded year.
 */
export const suite: BenchSuite = {
  name: 'hcris',
  timeoutMs: 30 * 60_000,
  description: `HCRIS NMRC year (${ROWS.toLocaleString('en-US')} cells): parser and load rows/s vs a line scan, peak RSS, p99 of /cost-reports/{ccn}/cost-centers`,
  async run(log): Promise<BenchRow[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hcris-'));
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2024-06-15T12:00:00.000Z') };
    const env = childEnv(engines, dir, 'hcris');
    const h = await startHarness({ engines, clock, env });
    try {
      const reports = Math.ceil(ROWS / PER_REPORT);
      const year = await writeYear(dir, reports);
      const mb = fs.statSync(year.nmrc).size / 1e6;
      log(`synthetic FY${YEAR}: ${reports} reports, ${year.cells} NMRC cells, ${mb.toFixed(0)} MB`);

      let t = performance.now();
      let lines = 0;
      for await (const b of readLineBatches(fs.createReadStream(year.nmrc), 'latin1')) lines += b.length;
      const scanRate = lines / ((performance.now() - t) / 1000);

      const peakReset = resetPeak();
      const base = vmKib('VmRSS');
      t = performance.now();
      let stored = 0;
      let kept = 0;
      for await (const r of nmrcParser.parse(fs.createReadStream(year.nmrc))) {
        stored++;
        kept += r.cells.length;
      }
      const parseS = (performance.now() - t) / 1000;
      const parsePeak = vmKib('VmHWM');
      log(
        `parser: ${(year.cells / parseS).toFixed(0)} cells/s (${stored} rows, ${kept} cells kept); line scan ${scanRate.toFixed(0)} lines/s; peak RSS ${(parsePeak / 1024).toFixed(0)} MiB (${(base / 1024).toFixed(0)} before)`,
      );

      (globalThis as { gc?: () => void }).gc?.();
      const heapBefore = process.memoryUsage().heapUsed / 2 ** 20;
      const wh = await writerHeap(year.nmrc);
      log(
        `parser + writer (count-only table): live heap peak ${wh.peakMiB.toFixed(1)} MiB (${heapBefore.toFixed(1)} before), ${wh.keys} index keys counted`,
      );

      const archive = new Archive(h.deps);
      for (const file of [year.rpt, year.nmrc])
        await archive.ingest({
          sourceId: 'cms_hcris_hosp10',
          name: path.basename(file),
          body: () => fs.createReadStream(file),
          publisherVersion: `FY ${YEAR}`,
          effectiveFrom: '2024-01-05',
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date('2024-01-05T06:00:00Z'),
        });
      // The load in a child bundled as the Lambdas are, the engines here: its peak is the loader's alone.
      const child = await loadCatalogInChild(dir, env, HEAP_MB, 20 * 60_000);
      const loadS = child.result.ms / 1000;
      const loadBase = child.result.baselineKib;
      const loadPeak = Math.max(child.result.peakKib, child.sampledPeakKib);
      const loadRate = year.cells / loadS;
      log(
        `load (RPT + NMRC, read back from S3, child process): ${loadS.toFixed(1)} s = ${loadRate.toFixed(0)} cells/s; peak RSS ${(loadPeak / 1024).toFixed(0)} MiB (${(loadBase / 1024).toFixed(0)} after start-up)`,
      );

      const key = await createTestKey(h.deps, 'free', []);
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const ccn = ccnOf(Math.floor(Math.random() * reports));
        const s = performance.now();
        const r = await h.request(`/cost-reports/${ccn}/cost-centers`, { headers: key.headers });
        ms.push(performance.now() - s);
        const j = (await r.json()) as { total?: number };
        if (r.status !== 200 || j.total !== 70)
          throw new Error(`GET /cost-reports/${ccn}/cost-centers: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
      }
      ms.sort((a, b) => a - b);
      log(`cost-centers p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms (${SAMPLES} requests)`);
      const peakNote = peakReset
        ? 'VmHWM reset before the step'
        : 'VmHWM of the whole process (reset not allowed here)';
      return [
        {
          suite: 'hcris',
          metric: `NMRC parser cells/s, synthetic HCRIS year of ${year.cells.toLocaleString('en-US')} cells (${mb.toFixed(0)} MB) from disk`,
          value: year.cells / parseS,
          unit: 'cells/s',
          reference: { name: 'line scan of the same file (readLineBatches)', value: scanRate, unit: 'lines/s' },
          ratio: year.cells / parseS / scanRate,
          note: `${stored} stored rows (report x worksheet runs) holding ${kept} cells of A, G and S-10`,
        },
        {
          suite: 'hcris',
          metric: 'peak RSS of the NMRC parse (bench process, embedded engines included)',
          value: parsePeak / 1024,
          unit: 'MiB',
          note: `${(base / 1024).toFixed(0)} MiB before; ${peakNote}`,
        },
        {
          suite: 'hcris',
          metric:
            'live heap of the parser feeding the catalog writer (a table that stores nothing), after a full GC every 5,000 rows (bench process)',
          value: wh.peakMiB,
          unit: 'MiB',
          note: `${heapBefore.toFixed(1)} MiB before; ${wh.keys} keys of the non-unique sheet index counted (one counter each, writer.ts)`,
        },
        {
          suite: 'hcris',
          metric: `catalog load cells/s end to end (RPT + NMRC of ${reports} reports read back from S3 into DynamoDB)`,
          value: loadRate,
          unit: 'cells/s',
          reference: { name: 'line scan of the same file (readLineBatches)', value: scanRate, unit: 'lines/s' },
          ratio: loadRate / scanRate,
        },
        {
          suite: 'hcris',
          metric: `peak RSS of the catalog load (the loading child alone, bundled${HEAP_MB ? `, V8 old space capped at ${HEAP_MB} MB` : ''}; engines in the parent)`,
          value: loadPeak / 1024,
          unit: 'MiB',
          note: `${(loadBase / 1024).toFixed(0)} MiB after start-up`,
        },
        {
          suite: 'hcris',
          metric: 'p99 of GET /cost-reports/{ccn}/cost-centers (70 cost centers, random CCN of the loaded year)',
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
