import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { enforcementParser } from '../../shared/datasets/openfda_drug_enforcement/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/**
 * Reports per file (`BENCH_RECALLS_REPORTS`, default 4,000 so the suite runs in under a minute; the
 * 2026 bulk file has about 17,000: `BENCH_RECALLS_REPORTS=17000` is the realistic size). Every other
 * report carries an openfda block of 12 package NDCs, as openFDA links about half of them.
 */
const REPORTS = Number(process.env.BENCH_RECALLS_REPORTS ?? 4_000);
const SAMPLES = 200;
const CLASSES = ['Class I', 'Class II', 'Class III'];
const STATUSES = ['Ongoing', 'Completed', 'Terminated'];
const ndc = (i: number, p: number) =>
  `${String(10_000 + (i % 9_000)).padStart(5, '0')}-${String(i % 1000).padStart(3, '0')}-${String(p).padStart(2, '0')}`;
const ymd = (i: number) =>
  `20${String(12 + (i % 14)).padStart(2, '0')}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;

/** The bulk file's one member, `{meta, results}`, with REPORTS reports in openFDA's field names. */
function bulkFile(): Buffer {
  const results = [];
  for (let i = 0; i < REPORTS; i++) {
    const linked = i % 2 === 0;
    results.push({
      status: STATUSES[i % 3],
      city: 'Benchville',
      state: 'OH',
      country: 'United States',
      classification: CLASSES[i % 3],
      openfda: linked
        ? {
            application_number: [`ANDA${String(200_000 + i).padStart(6, '0')}`],
            brand_name: [`BENCHITRAN ${i % 500}`],
            generic_name: [`BENCHITRAN ${i % 500} HYDROCHLORIDE`],
            manufacturer_name: [`Bench Labs ${i % 300}`],
            product_ndc: [ndc(i, 0).slice(0, 9)],
            package_ndc: Array.from({ length: 12 }, (_, p) => ndc(i, p + 1)),
            product_type: ['HUMAN PRESCRIPTION DRUG'],
            route: ['ORAL'],
            substance_name: [`BENCHITRAN ${i % 500} HYDROCHLORIDE`],
            rxcui: [String(900_000 + i)],
            spl_set_id: [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`],
            unii: ['ZZ0000000A'],
            pharm_class_epc: ['Bench Class [EPC]'],
          }
        : {},
      product_type: 'Drugs',
      event_id: String(80_000 + Math.floor(i / 3)),
      recalling_firm: `Bench Labs ${i % 300} Inc.`,
      address_1: `${i} Bench Way`,
      address_2: '',
      postal_code: '43215',
      voluntary_mandated: 'Voluntary: Firm initiated',
      distribution_pattern: 'Nationwide',
      initial_firm_notification: 'Letter',
      more_code_info: null,
      recall_number: `D-${String(i).padStart(5, '0')}-2026`,
      report_date: ymd(i),
      recall_initiation_date: ymd(i + 3),
      center_classification_date: ymd(i + 5),
      termination_date: i % 3 === 2 ? ymd(i + 7) : undefined,
      product_description: `Benchitran ${i % 500} Hydrochloride Tablets, 10 mg, 30-count bottle, Rx only, NDC ${ndc(i, 1)} and ${ndc(i, 2)}`,
      product_quantity: `${i * 10} bottles`,
      code_info: `Lot BL${i}, Exp 12/2027`,
      reason_for_recall: 'Failed Dissolution Specifications',
    });
  }
  return Buffer.from(JSON.stringify({ meta: { last_updated: '2026-11-06', results: { total: REPORTS } }, results }));
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The openFDA drug enforcement bulk file at realistic size archived and loaded by syncCatalog into
 * the embedded DynamoDB (the by-recall listing), beside the streaming parser alone; then the p99 of
 * /rx/recalls filtered by NDC (the main list read) after the first read has held the file (that
 * first read is reported too). Peak RSS is the whole bench process's.
 */
export const suite: BenchSuite = {
  name: 'recalls',
  timeoutMs: 20 * 60_000,
  description: `openFDA drug enforcement file (${REPORTS.toLocaleString('en-US')} reports): catalog load rows/s, peak RSS, p99 of /rx/recalls by NDC`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2026-11-10T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const body = bulkFile();
      let t = performance.now();
      let parsed = 0;
      for await (const _ of enforcementParser.parse(body)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      await new Archive(h.deps).ingest({
        sourceId: 'openfda_drug_enforcement',
        name: 'drug-enforcement-0001-of-0001.json',
        body,
        publisherVersion: null,
        effectiveFrom: '2026-11-09',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2026-11-09T06:00:00Z'),
      });
      t = performance.now();
      await syncCatalog(h.deps);
      const s = (performance.now() - t) / 1000;
      const rate = REPORTS / s;
      const peak = vmKib('VmHWM');
      log(
        `${REPORTS} reports (${(body.length / 1e6).toFixed(1)} MB) loaded in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s; parser ${parseRate.toFixed(0)} rows/s`,
      );
      log(`peak RSS ${(peak / 1024).toFixed(0)} MiB (before the load ${(before / 1024).toFixed(0)})`);
      const key = await createTestKey(h.deps, 'free', []);
      const get = async (path: string) => {
        const r = await h.request(path, { headers: key.headers });
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      };
      t = performance.now();
      await get('/rx/recalls?limit=50');
      const firstMs = performance.now() - t;
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s0 = performance.now();
        await get(`/rx/recalls?ndc=${ndc(i * 17, 1 + (i % 12))}&limit=50`);
        ms.push(performance.now() - s0);
      }
      ms.sort((a, b) => a - b);
      log(
        `first read (holds the file) ${firstMs.toFixed(0)} ms; by NDC p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'recalls',
          metric: `catalog load rows/s, openFDA drug enforcement file of ${REPORTS.toLocaleString('en-US')} reports into DynamoDB`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'enforcement parser alone (streaming JSON)', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
          note: `${(body.length / 1e6).toFixed(1)} MB in ${s.toFixed(1)} s`,
        },
        {
          suite: 'recalls',
          metric: 'peak RSS of the bench process loading one openFDA drug enforcement file (embedded engines included)',
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'recalls',
          metric: 'p99 of GET /rx/recalls (ndc filter, page of 50), file held',
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process; first read (reads the file whole) ${firstMs.toFixed(0)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
