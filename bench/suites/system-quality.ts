import { providersGroup } from '../../functions/providers/routes';
import { buildApp } from '../../shared/app/build';
import { Archive } from '../../shared/archive/ingest';
import { syncCatalog } from '../../shared/catalog/sync';
import type { Deps } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { AFFILIATION_ROWS_CAP } from '../../shared/providers/system-affiliates';
import { countingTable } from '../../tests/helpers/counting-table';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import type { BenchRow, BenchSuite } from '../types';
import { benchNpi } from './dac';

/** Requests timed per case (`BENCH_SQ_SAMPLES`), each case also stopped after BUDGET_MS. */
const SAMPLES = Number(process.env.BENCH_SQ_SAMPLES ?? 30);
const BUDGET_MS = 20_000;
const PER_HOSPITAL = 300;
/** One clinician in ten of a hospital also works at the system's next hospital. */
const SHARED_EVERY = 10;
/** One clinician in seven has no MIPS row. */
const UNSCORED_EVERY = 7;
/** The large system (30 hospitals, 9,900 affiliation rows: the cap is hit) and a smaller one (12, 3,960: not hit). */
const SYSTEMS = [
  { id: 'HSI00009001', name: 'BENCH REGIONAL HEALTH', hospitals: 30, first: 0 },
  { id: 'HSI00009002', name: 'BENCH VALLEY HEALTH', hospitals: 12, first: 30 },
] as const;

const SYS_H =
  'health_sys_id,health_sys_name,health_sys_city,health_sys_state,in_onekey,in_aha,onekey_id,aha_sysid,total_mds,prim_care_mds,total_nps,total_pas,grp_cnt,grp_cnt_restricted,hosp_cnt,acutehosp_cnt,nh_cnt,nh_cnt_restricted,hhco_cnt,hhco_cnt_restricted,sys_multistate,sys_beds,sys_dsch,sys_res,deg_children,sys_incl_majteachhosp,sys_incl_vmajteachhosp,sys_teachint,sys_incl_highdpphosp,sys_highucburden,sys_incl_highuchosp,sys_anyins_product,sys_mcare_adv,sys_mcaid_mngcare,sys_healthins_mktplc,sys_ownership,hos_net_revenue,hos_total_revenue';
const LINK_H =
  'compendium_hospital_id,ccn,hospital_name,hospital_street,hospital_city,hospital_state,hospital_zip,acutehosp_flag,health_sys_id,health_sys_name,health_sys_city,health_sys_state,corp_parent_id,corp_parent_name,corp_parent_type,hos_beds,hos_dsch,hos_res,hos_children,hos_majteach,hos_vmajteach,hos_teachint,hos_highdpp,hos_ucburden,hos_highuc,hos_ownership,hos_net_revenue,hos_total_revenue';
const FACILITY_H = 'NPI,Ind_PAC_ID,lst_nm,frst_nm,mid_nm,suff,facility_type,facility_afl_ccn,parent_ccn';
const MIPS_H =
  'NPI,lst_nm,frst_nm,Org_PAC_ID,source,Quality_category_score,PI_category_score,IA_category_score,Cost_category_score,final_MIPS_score_without_CPB,final_MIPS_score';

const ccnOf = (h: number) => String(390_100 + h);
const clinician = (h: number, k: number) => h * PER_HOSPITAL + k;

