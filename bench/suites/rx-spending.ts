import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { partdSpendingParser } from '../../shared/datasets/cms_partd_spending_by_drug/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Published rows of the Part D file (`BENCH_SPENDING_ROWS`; the real RY2024 file has about 14,000). */
const ROWS = Number(process.env.BENCH_SPENDING_ROWS ?? 1_000);
const YEARS = [2018, 2019, 2020, 2021, 2022];
const SAMPLES = 100;

/** A made-up word per number (`zab`, `zac`, ...): drug names share no word, as real ones mostly do not. */
const word = (n: number) => {
  let out = '';
  let x = n;
  do {
    out = String.fromCharCode(97 + (x % 26)) + out;
    x = Math.floor(x / 26);
  } while (x > 0);
  return `z${out}`;
};

/** A Part D release in the publisher's wide layout: drugs of 1-4 manufacturers, an Overall row each. */
function partdFile(): Buffer {
  const cols = ['Brnd_Name', 'Gnrc_Name', 'Tot_Mftr', 'Mftr_Name'];
  for (const y of YEARS)
    cols.push(
      ...[
        'Tot_Spndng',
        'Tot_Dsg_Unts',
        'Tot_Clms',
        'Tot_Benes',
        'Avg_Spnd_Per_Dsg_Unt_Wghtd',
        'Avg_Spnd_Per_Clm',
        'Avg_Spnd_Per_Bene',
        'Outlier_Flag',
      ].map((c) => `${c}_${y}`),
    );
  cols.push('Chg_Avg_Spnd_Per_Dsg_Unt_21_22', 'CAGR_Avg_Spnd_Per_Dsg_Unt_18_22');
  const lines = [cols.join(',')];
  let drug = 0;
  while (lines.length <= ROWS) {
    const mftrs = 1 + (drug % 4);
    for (let m = 0; m <= mftrs && lines.length <= ROWS; m++) {
      const row = [`${word(drug)}ex`, `${word(drug % 997)}ine`, String(mftrs), m === 0 ? 'Overall' : `Maker ${m}`];
      for (const [i, _y] of YEARS.entries()) {
        const spend = (1000 + ((drug * 7919 + i * 131) % 900_000)) * (m === 0 ? mftrs : 1);
        const units = 100 + ((drug * 31 + i) % 5000);
        const claims = 10 + ((drug + i) % 400);
        const benes = (drug + i) % 9 === 0 ? '' : String(11 + ((drug + i) % 300));
        row.push(spend.toFixed(2), String(units), String(claims), benes);
        row.push(
          (spend / units).toFixed(8),
          (spend / claims).toFixed(6),
          benes ? (spend / Number(benes)).toFixed(6) : '',
        );
        row.push(drug % 50 === 0 ? '1' : '0');
      }
      row.push('0.0123', '-0.0045');
      lines.push(row.join(','));
    }
    drug++;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Spending by drug, its largest source (Part D): one generated release of ROWS published rows (five
 * years each, so about five stored rows per published row) archived and loaded by syncCatalog into
 * the embedded DynamoDB (the by_spending listing whole and per year, its word-search entries, the
 * five top rankings of overall rows, the generic-name index), beside the parser alone; then the
 * p99 of GET /rx/spending (its main list read), a word search and /rx/spending/top. Peak RSS is
 * the whole bench process's (embedded engines included).
 */
export const suite: BenchSuite = {
  name: 'rx-spending',
  timeoutMs: 30 * 60_000,
  description: `Part D Spending by Drug (${ROWS.toLocaleString('en-US')} published rows x 5 years): catalog load rows/s, peak RSS, p99 of /rx/spending`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-06-01T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const body = partdFile();
      let t = performance.now();
      let stored = 0;
      for await (const _ of partdSpendingParser.parse(body)) stored++;
      const parseRate = stored / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      await new Archive(h.deps).ingest({
        sourceId: 'cms_partd_spending_by_drug',
        name: 'DSD_PTD_RY24_P04_V10_DY22_BGM.csv',
        body,
        publisherVersion: 'RY2024 (DY2022)',
        effectiveFrom: '2024-05-01',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2024-05-01T06:00:00Z'),
      });
      t = performance.now();
      await syncCatalog(h.deps);
      const s = (performance.now() - t) / 1000;
      const rate = stored / s;
      const peak = vmKib('VmHWM');
      log(
        `${ROWS} published rows = ${stored} stored rows (${(body.length / 1e6).toFixed(1)} MB) loaded in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s; parser ${parseRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (path: (i: number) => string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const p = path(i);
          const st = performance.now();
          const r = await h.request(p, { headers: key.headers });
          ms.push(performance.now() - st);
          if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer().catch(() => undefined);
        }
        return ms.sort((a, b) => a - b);
      };
      const list = await time((i) => `/rx/spending?program=part_d&year=${YEARS[i % 5]}&limit=50`);
      const search = await time((i) => `/rx/spending?program=part_d&q=${word(i % 997)}ine&limit=50`);
      const top = await time((i) => `/rx/spending/top?program=part_d&year=${YEARS[i % 5]}&limit=25`);
      log(
        `list p50 ${pct(list, 50).toFixed(1)} / p99 ${pct(list, 99).toFixed(1)} ms; search p99 ${pct(search, 99).toFixed(1)} ms; top p99 ${pct(top, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'rx-spending',
          metric: `catalog load rows/s, Part D Spending by Drug release of ${ROWS.toLocaleString('en-US')} published rows (${stored.toLocaleString('en-US')} stored year rows) into DynamoDB`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'partdSpendingParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
        },
        {
          suite: 'rx-spending',
          metric: `peak RSS of the bench process loading a Part D release of ${ROWS.toLocaleString('en-US')} published rows (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'rx-spending',
          metric: 'p99 of GET /rx/spending (Part D, one year, page of 50)',
          value: pct(list, 99),
          unit: 'ms',
          note: `p50 ${pct(list, 50).toFixed(1)} ms over ${SAMPLES} requests in process; word search p99 ${pct(search, 99).toFixed(1)} ms; /rx/spending/top (25) p99 ${pct(top, 99).toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
