import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { nadacParser } from '../../shared/datasets/medicaid_nadac/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import { yearFile, yearFileRun } from '../nadac/year-file';
import type { BenchRow, BenchSuite } from '../types';

/** NDCs per weekly file (`BENCH_NADAC_ROWS`; a real file has about 33,000). */
const ROWS = Number(process.env.BENCH_NADAC_ROWS ?? 33_000);
const SAMPLES = 200;
const HEADER =
  '"NDC Description",NDC,"NADAC Per Unit","Effective Date","Pricing Unit","Pharmacy Type Indicator",OTC,"Explanation Code","Classification for Rate Setting","Corresponding Generic Drug NADAC Per Unit","Corresponding Generic Drug Effective Date","As of Date"';

/** Row `i` of week `week` in the publisher's layout; from week 1 on every 20th NDC moves by up to ±30 %. */
function row(i: number, week: number, asOf: string): string {
  const ndc = String(10_000_000_000 + i * 7).slice(-11);
  let price = 0.01 + (i % 997) / 100;
  let eff = '06/18/2025';
  if (week > 0 && i % 20 === 0) {
    price *= 1 + ((((i + week) * 37) % 61) - 30) / 100;
    eff = '06/25/2025';
  }
  return `"BENCH DRUG ${i} 10 MG TABLET",${ndc},${price.toFixed(5)},${eff},EA,C/I,N,1,G,,,${asOf}`;
}

/** A weekly file in the publisher's layout. */
function weeklyFile(week: 0 | 1): Buffer {
  const asOf = week === 0 ? '06/25/2025' : '07/02/2025';
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) lines.push(row(i, week, asOf));
  return Buffer.from(`${lines.join('\n')}\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The drug economics group's largest source, the NADAC weekly file: two generated files of ROWS
 * NDCs archived and loaded by syncCatalog into the embedded DynamoDB (ndc11 index, two series
 * inputs per row; the second file also merges both files' series in key order and keeps the
 * moves), beside the parser alone; then the p99 of /rx/nadac/movers (its main list read) and of
 * /rx/ndcs/{ndc11}/nadac. Peak RSS is the whole bench process's (embedded engines included).
 */
export const suite: BenchSuite = {
  name: 'nadac',
  timeoutMs: 30 * 60_000,
  description: `NADAC weekly files (${ROWS.toLocaleString('en-US')} NDCs each): catalog load rows/s, peak RSS, p99 of movers and series reads; a year file of ~1.5 M rows loaded in a child with a capped heap`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-07-03T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const files = [weeklyFile(0), weeklyFile(1)];
      let t = performance.now();
      let parsed = 0;
      for await (const _ of nadacParser.parse(files[0]!)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      const rates: number[] = [];
      for (const [i, body] of files.entries()) {
        const date = i === 0 ? '2025-06-25' : '2025-07-02';
        await new Archive(h.deps).ingest({
          sourceId: 'medicaid_nadac',
          name: `nadac-national-average-drug-acquisition-cost-${date.slice(5)}-${date.slice(0, 4)}.csv`,
          body,
          publisherVersion: date,
          effectiveFrom: date,
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date(`${date}T06:00:00Z`),
        });
        t = performance.now();
        await syncCatalog(h.deps);
        const s = (performance.now() - t) / 1000;
        rates.push(ROWS / s);
        log(
          `week ${i + 1}: ${ROWS} rows (${(body.length / 1e6).toFixed(1)} MB) loaded in ${s.toFixed(1)} s = ${(ROWS / s).toFixed(0)} rows/s`,
        );
      }
      const peak = vmKib('VmHWM');
      log(
        `parser ${parseRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (before the loads ${(before / 1024).toFixed(0)})`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (path: string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const s = performance.now();
          const r = await h.request(path.replace('{i}', String(10_000_000_000 + ((i * 20) % ROWS) * 7).slice(-11)), {
            headers: key.headers,
          });
          ms.push(performance.now() - s);
          if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer().catch(() => undefined);
        }
        return ms.sort((a, b) => a - b);
      };
      const movers = await time('/rx/nadac/movers?as_of=2025-07-03&limit=50&min_pct_change=5');
      const series = await time('/rx/ndcs/{i}/nadac?as_of=2025-07-03');
      log(
        `movers p50 ${pct(movers, 50).toFixed(1)} / p99 ${pct(movers, 99).toFixed(1)} ms; series p50 ${pct(series, 50).toFixed(1)} / p99 ${pct(series, 99).toFixed(1)} ms`,
      );
      const year = await yearFileRun(engines, yearFile(row, HEADER, ROWS), ROWS, log);
      return [
        {
          suite: 'nadac',
          metric: `catalog load rows/s, NADAC weekly file of ${ROWS.toLocaleString('en-US')} NDCs into DynamoDB (second file: with the series merge)`,
          value: rates[1]!,
          unit: 'rows/s',
          reference: { name: 'nadacParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rates[1]! / parseRate,
          note: `first file ${rates[0]!.toFixed(0)} rows/s`,
        },
        {
          suite: 'nadac',
          metric: `peak RSS of the bench process loading two NADAC files of ${ROWS.toLocaleString('en-US')} NDCs (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the loads`,
        },
        {
          suite: 'nadac',
          metric: 'p99 of GET /rx/nadac/movers (page of 50, 1,000 moves kept per file)',
          value: pct(movers, 99),
          unit: 'ms',
          note: `p50 ${pct(movers, 50).toFixed(1)} ms over ${SAMPLES} requests in process; series read p50 / p99 ${pct(series, 50).toFixed(1)} / ${pct(series, 99).toFixed(1)} ms`,
        },
        ...year,
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