/** The generated files: Compendium system and hospital linkage (2023 layout), DAC facility affiliations, MIPS PY 2023. */
function files(): { name: string; text: string; version: string; from: string }[] {
  const sys: string[] = [SYS_H];
  const link: string[] = [LINK_H];
  const fac: string[] = [FACILITY_H];
  const mips: string[] = [MIPS_H];
  for (const s of SYSTEMS) {
    sys.push(
      `${s.id},${s.name},COLUMBUS,OH,1,1,OK${s.id.slice(3)},${s.id.slice(-4)},4000,1100,700,250,40,38,${s.hospitals},${s.hospitals},3,3,2,2,1,6000,300000,900,2,1,0,1.2,0,0.031,0,1,1,0,1,2,5100000000,19000000000`,
    );
    for (let j = 0; j < s.hospitals; j++) {
      const h = s.first + j;
      link.push(
        `CHSP0009${String(h).padStart(4, '0')},${ccnOf(h)},BENCH HOSPITAL ${h},${h + 1} HOSPITAL DR,COLUMBUS,OH,43214,1,${s.id},${s.name},COLUMBUS,OH,CP${s.id.slice(3)},${s.name},Health system,${200 + h},9000,40,0,0,0,0.2,0,0.031,0,2,301000000,1180000000`,
      );
      const next = s.first + ((j + 1) % s.hospitals);
      for (let k = 0; k < PER_HOSPITAL; k++) {
        const i = clinician(h, k);
        const npi = benchNpi(i);
        const row = `${npi},${4_000_000_000 + i},LAST${i},FIRST${i},,,Hospital`;
        fac.push(`${row},${ccnOf(h)},`);
        if (k % SHARED_EVERY === 0) fac.push(`${row},${ccnOf(next)},`);
        if (i % UNSCORED_EVERY === 0) continue;
        const q = 40 + ((i * 37) % 60);
        mips.push(
          `${npi},LAST${i},FIRST${i},${7_000_000_000 + (i % 400)},group,${q},100,100,${50 + (i % 40)},${q - 1},${(q + (i % 7) / 10).toFixed(2)}`,
        );
      }
    }
  }
  return [
    { name: 'chsp-compendium-2023.csv', text: sys.join('\n'), version: '2023', from: '2024-03-20' },
    { name: 'chsp-hospital-linkage-2023.csv', text: link.join('\n'), version: '2023', from: '2024-03-20' },
    { name: 'Facility_Affiliation.csv', text: fac.join('\n'), version: '2025-01', from: '2025-01-01' },
    { name: 'PY2023_ec_score_file.csv', text: mips.join('\n'), version: 'PY 2023', from: '2025-01-15' },
  ];
}
const SOURCE: Record<string, string> = {
  'chsp-compendium-2023.csv': 'ahrq_compendium',
  'chsp-hospital-linkage-2023.csv': 'ahrq_compendium',
  'Facility_Affiliation.csv': 'cms_dac',
  'PY2023_ec_score_file.csv': 'cms_qpp_mips',
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * GET /quality/systems/{system_id} at a realistic size: a generated Compendium system of 30
 * hospitals with 300 DAC-affiliated clinicians each (one in ten also at the next hospital: 9,900
 * affiliation rows, so the 5,000-row cap is hit) and one of 12 (3,960 rows, not hit), MIPS rows for
 * six clinicians in seven. p50/p99 over SAMPLES requests per case (bounded in time too) and the
 * storage reads per request (the catalog table counted as tests/helpers/counting-table.ts does),
 * beside `/quality/{npi}` p50 in the same run.
 */
export const suite: BenchSuite = {
  name: 'system-quality',
  timeoutMs: 10 * 60_000,
  description: `/quality/systems/{system_id} over a 30-hospital system (cap ${AFFILIATION_ROWS_CAP} rows hit) and a 12-hospital one (not hit): p50/p99 and storage reads per request, /quality/{npi} p50 beside`,
  async run(log): Promise<BenchRow[]> {
    const engines = await startEngines();
    const h = await startHarness({ engines, clock: { now: () => new Date('2025-05-01T12:00:00.000Z') } });
    try {
      let rows = 0;
      for (const f of files()) {
        rows += f.text.split('\n').length - 1;
        await new Archive(h.deps).ingest({
          sourceId: SOURCE[f.name]!,
          name: f.name,
          body: Buffer.from(`${f.text}\n`),
          publisherVersion: f.version,
          effectiveFrom: f.from,
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date(`${f.from}T06:00:00Z`),
        });
      }
      const t = performance.now();
      await syncCatalog(h.deps);
      log(`loaded ${rows} generated rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

      const c = countingTable(h.deps.tables.catalog);
      const deps: Deps = { ...h.deps, tables: { ...h.deps.tables, catalog: c.table } };
      const app = buildApp([providersGroup], deps);
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (p: (i: number) => string) => {
        const ms: number[] = [];
        const reads: number[] = [];
        // biome-ignore lint/suspicious/noExplicitAny: the body is inspected field by field
        let body: any;
        const started = performance.now();
        for (let i = 0; i < SAMPLES && (i < 3 || performance.now() - started < BUDGET_MS); i++) {
          const before = c.reads();
          const start = performance.now();
          const r = await app.request(p(i), { headers: key.headers });
          body = await r.json();
          ms.push(performance.now() - start);
          reads.push(c.reads() - before);
          if (r.status !== 200) throw new Error(`GET ${p(i)}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
        }
        const first = reads[0]!;
        const warm = reads.slice(1);
        return { ms: ms.sort((a, b) => a - b), first, warm: [Math.min(...warm), Math.max(...warm)], body };
      };
      const when = 'as_of=2025-03-01';
      const npi = await time((i) => `/quality/${benchNpi(7 * ((i * 53) % 1500) + 1)}?${when}`);
      const big = await time(() => `/quality/systems/${SYSTEMS[0].id}?${when}`);
      const small = await time(() => `/quality/systems/${SYSTEMS[1].id}?${when}`);
      const ref = pct(npi.ms, 50);
      const describe = (name: string, x: typeof big) =>
        `${name}: ${x.ms.length} requests p50 ${pct(x.ms, 50).toFixed(0)} / p99 ${pct(x.ms, 99).toFixed(0)} ms; reads first ${x.first}, then ${x.warm[0]}-${x.warm[1]}; cap ${JSON.stringify(x.body.cap)}, hospitals ${JSON.stringify(x.body.hospital_counts)}, clinicians ${JSON.stringify(x.body.clinician_counts)}`;
      log(`/quality/{npi}: ${npi.ms.length} requests p50 ${ref.toFixed(1)} ms, reads ${npi.warm[0]}-${npi.warm[1]}`);
      log(describe('30 hospitals (cap hit)', big));
      log(describe('12 hospitals (cap not hit)', small));
      if (!big.body.cap.truncated || small.body.cap.truncated)
        throw new Error('the generated systems do not hit and miss the cap as intended');
      const row = (x: typeof big, what: string): BenchRow[] => [
        {
          suite: 'system-quality',
          metric: `p50 / p99 of GET /quality/systems/{system_id}, ${what} (${x.body.cap.rows_read} affiliation rows read, ${x.body.clinician_counts.affiliated} clinicians, ${x.body.clinician_counts.scored} scored; ${x.ms.length} requests)`,
          value: pct(x.ms, 50),
          unit: 'ms (p50)',
          reference: { name: '/quality/{npi} p50', value: ref, unit: 'ms' },
          ratio: pct(x.ms, 50) / ref,
          note: `p99 ${pct(x.ms, 99).toFixed(0)} ms`,
        },
        {
          suite: 'system-quality',
          metric: `storage reads per request, ${what}: first request / later requests`,
          value: x.warm[1]!,
          unit: 'reads',
          note: `first request ${x.first}, later ${x.warm[0]}-${x.warm[1]}`,
        },
      ];
      return [
        ...row(big, `30 hospitals, 9,900 affiliation rows (cap ${AFFILIATION_ROWS_CAP} hit)`),
        ...row(small, '12 hospitals, 3,960 affiliation rows (cap not hit)'),
      ];
    } finally {
      await h.close();
      await engines.stop();
    }
  },
};
