import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { reachProvidersParser } from '../../shared/datasets/cms_reach_puf/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Provider rows (`BENCH_REACH_ROWS`); entities of the generated list, each with ROWS / ENTITIES providers. */
const ROWS = Number(process.env.BENCH_REACH_ROWS ?? 100_000);
const ENTITIES = 50;
const SAMPLES = 200;
const NAME = 'ACO_REACH_Participant_and_Preferred_Providers_PY2024.csv';

/** A provider list in the fixture layout: ROWS rows over ENTITIES entities, a tenth of them preferred. */
function providerList(rows: number): Buffer {
  const lines = ['ACO_ID,ACO_Name,Provider_Type,Provider_Name,NPI,TIN,CCN,State'];
  for (let i = 0; i < rows; i++) {
    const e = String(1000 + (i % ENTITIES)).padStart(4, '0');
    const preferred = i % 10 === 9;
    const npi = `1${String(100_000_000 + i).slice(-9)}`;
    lines.push(
      `D${e},Bench Entity ${e} LLC,${preferred ? 'Preferred Provider' : 'Participant Provider'},"Provider ${i}, MD",${npi},${String(200_000_000 + (i % 5000))},${preferred ? '360123' : ''},OH`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The group's largest source, the participant and preferred provider list: a generated list of
 * ROWS providers archived and loaded by syncCatalog into the embedded DynamoDB (listing copy per
 * entity and year, the per-entity rollup), beside the parser alone over the same bytes; then the
 * p99 of `/vbc/reach/{entity_id}` provider pages at random offsets (the list's main read). Peak RSS
 * is the whole bench process's (the embedded engines included), read from VmHWM.
 */
export const suite: BenchSuite = {
  name: 'reach',
  timeoutMs: 20 * 60_000,
  description: `ACO REACH provider list (${ROWS.toLocaleString('en-US')} rows): catalog load rows/s, parser rows/s, peak RSS, p99 of a provider page`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const body = providerList(ROWS);
      let t = performance.now();
      let parsed = 0;
      for await (const _ of reachProvidersParser(NAME).parse(body)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      await new Archive(h.deps).ingest({
        sourceId: 'cms_reach_puf',
        name: NAME,
        body,
        publisherVersion: 'PY 2024',
        effectiveFrom: '2024-01-01',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2024-01-01T06:00:00Z'),
      });
      const before = vmKib('VmHWM');
      t = performance.now();
      await syncCatalog(h.deps);
      const loadS = (performance.now() - t) / 1000;
      const peak = vmKib('VmHWM');
      const loadRate = ROWS / loadS;
      log(
        `${ROWS} rows (${(body.length / 1e6).toFixed(1)} MB): parser ${parseRate.toFixed(0)} rows/s; catalog load ${loadS.toFixed(1)} s = ${loadRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (before the load ${(before / 1024).toFixed(0)})`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const perEntity = Math.floor(ROWS / ENTITIES);
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const e = String(1000 + (i % ENTITIES)).padStart(4, '0');
        const offset = Math.floor(Math.random() * Math.max(1, perEntity - 50));
        const s = performance.now();
        const r = await h.request(`/vbc/reach/D${e}?provider_limit=50&provider_offset=${offset}`, {
          headers: key.headers,
        });
        ms.push(performance.now() - s);
        const j = (await r.json()) as { provider_total?: number };
        if (r.status !== 200 || j.provider_total !== perEntity)
          throw new Error(`GET /vbc/reach/D${e}: ${r.status} ${JSON.stringify(j).slice(0, 200)}`);
      }
      ms.sort((a, b) => a - b);
      log(`provider page p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms (${SAMPLES} requests)`);
      return [
        {
          suite: 'reach',
          metric: `catalog load rows/s, ACO REACH provider list of ${ROWS.toLocaleString('en-US')} rows into DynamoDB`,
          value: loadRate,
          unit: 'rows/s',
          reference: { name: 'reachProvidersParser alone', value: parseRate, unit: 'rows/s' },
          ratio: loadRate / parseRate,
        },
        {
          suite: 'reach',
          metric: `peak RSS of the bench process loading ${ROWS.toLocaleString('en-US')} provider rows (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'reach',
          metric: `p99 of GET /vbc/reach/{entity_id} provider pages (50 rows, random offset, ${perEntity} providers per entity)`,
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
