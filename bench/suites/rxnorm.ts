import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { linksParser, ndcsParser } from '../../shared/datasets/nlm_rxnorm/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Drug concepts (SCD) of the parsed release (`BENCH_RXNORM_DRUGS`); five NDCs each, so 100,000 NDC rows by default. */
const DRUGS = Number(process.env.BENCH_RXNORM_DRUGS ?? 20_000);
/** Drug concepts of the release loaded into DynamoDB (`BENCH_RXNORM_LOAD_DRUGS`): small, the load is dynalite-bound. */
const LOAD_DRUGS = Number(process.env.BENCH_RXNORM_LOAD_DRUGS ?? 400);
const NDCS_PER_DRUG = 5;
const INGREDIENTS = 2_000;
const SAMPLES = 100;

/** A synthetic release in the RRF layouts: SCD → SCDC → IN, an SBD per second SCD, NDCs on both, inverses kept. */
function release(drugs: number): { conso: Buffer; sat: Buffer; rel: Buffer; relRows: number; satRows: number } {
  const conso: string[] = [];
  const sat: string[] = [];
  const rel: string[] = [];
  const r = (s: number, rela: string, o: number, inv: string) =>
    rel.push(
      `${o}|||RO|${s}|||${rela}|R1||RXNORM|RXNORM|||N|4096|`,
      `${s}|||RO|${o}|||${inv}|R2||RXNORM|RXNORM|||N|4096|`,
    );
  for (let i = 0; i < INGREDIENTS; i++)
    conso.push(`${1_000 + i}|ENG||||||${i}|${i}|${1_000 + i}||RXNORM|IN|${1_000 + i}|ingredient ${i}||N|4096|`);
  let ndc = 0;
  for (let d = 0; d < drugs; d++) {
    const scd = 1_000_000 + d * 10;
    const scdc = scd + 1;
    conso.push(`${scd}|ENG||||||a${d}|a${d}|${scd}||RXNORM|SCD|${scd}|drug ${d} 10 MG Oral Tablet||N|4096|`);
    r(scd, 'consists_of', scdc, 'constitutes');
    r(scdc, 'has_ingredient', 1_000 + (d % INGREDIENTS), 'ingredient_of');
    if (d % 2 === 0) r(scd + 2, 'tradename_of', scd, 'has_tradename');
    if (d % 2 === 0) r(scd + 2, 'consists_of', scd + 3, 'constitutes');
    for (let k = 0; k < NDCS_PER_DRUG; k++) {
      const target = k === 0 && d % 2 === 0 ? scd + 2 : scd;
      sat.push(`${target}|||x|AUI|${target}|AT${ndc}||NDC|RXNORM|${String(100_000_000_000 + ndc++).slice(1)}|N|4096|`);
    }
    sat.push(`${scd}|||x|AUI|${scd}|ATS${d}||RXN_HUMAN_DRUG|RXNORM|US|N|4096|`);
  }
  return {
    conso: Buffer.from(`${conso.join('\n')}\n`),
    sat: Buffer.from(`${sat.join('\n')}\n`),
    rel: Buffer.from(`${rel.join('\n')}\n`),
    relRows: rel.length,
    satRows: sat.length,
  };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * RxNorm: the RXNREL reduction (the whole relationship graph of the kept relationships held, then
 * walked per drug) and the RXNSAT NDC filter over a release of DRUGS drug concepts (100,000 NDC
 * rows by default), with the process's peak RSS; then a small release loaded into the embedded
 * DynamoDB and the p99 of /rx/ingredients (its main list read, page of 10, each item joining its NDCs).
 */
export const suite: BenchSuite = {
  name: 'rxnorm',
  timeoutMs: 20 * 60_000,
  description: `RxNorm release (${DRUGS.toLocaleString('en-US')} drugs, ${(DRUGS * NDCS_PER_DRUG).toLocaleString('en-US')} NDCs): RXNREL and RXNSAT parse rows/s, peak RSS; p99 of /rx/ingredients over a loaded release of ${LOAD_DRUGS} drugs`,
  async run(log): Promise<BenchRow[]> {
    const big = release(DRUGS);
    const before = vmKib('VmHWM');
    let t = performance.now();
    let links = 0;
    for await (const _ of linksParser.parse(big.rel)) links++;
    const relRate = big.relRows / ((performance.now() - t) / 1000);
    t = performance.now();
    let ndcs = 0;
    for await (const _ of ndcsParser.parse(big.sat)) ndcs++;
    const satRate = big.satRows / ((performance.now() - t) / 1000);
    const peak = vmKib('VmHWM');
    log(
      `RXNREL ${big.relRows} lines -> ${links} links at ${relRate.toFixed(0)} lines/s; RXNSAT ${big.satRows} lines -> ${ndcs} NDCs at ${satRate.toFixed(0)} lines/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (${(before / 1024).toFixed(0)} before, the generated files held)`,
    );
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-06-10T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const small = release(LOAD_DRUGS);
      for (const [name, body] of [
        ['RXNCONSO.RRF', small.conso],
        ['RXNSAT.RRF', small.sat],
        ['RXNREL.RRF', small.rel],
      ] as const) {
        await new Archive(h.deps).ingest({
          sourceId: 'nlm_rxnorm',
          name,
          body,
          publisherVersion: '2025-06-02',
          effectiveFrom: '2025-06-02',
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date('2025-06-02T12:00:00Z'),
        });
      }
      t = performance.now();
      await syncCatalog(h.deps);
      const loadS = (performance.now() - t) / 1000;
      const loadRows = LOAD_DRUGS * (NDCS_PER_DRUG + 1) + small.relRows;
      log(`load of ${LOAD_DRUGS} drugs (${loadRows} RRF lines) in ${loadS.toFixed(1)} s`);
      const key = await createTestKey(h.deps, 'free', []);
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        const r = await h.request(`/rx/ingredients?as_of=2025-06-10&limit=10&name=ingredient%20${i % 10}`, {
          headers: key.headers,
        });
        ms.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`GET /rx/ingredients: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      }
      ms.sort((a, b) => a - b);
      log(`/rx/ingredients p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms`);
      return [
        {
          suite: 'rxnorm',
          metric: `RXNREL reduction to drug-ingredient links, ${big.relRows.toLocaleString('en-US')} lines (${DRUGS.toLocaleString('en-US')} SCDs, half with an SBD)`,
          value: relRate,
          unit: 'rows/s',
          reference: { name: 'RXNSAT NDC filter', value: satRate, unit: 'rows/s' },
          ratio: relRate / satRate,
          note: `${links} links; RXNSAT ${big.satRows.toLocaleString('en-US')} lines -> ${ndcs.toLocaleString('en-US')} NDCs`,
        },
        {
          suite: 'rxnorm',
          metric: 'peak RSS of the bench process parsing that release (generated files held in memory)',
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before parsing`,
        },
        {
          suite: 'rxnorm',
          metric: `p99 of GET /rx/ingredients (page of 10 by name prefix, each joining its NDCs), release of ${LOAD_DRUGS} drugs loaded`,
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process; load ${(loadRows / loadS).toFixed(0)} lines/s`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
