import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { listingParser } from '../../shared/datasets/costplus_price_list/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Products per snapshot (`BENCH_PRICE_LIST_ROWS`; the real listing had about 2,500 by 2024). */
const ROWS = Number(process.env.BENCH_PRICE_LIST_ROWS ?? 2_500);
const SAMPLES = 200;
const ndcOf = (i: number) => String(10_000_000_000 + i * 7).slice(-11);

/** A listing in the API's layout; in `week` 1 every 10th price moves. */
function snapshot(week: 0 | 1): Buffer {
  const results = [];
  for (let i = 0; i < ROWS; i++) {
    const price = (0.02 + (i % 613) / 50) * (week === 1 && i % 10 === 0 ? 1.1 : 1);
    const slug = `BenchDrug${i}-10mg-Tablet`;
    results.push({
      brand_name: i % 5 ? '' : `Brand${i}`,
      form: 'Tablet',
      medication_name: `Bench Drug ${i}`,
      ndc: ndcOf(i),
      pill_nonpill: 'Pill',
      slug,
      strength: '10mg',
      unit_price: `$${price.toFixed(3)}`,
      url: `https://costplusdrugs.com/medications/${slug.toLowerCase()}/`,
    });
  }
  return Buffer.from(`${JSON.stringify({ results }, null, 2)}\n`);
}

function nadacFile(): Buffer {
  const lines = [
    '"NDC Description",NDC,"NADAC Per Unit","Effective Date","Pricing Unit","Pharmacy Type Indicator",OTC,"Explanation Code","Classification for Rate Setting","Corresponding Generic Drug NADAC Per Unit","Corresponding Generic Drug Effective Date","As of Date"',
  ];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `"BENCH DRUG ${i} 10 MG TABLET",${ndcOf(i)},${(0.015 + (i % 613) / 60).toFixed(5)},06/18/2025,EA,C/I,N,1,G,,,06/25/2025`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The price list (costplus_price_list): two generated snapshots of ROWS products and a NADAC file
 * of the same NDCs archived and loaded by syncCatalog (slug and ndc11 indexes, the `products`
 * listing, the unit-price series), beside the parser alone; then the p99 of GET /rx/price-list
 * (its main list read: the snapshot read whole through the listing cache, filtered and sorted in
 * memory, NADAC looked up for the page) and of /rx/price-list/{slug}.
 */
export const suite: BenchSuite = {
  name: 'price-list',
  timeoutMs: 10 * 60_000,
  description: `Cost Plus price-list snapshots (${ROWS.toLocaleString('en-US')} products each): load rows/s, peak RSS, p99 of list and product reads`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-07-06T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const files = [snapshot(0), snapshot(1)];
      let t = performance.now();
      let parsed = 0;
      for await (const _ of listingParser.parse(files[0]!)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const archive = new Archive(h.deps);
      await archive.ingest({
        sourceId: 'medicaid_nadac',
        name: 'nadac-national-average-drug-acquisition-cost-07-02-2025.csv',
        body: nadacFile(),
        publisherVersion: '2025-07-02',
        effectiveFrom: '2025-07-02',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2025-07-02T06:00:00Z'),
      });
      await syncCatalog(h.deps);
      const before = vmKib('VmHWM');
      const rates: number[] = [];
      for (const [i, body] of files.entries()) {
        const date = i === 0 ? '2025-06-28' : '2025-07-05';
        await archive.ingest({
          sourceId: 'costplus_price_list',
          name: 'main',
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
        log(`snapshot ${i + 1}: ${ROWS} products (${(body.length / 1e6).toFixed(2)} MB) loaded in ${s.toFixed(1)} s`);
      }
      const peak = vmKib('VmHWM');
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (path: (i: number) => string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const s = performance.now();
          const r = await h.request(path(i), { headers: key.headers });
          ms.push(performance.now() - s);
          if (r.status !== 200) throw new Error(`GET ${path(i)}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer().catch(() => undefined);
        }
        return ms.sort((a, b) => a - b);
      };
      const list = await time((i) => `/rx/price-list?as_of=2025-07-06&offset=${(i * 50) % ROWS}`);
      const search = await time((i) => `/rx/price-list?as_of=2025-07-06&q=drug%20${i % 100}&sort=unit_price`);
      const one = await time((i) => `/rx/price-list/BenchDrug${(i * 13) % ROWS}-10mg-Tablet?as_of=2025-07-06`);
      log(
        `parser ${parseRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB; list p50 ${pct(list, 50).toFixed(1)} / p99 ${pct(list, 99).toFixed(1)} ms; search p99 ${pct(search, 99).toFixed(1)} ms; product p99 ${pct(one, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'price-list',
          metric: `catalog load rows/s, price-list snapshot of ${ROWS.toLocaleString('en-US')} products (second: with the series merge)`,
          value: rates[1]!,
          unit: 'rows/s',
          reference: { name: 'listingParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rates[1]! / parseRate,
          note: `first snapshot ${rates[0]!.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (${(before / 1024).toFixed(0)} before)`,
        },
        {
          suite: 'price-list',
          metric: 'p99 of GET /rx/price-list (page of 50, default order, NADAC joined for the page)',
          value: pct(list, 99),
          unit: 'ms',
          note: `p50 ${pct(list, 50).toFixed(1)} ms over ${SAMPLES} requests in process; q search p99 ${pct(search, 99).toFixed(1)} ms; /rx/price-list/{slug} p50 / p99 ${pct(one, 50).toFixed(1)} / ${pct(one, 99).toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
