import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { hrrpHospitalParser } from '../../shared/datasets/cms_hrrp/source';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/**
 * Hospitals (`BENCH_HRRP_HOSPITALS`, default 3,100: about the subsection (d) hospitals of a fiscal
 * year) of a generated HRRP year: the hospital file with six conditions a hospital and the
 * supplemental file with one row a hospital, in the fixtures' layouts.
 */
const HOSPITALS = Number(process.env.BENCH_HRRP_HOSPITALS ?? 3_100);
const SAMPLES = Number(process.env.BENCH_HRRP_SAMPLES ?? 100);
const STATES = ['AL', 'CA', 'FL', 'GA', 'IL', 'MI', 'NY', 'OH', 'PA', 'TX'];
const MEASURES = ['AMI', 'CABG', 'COPD', 'HF', 'HIP-KNEE', 'PN'];
const HOSPITAL_FILE = 'FY_2025_Hospital_Readmissions_Reduction_Program_Hospital.csv';
const SUPPLEMENTAL_FILE = '508-Version-FR-FY-2025.csv';

const ccnOf = (i: number) => `${String(1 + (i % 50)).padStart(2, '0')}${String(i).padStart(4, '0')}`;
const factorOf = (i: number) => (i % 4 === 0 ? 1 : 1 - ((i % 300) + 1) / 10_000);

