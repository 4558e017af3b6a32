import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { productsParser } from '../../shared/datasets/fda_orange_book/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/**
 * Products per release (`BENCH_OB_PRODUCTS`, default 6,000 so the suite runs in about a minute; a 2026
 * products.txt has about 47,000: `BENCH_OB_PRODUCTS=47000` is the realistic size), patents and
 * exclusivities in the real proportions.
 */
const PRODUCTS = Number(process.env.BENCH_OB_PRODUCTS ?? 6_000);
const PATENTS = Math.round(PRODUCTS * 0.45); // 21,111 patents beside ~47,000 products
const EXCLUSIVITIES = Math.round(PRODUCTS * 0.045); // 2,109
const SAMPLES = 200;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const obDate = (i: number, from: number) => `${MONTHS[i % 12]} ${1 + (i % 28)}, ${from + (i % 9)}`;

/** The three files of a release in the publisher's layout: every 4th product is a brand, generics for two brands in three. */
function release(): { name: string; body: Buffer }[] {
  const products = [
    'Ingredient~DF;Route~Trade_Name~Applicant~Strength~Appl_Type~Appl_No~Product_No~TE_Code~Approval_Date~RLD~RS~Type~Applicant_Full_Name',
  ];
  for (let i = 0; i < PRODUCTS; i++) {
    const brand = i % 4 === 0;
    const family = Math.floor(i / 4);
    const generic = !brand && family % 3 !== 0;
    const type = i % 10 === 9 ? 'DISCN' : i % 10 === 8 ? 'OTC' : 'RX';
    products.push(
      [
        `BENCHITRAN ${family} HYDROCHLORIDE`,
        'TABLET;ORAL',
        brand ? `BRAND${family}` : `BENCHITRAN ${family}`,
        `LABS${i % 400}`,
        `${10 + (family % 5) * 10}MG`,
        brand || !generic ? 'N' : 'A',
        String(100_000 + i).padStart(6, '0'),
        '001',
        generic ? 'AB' : '',
        i % 50 === 0 ? 'Approved Prior to Jan 1, 1982' : obDate(i, 1990),
        brand ? 'Yes' : 'No',
        brand ? 'Yes' : 'No',
        type,
        `LABORATORIES ${i % 400} INC`,
      ].join('~'),
    );
  }
  const patents = [
    'Appl_Type~Appl_No~Product_No~Patent_No~Patent_Expire_Date_Text~Drug_Substance_Flag~Drug_Product_Flag~Patent_Use_Code~Delist_Flag~Submission_Date',
  ];
  for (let i = 0; i < PATENTS; i++) {
    const appl = String(100_000 + ((i * 4) % PRODUCTS)).padStart(6, '0');
    patents.push(
      `N~${appl}~001~${9_000_000 + i}~${obDate(i, 2026)}~${i % 3 ? '' : 'Y'}~Y~U-${i % 900}~~${obDate(i, 2010)}`,
    );
  }
  const excl = ['Appl_Type~Appl_No~Product_No~Exclusivity_Code~Exclusivity_Date'];
  for (let i = 0; i < EXCLUSIVITIES; i++) {
    const appl = String(100_000 + ((i * 8) % PRODUCTS)).padStart(6, '0');
    excl.push(`N~${appl}~001~ODE-${i}~${obDate(i, 2026)}`);
  }
  const crlf = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
  return [
    { name: 'products.txt', body: crlf(products) },
    { name: 'patent.txt', body: crlf(patents) },
    { name: 'exclusivity.txt', body: crlf(excl) },
  ];
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The Orange Book at realistic size (PRODUCTS products, patents and exclusivities in the real
 * proportions) archived and loaded by syncCatalog into the embedded DynamoDB (appl_no index, the
 * per-table listing), beside the products parser alone; then the p99 of /rx/approved-products
 * (the main list read, filtered) and of the launch radar, after the first read has joined the
 * release (that first read is reported too). Peak RSS is the whole bench process's.
 */
export const suite: BenchSuite = {
  name: 'orange-book',
  timeoutMs: 20 * 60_000,
  description: `Orange Book release (${PRODUCTS.toLocaleString('en-US')} products): catalog load rows/s, peak RSS, p99 of approved-products and launch-radar reads`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2026-02-16T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const files = release();
      const rows = files.reduce((n, f) => n + f.body.toString('latin1').split('\r\n').length - 2, 0);
      let t = performance.now();
      let parsed = 0;
      for await (const _ of productsParser.parse(files[0]!.body)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      for (const f of files) {
        await new Archive(h.deps).ingest({
          sourceId: 'fda_orange_book',
          name: f.name,
          body: f.body,
          publisherVersion: null,
          effectiveFrom: '2026-02-12',
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date('2026-02-12T06:00:00Z'),
        });
      }
      t = performance.now();
      await syncCatalog(h.deps);
      const s = (performance.now() - t) / 1000;
      const rate = rows / s;
      const peak = vmKib('VmHWM');
      log(
        `${rows} rows loaded in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s; parser ${parseRate.toFixed(0)} rows/s`,
      );
      log(`peak RSS ${(peak / 1024).toFixed(0)} MiB (before the load ${(before / 1024).toFixed(0)})`);
      const key = await createTestKey(h.deps, 'free', []);
      const get = async (path: string) => {
        const r = await h.request(path, { headers: key.headers });
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      };
      t = performance.now();
      await get('/rx/approved-products?limit=50');
      const firstMs = performance.now() - t;
      const time = async (path: (i: number) => string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const s0 = performance.now();
          await get(path(i));
          ms.push(performance.now() - s0);
        }
        return ms.sort((a, b) => a - b);
      };
      const list = await time((i) => `/rx/approved-products?ingredient=benchitran%20${i * 37}&limit=50`);
      const radar = await time((i) => `/rx/approved-products/launch-radar?limit=50&offset=${i * 10}`);
      log(
        `first read (join) ${firstMs.toFixed(0)} ms; list p50 ${pct(list, 50).toFixed(1)} / p99 ${pct(list, 99).toFixed(1)} ms; radar p50 ${pct(radar, 50).toFixed(1)} / p99 ${pct(radar, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'orange-book',
          metric: `catalog load rows/s, Orange Book release of ${PRODUCTS.toLocaleString('en-US')} products, ${PATENTS.toLocaleString('en-US')} patents, ${EXCLUSIVITIES.toLocaleString('en-US')} exclusivities into DynamoDB`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'Orange Book products parser alone', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
          note: `${rows} rows in ${s.toFixed(1)} s`,
        },
        {
          suite: 'orange-book',
          metric:
            'peak RSS of the bench process loading and joining one Orange Book release (embedded engines included)',
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'orange-book',
          metric: 'p99 of GET /rx/approved-products (ingredient filter, page of 50), release joined',
          value: pct(list, 99),
          unit: 'ms',
          note: `p50 ${pct(list, 50).toFixed(1)} ms over ${SAMPLES} requests in process; first read (reads the release whole and joins it) ${firstMs.toFixed(0)} ms; launch radar p50 / p99 ${pct(radar, 50).toFixed(1)} / ${pct(radar, 99).toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
