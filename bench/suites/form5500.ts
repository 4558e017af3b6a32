import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { mainParser } from '../../shared/datasets/dol_form5500/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { childEnv, loadCatalogInChild } from '../catalog-load-child';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/**
 * Filings of the synthetic plan year: `BENCH_FORM5500_FULL=1` for a real year's ~800,000 (main
 * form and 5500-SF together), else `BENCH_FORM5500_ROWS` (default 5,000, under a minute on an idle 2-core machine).
 */
const ROWS = process.env.BENCH_FORM5500_FULL === '1' ? 800_000 : Number(process.env.BENCH_FORM5500_ROWS ?? 5_000);
/** One filing in eight is a health plan (welfare code 4A), the rest pension and other welfare plans. */
const HEALTH_EVERY = 8;
const SAMPLES = 200;
const HEAP_MB = Number(process.env.BENCH_FORM5500_HEAP_MB ?? 160);
const YEAR = 2023;
const STATES = ['NY', 'MA', 'PA', 'OH', 'TX', 'CA', 'IL', 'FL'];
const ZIPS = ['12203', '02108', '17101', '43604', '45402', '14604', '12210', '17043'];
const PBMS = [
  'CAREMARK PCS HEALTH LLC',
  'EXPRESS SCRIPTS INC',
  'OPTUMRX INC',
  'PRIME THERAPEUTICS LLC',
  'NAVITUS HEALTH SOLUTIONS LLC',
  'SMALL RX SERVICES LLC',
];
const TPAS = [
  'AETNA LIFE INSURANCE CO',
  'UMR INC',
  'CIGNA HEALTH AND LIFE INSURANCE CO',
  'HIGHMARK INC',
  'LOCAL TPA INC',
];

const MAIN_H =
  'ACK_ID,FORM_PLAN_YEAR_BEGIN_DATE,FORM_TAX_PRD,TYPE_PLAN_ENTITY_CD,PLAN_NAME,SPONS_DFE_PN,SPONSOR_DFE_NAME,SPONS_DFE_MAIL_US_ADDRESS1,SPONS_DFE_MAIL_US_CITY,SPONS_DFE_MAIL_US_STATE,SPONS_DFE_MAIL_US_ZIP,SPONS_DFE_EIN,TOT_PARTCP_BOY_CNT,TOT_ACTIVE_PARTCP_CNT,TYPE_PENSION_BNFT_CODE,TYPE_WELFARE_BNFT_CODE,FUNDING_INSURANCE_IND,FUNDING_TRUST_IND,FUNDING_GEN_ASSET_IND,BENEFIT_INSURANCE_IND,BENEFIT_TRUST_IND,BENEFIT_GEN_ASSET_IND,NUM_SCH_A_ATTACHED_CNT,SCH_C_ATTACHED_IND,DATE_RECEIVED';
const A_H =
  'ACK_ID,INS_CARRIER_NAME,INS_CARRIER_EIN,INS_CARRIER_NAIC_CODE,INS_CONTRACT_NUM,INS_PRSN_COVERED_EOY_CNT,WLFR_BNFT_HEALTH_IND,WLFR_BNFT_DRUG_IND,WLFR_BNFT_STOP_LOSS_IND,WLFR_BNFT_HMO_IND,WLFR_BNFT_PPO_IND,WLFR_BNFT_LIFE_INSUR_IND,WLFR_TOT_EARNED_PREM_AMT';
const C_H =
  'ACK_ID,ROW_ORDER,PROVIDER_OTHER_NAME,PROVIDER_OTHER_EIN,PROVIDER_OTHER_SRVC_CODES,PROVIDER_OTHER_RELATION,PROVIDER_OTHER_DIRECT_COMP_AMT,PROV_OTHER_TOT_IND_COMP_AMT';

