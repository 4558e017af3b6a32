import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { pdcFacilityParsers } from '../../shared/datasets/cms_pdc_facilities/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Nursing homes per release (`BENCH_NH_ROWS`; the real file has about 15,000). */
const ROWS = Number(process.env.BENCH_NH_ROWS ?? 15_000);
/** Releases loaded (`BENCH_NH_RELEASES`, 1 or 2): the second drops 1 % of the homes, carried in as terminated. */
const RELEASES = process.env.BENCH_NH_RELEASES === '2' ? 2 : 1;
const SAMPLES = 200;
const STATES = ['AL', 'AZ', 'CA', 'CT', 'FL', 'IL', 'NY', 'OH', 'PA', 'TX'];
const OWNERS = [
  'For profit - Corporation',
  'Non profit - Corporation',
  'Government - County',
  'For profit - Individual',
];

/** The 88-column header of the fixture release (the publisher's current layout). */
const HEADER = fs
  .readFileSync(
    path.join(__dirname, '../../shared/datasets/cms_pdc_facilities/fixtures/NH_ProviderInfo_Jan2025.csv'),
    'latin1',
  )
  .split('\r\n', 1)[0]!;

/** A release in the publisher's layout; in `month` 1 every 100th home is gone (carried in as terminated). */
function release(month: 0 | 1): Buffer {
  const names = HEADER.split('","').map((s) => s.replace(/"/g, ''));
  const lines = [HEADER];
  for (let i = 0; i < ROWS; i++) {
    if (month === 1 && i % 100 === 0) continue;
    const st = STATES[i % STATES.length]!;
    const ccn = `${String((i % STATES.length) + 1).padStart(2, '0')}${String(5000 + Math.floor(i / STATES.length)).padStart(4, '0')}`;
    const v: Record<string, string> = {
      'CMS Certification Number (CCN)': `"${ccn}"`,
      'Provider Name': `"BENCH NURSING HOME ${i}"`,
      'Provider Address': `"${i} MAIN STREET"`,
      'City/Town': `"CITY ${i % 300}"`,
      State: `"${st}"`,
      'ZIP Code': `"${String(10000 + (i % 89000)).padStart(5, '0')}"`,
      'Telephone Number': `"555${String(i).padStart(7, '0')}"`,
      'County/Parish': `"County ${i % 60}"`,
      'Ownership Type': `"${OWNERS[i % OWNERS.length]}"`,
      'Number of Certified Beds': String(40 + (i % 200)),
      'Date First Approved to Provide Medicare and Medicaid Services': '"1990-01-01"',
      'Processing Date': month === 0 ? '"2025-07-01"' : '"2025-08-01"',
    };
    lines.push(names.map((n) => v[n] ?? '').join(','));
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The facility lists' largest file, Nursing Home Provider Information: a generated release of ROWS
 * homes (88 columns) archived and loaded by syncCatalog into the embedded DynamoDB (a listing whole
 * and per state; with BENCH_NH_RELEASES=2 a second release that drops 1 % of the homes, carried in
 * as terminated, as the load's carry step writes them), beside the parser alone; then the p99 of /nursing-homes pages (whole list, a state,
 * a state with an ownership filter, terminated only). Peak RSS is the whole bench process's.
 */
export const suite: BenchSuite = {
  name: 'facilities',
  timeoutMs: 30 * 60_000,
  description: `Nursing Home Provider Information (${ROWS.toLocaleString('en-US')} homes per release): catalog load rows/s, peak RSS, p99 of /nursing-homes`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-08-15T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const files = RELEASES === 2 ? [release(0), release(1)] : [release(0)];
      let t = performance.now();
      let parsed = 0;
      for await (const _ of pdcFacilityParsers.nursing_home.parse(files[0]!)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      const rates: number[] = [];
      for (const [i, body] of files.entries()) {
        const month = i === 0 ? 'Jul2025' : 'Aug2025';
        const from = i === 0 ? '2025-07-01' : '2025-08-01';
        await new Archive(h.deps).ingest({
          sourceId: 'cms_pdc_facilities',
          name: `NH_ProviderInfo_${month}.csv`,
          body,
          publisherVersion: from.slice(0, 7),
          effectiveFrom: from,
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date(`${from}T06:00:00Z`),
        });
        t = performance.now();
        await syncCatalog(h.deps);
        const s = (performance.now() - t) / 1000;
        rates.push(ROWS / s);
        log(
          `release ${i + 1}: ${ROWS} homes (${(body.length / 1e6).toFixed(1)} MB) loaded in ${s.toFixed(1)} s = ${(ROWS / s).toFixed(0)} rows/s`,
        );
      }
      const peak = vmKib('VmHWM');
      log(
        `parser ${parseRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (before the loads ${(before / 1024).toFixed(0)})`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (paths: readonly string[]) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const p = paths[i % paths.length]!.replace('{st}', STATES[i % STATES.length]!);
          const s = performance.now();
          const r = await h.request(p, { headers: key.headers });
          ms.push(performance.now() - s);
          if (r.status !== 200) throw new Error(`GET ${p}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer().catch(() => undefined);
        }
        return ms.sort((a, b) => a - b);
      };
      const list = await time([
        '/nursing-homes?limit=50',
        '/nursing-homes?state={st}&limit=50',
        '/nursing-homes?state={st}&ownership=government&limit=50',
      ]);
      const terminated = await time(['/nursing-homes?status=terminated&limit=50']);
      log(
        `list p50 ${pct(list, 50).toFixed(1)} / p99 ${pct(list, 99).toFixed(1)} ms; terminated p50 ${pct(terminated, 50).toFixed(1)} / p99 ${pct(terminated, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'facilities',
          metric: `catalog load rows/s, Nursing Home Provider Information release of ${ROWS.toLocaleString('en-US')} homes into DynamoDB${RELEASES === 2 ? ' (second release: with the terminated carry)' : ''}`,
          value: rates[rates.length - 1]!,
          unit: 'rows/s',
          reference: { name: 'nursing-home parser alone', value: parseRate, unit: 'rows/s' },
          ratio: rates[rates.length - 1]! / parseRate,
          note:
            RELEASES === 2
              ? `first release ${rates[0]!.toFixed(0)} rows/s`
              : 'one release (BENCH_NH_RELEASES=2 adds the carry release)',
        },
        {
          suite: 'facilities',
          metric: `peak RSS of the bench process loading ${RELEASES} nursing-home release(s) of ${ROWS.toLocaleString('en-US')} homes (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the loads`,
        },
        {
          suite: 'facilities',
          metric: 'p99 of GET /nursing-homes (page of 50: whole list, a state, a state and ownership)',
          value: pct(list, 99),
          unit: 'ms',
          note: `p50 ${pct(list, 50).toFixed(1)} ms over ${SAMPLES} requests in process; status=terminated (filter over the whole list) p50 / p99 ${pct(terminated, 50).toFixed(1)} / ${pct(terminated, 99).toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
