import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import { posParser } from '../../shared/datasets/cms_pos/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** Providers in the POS file (`BENCH_POS_ROWS`; the real hospital and non-hospital file has well over 100,000). */
const ROWS = Number(process.env.BENCH_POS_ROWS ?? 8_000);
const SAMPLES = 200;
const SERVICES = [
  'CRDC_CTHRTZTN_LAB_SRVC_CD',
  'CT_SCAN_SRVC_CD',
  'DCTD_ER_SRVC_CD',
  'MGNTC_RSNC_IMG_SRVC_CD',
  'OB_SRVC_CD',
  'OPEN_HRT_SRGRY_SRVC_CD',
  'ORGN_TRNSPLNT_SRVC_CD',
  'SHCK_TRMA_SRVC_CD',
];
const ccnOf = (i: number) => String(10_000 + i).padStart(6, '0');

/** A POS quarter in the publisher's layout (the columns the parser reads and eight service indicators). */
function posFile(): Buffer {
  const cols = [
    'PRVDR_CTGRY_CD',
    'ACRDTN_EFCTV_DT',
    'ACRDTN_EXPRTN_DT',
    'ACRDTN_TYPE_CD',
    'BED_CNT',
    'CBSA_CD',
    'CITY_NAME',
    'FAC_NAME',
    'MDCL_SCHL_AFLTN_CD',
    'PGM_TRMNTN_CD',
    'PRVDR_NUM',
    'ST_ADR',
    'STATE_CD',
    'TRMNTN_EXPRTN_DT',
    'ZIP_CD',
    ...SERVICES,
  ];
  const lines = [cols.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const svc = SERVICES.map((_, k) => String((i + k) % 4));
    lines.push(
      ['01', '20220101', '20250101', String(1 + (i % 3)), String(25 + (i % 400)), String(10_000 + (i % 900) * 10)]
        .concat([
          'SPRINGFIELD',
          `BENCH HOSPITAL ${i}`,
          String(1 + (i % 4)),
          '00',
          ccnOf(i),
          `${i} MAIN ST`,
          'IL',
          '',
          '62701',
        ])
        .concat(svc)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** A CMI file of every other provider. */
function cmiFile(): Buffer {
  const lines = ['Provider Number\tCase Mix Index\tNumber of Cases'];
  for (let i = 0; i < ROWS; i += 2) lines.push(`${ccnOf(i)}\t${(1 + (i % 100) / 100).toFixed(4)}\t${100 + i}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Census estimates of every CBSA the POS file names. */
function pepFile(): Buffer {
  const lines = [
    'CBSA,MDIV,STCOU,NAME,LSAD,ESTIMATESBASE2020,POPESTIMATE2020,POPESTIMATE2021,POPESTIMATE2022,POPESTIMATE2023',
  ];
  for (let k = 0; k < 900; k++)
    lines.push(
      `${10_000 + k * 10},,,"Area ${k}, IL",Metropolitan Statistical Area,${5e4 + k},${5e4 + k},${5e4 + 2 * k},${5e4 + 3 * k},${5e4 + 4 * k}`,
    );
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The hospital profile (issue 22 point 8, profile half): a generated POS quarter of ROWS providers,
 * a CMI file and a Census vintage archived and loaded by syncCatalog into the embedded DynamoDB
 * (POS: the group's largest profile source), beside the POS parser alone; then the p50 / p99 of
 * GET /hospitals/{ccn} (five storage reads: tests/integration/hospitals/profile.test.ts counts them).
 */
export const suite: BenchSuite = {
  name: 'hospital-profile',
  timeoutMs: 20 * 60_000,
  description: `Hospital profile: POS quarter of ${ROWS.toLocaleString('en-US')} providers loaded (rows/s, peak RSS), p99 of GET /hospitals/{ccn}`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2024-06-01T12:00:00.000Z') };
    const h = await startHarness({ engines, clock });
    try {
      const pos = posFile();
      let t = performance.now();
      let parsed = 0;
      for await (const _ of posParser.parse(pos)) parsed++;
      const parseRate = parsed / ((performance.now() - t) / 1000);
      const before = vmKib('VmHWM');
      const archive = new Archive(h.deps);
      const put = (sourceId: string, name: string, body: Buffer, date: string, label: string) =>
        archive.ingest({
          sourceId,
          name,
          body,
          publisherVersion: label,
          effectiveFrom: date,
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date(`${date}T06:00:00Z`),
        });
      await put('cms_ipps_cmi', 'FY_2024_Final_Rule_CMI_File.txt', cmiFile(), '2023-08-01', 'FY 2024');
      await put('census_pep_cbsa', 'cbsa-est2023-alldata.csv', pepFile(), '2024-03-14', 'Vintage 2023');
      await syncCatalog(h.deps);
      await put('cms_pos', 'POS_File_Hospital_Non_Hospital_Facilities_Q1_2024.csv', pos, '2024-05-15', 'Q1 2024');
      t = performance.now();
      await syncCatalog(h.deps);
      const s = (performance.now() - t) / 1000;
      const rate = ROWS / s;
      const peak = vmKib('VmHWM');
      log(
        `POS ${ROWS} rows (${(pos.length / 1e6).toFixed(1)} MB) loaded in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s`,
      );
      log(
        `parser ${parseRate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (before ${(before / 1024).toFixed(0)})`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const r = await h.request(`/hospitals/${ccnOf((i * 37) % ROWS)}?as_of=2024-06-01`, { headers: key.headers });
        ms.push(performance.now() - started);
        if (r.status !== 200) throw new Error(`GET /hospitals: ${r.status} ${(await r.text()).slice(0, 200)}`);
        await r.arrayBuffer();
      }
      ms.sort((a, b) => a - b);
      log(`GET /hospitals/{ccn} p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms`);
      return [
        {
          suite: 'hospital-profile',
          metric: `catalog load rows/s, POS quarter of ${ROWS.toLocaleString('en-US')} providers into DynamoDB`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'posParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
        },
        {
          suite: 'hospital-profile',
          metric: `peak RSS of the bench process loading the POS quarter (embedded engines included)`,
          value: peak / 1024,
          unit: 'MiB',
          note: `${(before / 1024).toFixed(0)} MiB before the POS load`,
        },
        {
          suite: 'hospital-profile',
          metric: 'p99 of GET /hospitals/{ccn} (POS, CMI, Census; five storage reads)',
          value: pct(ms, 99),
          unit: 'ms',
          note: `p50 ${pct(ms, 50).toFixed(1)} ms over ${SAMPLES} requests in process; Hospital General Information not loaded (a gap)`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