function hospitalFile(n: number): Buffer {
  const lines = [
    '"Facility Name","Facility ID","State","Measure Name","Number of Discharges","Footnote","Excess Readmission Ratio","Predicted Readmission Rate","Expected Readmission Rate","Number of Readmissions","Start Date","End Date"',
  ];
  for (let i = 0; i < n; i++) {
    for (const [m, measure] of MEASURES.entries()) {
      const few = (i + m) % 9 === 0;
      const err = (0.9 + ((i * 7 + m) % 200) / 1000).toFixed(4);
      lines.push(
        few
          ? `BENCH HOSPITAL ${i},${ccnOf(i)},${STATES[i % STATES.length]},READM-30-${measure}-HRRP,N/A,5,N/A,N/A,N/A,N/A,07/01/2020,06/30/2023`
          : `BENCH HOSPITAL ${i},${ccnOf(i)},${STATES[i % STATES.length]},READM-30-${measure}-HRRP,${100 + (i % 400)},,${err},15.1020,14.9980,${20 + (i % 40)},07/01/2020,06/30/2023`,
      );
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function supplementalFile(n: number): Buffer {
  const conditions = ['AMI', 'COPD', 'HF', 'pneumonia', 'CABG', 'THA/TKA'];
  const header = [
    'Hospital CCN',
    '  Payment adjustment factor ',
    'Payment reduction percentage',
    'Dual proportion',
    'Peer group assignment',
    'Neutrality modifier ',
    ...conditions.flatMap((c) => [
      `Number of eligible discharges for ${c}`,
      `ERR for ${c}`,
      `Peer group median ERR for ${c}`,
      `Penalty indicator for ${c}`,
      `DRG payment ratio for ${c}`,
    ]),
  ];
  const lines = [
    `\ufeffFY 2025 IPPS/LTCH PPS Final Rule: Hospital Readmissions Reduction Program Supplemental Data${','.repeat(header.length - 1)}`,
    header.join(','),
  ];
  for (let i = 0; i < n; i++) {
    const f = factorOf(i);
    const cells = conditions.flatMap((_, m) => [String(100 + m), '1.0100', '0.9950', 'Y', '0.0300']);
    lines.push([ccnOf(i), f.toFixed(4), `${((1 - f) * 100).toFixed(2)}%`, '0.2500', '3', '0.9589', ...cells].join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The HRRP reads join the hospital file to the supplemental file per request (README, Decisions,
 * "Value-based care (HRRP)": both lists of a fiscal year are read whole, about 6,200 items, from
 * the process's listing cache after the first read, and joined, filtered and sorted in memory).
 * This measures what that costs at a real year's size: the
 * catalog load of both files (rows/s beside the hospital file's parser alone, peak RSS), then the
 * p99 of `/vbc/hrrp` pages (whole list, by state, by penalty) beside `/vbc/hrrp/{ccn}`, which reads
 * one hospital's items by index.
 */
export const suite: BenchSuite = {
  name: 'hrrp',
  timeoutMs: 20 * 60_000,
  description: `HRRP year of ${HOSPITALS.toLocaleString('en-US')} hospitals: catalog load rows/s, peak RSS, p99 of the /vbc/hrrp list read`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const hospitals = hospitalFile(HOSPITALS);
      const supplemental = supplementalFile(HOSPITALS);
      const rows = HOSPITALS * MEASURES.length + HOSPITALS;
      let t = performance.now();
      let parsed = 0;
      for await (const _ of hrrpHospitalParser.parse(hospitals)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const archive = new Archive(h.deps);
      for (const [sourceId, name, body] of [
        ['cms_hrrp', HOSPITAL_FILE, hospitals],
        ['cms_hrrp_supplemental', SUPPLEMENTAL_FILE, supplemental],
      ] as const) {
        await archive.ingest({
          sourceId,
          name,
          body,
          publisherVersion: 'FY 2025',
          effectiveFrom: '2024-10-01',
          effectiveTo: '2025-09-30',
          origin: 'backfill',
          observedAt: new Date('2024-08-01T06:00:00Z'),
        });
      }
      const before = vmKib('VmHWM');
      t = performance.now();
      await syncCatalog(h.deps);
      const loadS = (performance.now() - t) / 1000;
      const peak = vmKib('VmHWM');
      const loadRate = rows / loadS;
      log(
        `${rows} rows: parser ${parseRate.toFixed(0)} rows/s; catalog load ${loadS.toFixed(1)} s = ${loadRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (before ${(before / 1024).toFixed(0)})`,
      );

      const key = await createTestKey(h.deps, 'free', []);
      const timedOnce = async (p: string) => {
        const r = await h.request(p, { headers: key.headers });
        if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      };
      const timed = async (paths: (i: number) => string, check: (j: { total?: number }) => boolean) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const p = paths(i);
          const s = performance.now();
          const r = await h.request(p, { headers: key.headers });
          const j = (await r.json()) as { total?: number };
          ms.push(performance.now() - s);
          if (r.status !== 200 || !check(j))
            throw new Error(`GET ${p}: ${r.status} ${JSON.stringify(j).slice(0, 200)}`);
        }
        return ms.sort((a, b) => a - b);
      };
      // The first read of the year's lists in this process fills the listing cache
      // (shared/catalog/listing-cache.ts); the p99 below is of the reads after it.
      let t0 = performance.now();
      await timedOnce(`/vbc/hrrp?limit=50`);
      const coldWhole = performance.now() - t0;
      t0 = performance.now();
      await timedOnce(`/vbc/hrrp?state=TX&limit=50`);
      const coldState = performance.now() - t0;
      const whole = await timed(
        (i) => `/vbc/hrrp?limit=50&offset=${(i * 50) % HOSPITALS}&sort=${i % 2 ? 'payment_reduction_pct' : 'ccn'}`,
        (j) => j.total === HOSPITALS,
      );
      const byState = await timed(
        (i) => `/vbc/hrrp?state=${STATES[i % STATES.length]}&penalized=true&limit=50`,
        (j) => typeof j.total === 'number' && j.total > 0,
      );
      const one = await timed(
        (i) => `/vbc/hrrp/${ccnOf((i * 37) % HOSPITALS)}`,
        () => true,
      );
      log(`first read (cache filled): whole list ${coldWhole.toFixed(0)} ms, one state ${coldState.toFixed(0)} ms`);
      log(
        `whole list p50 ${pct(whole, 50).toFixed(1)} / p99 ${pct(whole, 99).toFixed(1)} ms; by state p50 ${pct(byState, 50).toFixed(1)} / p99 ${pct(byState, 99).toFixed(1)} ms; one hospital p50 ${pct(one, 50).toFixed(1)} / p99 ${pct(one, 99).toFixed(1)} ms`,
      );
      const reference = { name: 'GET /vbc/hrrp/{ccn} (one hospital by index) p99', value: pct(one, 99), unit: 'ms' };
      return [
        {
          suite: 'hrrp',
          metric: `catalog load rows/s, HRRP hospital file (${HOSPITALS.toLocaleString('en-US')} hospitals × 6 conditions) and supplemental file into DynamoDB`,
          value: loadRate,
          unit: 'rows/s',
          reference: { name: 'hrrpHospitalParser alone', value: parseRate, unit: 'rows/s' },
          ratio: loadRate / parseRate,
        },
        {
          suite: 'hrrp',
          metric: `peak RSS of the bench process loading that year (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'hrrp',
          metric: `p99 of GET /vbc/hrrp, whole list (both files' listings read whole, from the listing cache after the first read, joined per request), 50 a page, by CCN or penalty`,
          value: pct(whole, 99),
          unit: 'ms',
          reference,
          ratio: pct(whole, 99) / pct(one, 99),
          note: `p50 ${pct(whole, 50).toFixed(1)} ms over ${SAMPLES} requests in process; the first read of the year, which fills the process's listing cache: ${coldWhole.toFixed(0)} ms`,
        },
        {
          suite: 'hrrp',
          metric: `p99 of GET /vbc/hrrp?state=…&penalized=true (one state partition joined)`,
          value: pct(byState, 99),
          unit: 'ms',
          reference,
          ratio: pct(byState, 99) / pct(one, 99),
          note: `p50 ${pct(byState, 50).toFixed(1)} ms; the first read of a state partition: ${coldState.toFixed(0)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