/** Writes the three files of a synthetic plan year in DOL's layouts (columns the parsers read, plus a few). */
async function writeYear(dir: string, rows: number) {
  const files = {
    main: path.join(dir, `f_5500_${YEAR}_latest.csv`),
    a: path.join(dir, `F_SCH_A_${YEAR}_latest.csv`),
    c: path.join(dir, `F_SCH_C_PART1_ITEM2_${YEAR}_latest.csv`),
  };
  const out = {
    main: fs.createWriteStream(files.main),
    a: fs.createWriteStream(files.a),
    c: fs.createWriteStream(files.c),
  };
  out.main.write(`${MAIN_H}\r\n`);
  out.a.write(`${A_H}\r\n`);
  out.c.write(`${C_H}\r\n`);
  const counts = { health: 0, a: 0, c: 0 };
  const buf = { main: [] as string[], a: [] as string[], c: [] as string[] };
  const flush = async (force = false) => {
    for (const k of ['main', 'a', 'c'] as const) {
      if (!buf[k].length || (!force && buf[k].length < 2000)) continue;
      if (!out[k].write(`${buf[k].join('\r\n')}\r\n`)) await new Promise<void>((r) => out[k].once('drain', () => r()));
      buf[k] = [];
    }
  };
  for (let i = 0; i < rows; i++) {
    const ack = `20240701${String(i).padStart(6, '0')}NAL${String(i).padStart(10, '0')}001`;
    const health = i % HEALTH_EVERY === 0;
    const s = i % STATES.length;
    const ein = String(100_000_000 + i * 7).slice(0, 9);
    const active = 100 + ((i * 7919) % 50_000);
    const self = i % 3 !== 0;
    const fund = self ? ',,1,,,1' : '1,,,1,,';
    buf.main.push(
      `${ack},${YEAR}-01-01,${YEAR}-12-31,2,PLAN ${i},${health ? '501' : '001'},SPONSOR ${i} INC,1 MAIN ST,CITY,${STATES[s]},${ZIPS[s]},${ein},${active + 10},${active},${health ? '' : '2E2J'},${health ? '4A4B' : ''},${fund},${health ? 1 : 0},1,2024-07-01`,
    );
    if (health) {
      counts.health++;
      buf.a.push(
        `${ack},${self ? 'STOP LOSS INSURANCE CO' : 'UNITEDHEALTHCARE INSURANCE COMPANY'},360000004,79413,C-${i},${active},${self ? '' : '1'},${self ? '' : '1'},${self ? '1' : ''},,${self ? '' : '1'},,${active * 100}`,
      );
      counts.a++;
      buf.c.push(`${ack},1,${TPAS[i % TPAS.length]},390000009,13 15,NONE,${active * 30},`);
      buf.c.push(`${ack},2,${PBMS[i % PBMS.length]},430000010,64,NONE,${active * 12},${active * 2}`);
      counts.c += 2;
    } else if (i % 2 === 0) {
      buf.c.push(`${ack},1,RECORDKEEPER ${i % 50} INC,040000017,15 37 64,NONE,${active * 20},${active * 4}`);
      counts.c++;
    }
    await flush();
  }
  await flush(true);
  await Promise.all(
    Object.values(out).map((s) => new Promise<void>((res, rej) => s.end((e?: Error | null) => (e ? rej(e) : res())))),
  );
  return { files, counts };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Issue 20 point 7: a synthetic plan year (ROWS main-form filings, one in eight a health plan, with
 * their Schedule A contracts and Schedule C providers) parsed from disk by the main-form parser,
 * then archived with the curated ownership table and loaded end to end by syncCatalog in a child
 * process (bundled, V8 old space capped: the schedules written first, then the health plans placed
 * by ACK_ID look-ups in batches and rolled up; peak RSS of the child). Then the p99 of the group's
 * main list read, GET /rx/employers, with and without filters.
 */
export const suite: BenchSuite = {
  name: 'form5500',
  timeoutMs: 60 * 60_000,
  description: `Form 5500 plan year (${ROWS.toLocaleString('en-US')} filings with Schedules A and C): parse and load rows/s, peak RSS, p99 of /rx/employers`,
  async run(log): Promise<BenchRow[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-form5500-'));
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2024-12-15T12:00:00.000Z') };
    const env = childEnv(engines, dir, 'form5500');
    const h = await startHarness({ engines, clock, env });
    try {
      const year = await writeYear(dir, ROWS);
      const mb = fs.statSync(year.files.main).size / 1e6;
      log(
        `synthetic PY${YEAR}: ${ROWS} filings (${year.counts.health} health plans, ${mb.toFixed(0)} MB), ${year.counts.a} Schedule A rows, ${year.counts.c} Schedule C rows`,
      );

      const base = vmKib('VmRSS');
      const t = performance.now();
      let kept = 0;
      for await (const _ of mainParser.parse(fs.createReadStream(year.files.main))) kept++;
      const parseS = (performance.now() - t) / 1000;
      const parsePeak = vmKib('VmHWM');
      log(`main-form parser: ${(ROWS / parseS).toFixed(0)} filings/s (${kept} health plans kept)`);

      const archive = new Archive(h.deps);
      const ownership = path.join(__dirname, '../../shared/datasets/dol_form5500/plan-ownership.json');
      await archive.ingest({
        sourceId: 'dol_form5500',
        name: 'plan-ownership.json',
        body: () => fs.createReadStream(ownership),
        publisherVersion: '2026-11-24',
        effectiveFrom: '2018-12-20',
        effectiveTo: null,
        origin: 'backfill',
        observedAt: new Date('2024-06-01T06:00:00Z'),
      });
      for (const file of [year.files.a, year.files.c, year.files.main])
        await archive.ingest({
          sourceId: 'dol_form5500',
          name: path.basename(file),
          body: () => fs.createReadStream(file),
          publisherVersion: `PY ${YEAR}`,
          effectiveFrom: '2024-12-01',
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date('2024-12-01T06:00:00Z'),
        });
      const child = await loadCatalogInChild(dir, env, HEAP_MB, 55 * 60_000);
      const loadS = child.result.ms / 1000;
      const rowsIn = ROWS + year.counts.a + year.counts.c;
      const loadPeak = Math.max(child.result.peakKib, child.sampledPeakKib);
      log(
        `load (ownership, Schedules A and C, main form; read back from S3, child process): ${loadS.toFixed(1)} s = ${(rowsIn / loadS).toFixed(0)} rows/s; peak RSS ${(loadPeak / 1024).toFixed(0)} MiB (${(child.result.baselineKib / 1024).toFixed(0)} after start-up)`,
      );

      const key = await createTestKey(h.deps, 'free', []);
      const queries = [
        '',
        '?integration=same_parent',
        '?state=NY',
        '?funding_class=self_funded_with_stop_loss',
        '?min_participants=20000',
      ];
      const ms: number[] = [];
      const worst = new Map<string, number>();
      for (let i = 0; i < SAMPLES; i++) {
        const q = queries[i % queries.length]!;
        const s = performance.now();
        const r = await h.request(`/rx/employers${q}`, { headers: key.headers });
        const took = performance.now() - s;
        ms.push(took);
        worst.set(q, Math.max(worst.get(q) ?? 0, took));
        const j = (await r.json()) as { items?: unknown[] };
        if (r.status !== 200 || !j.items?.length)
          throw new Error(`GET /rx/employers${q}: ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
      }
      ms.sort((a, b) => a - b);
      log(`slowest by query: ${[...worst].map(([q, w]) => `${q || '(none)'} ${w.toFixed(0)} ms`).join(', ')}`);
      log(`/rx/employers p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms (${SAMPLES} requests)`);
      return [
        {
          suite: 'form5500',
          metric: `main-form parser filings/s, synthetic plan year of ${ROWS.toLocaleString('en-US')} filings (${mb.toFixed(0)} MB) from disk`,
          value: ROWS / parseS,
          unit: 'rows/s',
          note: `${kept} health plans kept; bench process peak RSS ${(parsePeak / 1024).toFixed(0)} MiB (${(base / 1024).toFixed(0)} before, engines included)`,
        },
        {
          suite: 'form5500',
          metric: `catalog load rows/s end to end (${rowsIn.toLocaleString('en-US')} rows: main form, Schedules A and C read back from S3 into DynamoDB, plans placed by ACK_ID and rolled up)`,
          value: rowsIn / loadS,
          unit: 'rows/s',
          note: `${loadS.toFixed(0)} s`,
        },
        {
          suite: 'form5500',
          metric: `peak RSS of the catalog load (the loading child alone, bundled${HEAP_MB ? `, V8 old space capped at ${HEAP_MB} MB` : ''}; engines in the parent)`,
          value: loadPeak / 1024,
          unit: 'MiB',
          note: `${(child.result.baselineKib / 1024).toFixed(0)} MiB after start-up`,
        },
        {
          suite: 'form5500',
          metric:
            'p99 of GET /rx/employers (first page of 100; no filter, integration, state, funding class, min participants in turn)',
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
