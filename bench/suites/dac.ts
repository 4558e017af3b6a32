import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Archive } from '../../shared/archive/ingest';
import { npiCheckDigit } from '../../shared/codes/npi';
import { dacNationalParser } from '../../shared/datasets/cms_dac/parser';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { childEnv, loadCatalogInChild } from '../catalog-load-child';
import { vmKib } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

/** `BENCH_DAC_FULL=1`: the national file's real size (about 2.7 M rows) for the parse and the load. */
const FULL = process.env.BENCH_DAC_FULL === '1';
/** Rows of the generated national file parsed alone (`BENCH_DAC_PARSE_ROWS`). */
const PARSE_ROWS = Number(process.env.BENCH_DAC_PARSE_ROWS ?? (FULL ? 2_700_000 : 100_000));
/** Rows of the generated national file loaded into DynamoDB (`BENCH_DAC_ROWS`); the facility file has half as many. */
const LOAD_ROWS = Number(process.env.BENCH_DAC_ROWS ?? (FULL ? 2_700_000 : 10_000));
/** V8 old-space cap of the loading child (`BENCH_DAC_HEAP_MB`, 0 for none): a load that completes under it is bounded. */
const HEAP_MB = Number(process.env.BENCH_DAC_HEAP_MB ?? 128);
const HOSPITALS = 100;
const SAMPLES = 100;

const HEADER =
  'NPI,Ind_PAC_ID,Ind_enrl_ID,Provider Last Name,Provider First Name,Provider Middle Name,suff,gndr,Cred,Med_sch,Grd_yr,pri_spec,sec_spec_1,sec_spec_2,sec_spec_3,sec_spec_4,sec_spec_all,Telehlth,Facility Name,org_pac_id,num_org_mem,adr_ln_1,adr_ln_2,ln_2_sprs,City/Town,State,ZIP Code,Telephone Number,ind_assgn,grp_assgn,adrs_id';
const FACILITY_HEADER = 'NPI,Ind_PAC_ID,lst_nm,frst_nm,mid_nm,suff,facility_type,facility_afl_ccn,parent_ccn';

/** The i-th clinician's NPI (valid check digit). */
export function benchNpi(i: number): string {
  const base = String(100_000_000 + i).slice(-9);
  const nine = `1${base.slice(1)}`;
  return `${nine}${npiCheckDigit(nine)}`;
}
const hospital = (i: number) => String(360_000 + (i % HOSPITALS)).padStart(6, '0');

/** National row `r` of `n`: clinician r mod n/2 (every NPI twice, half a file apart), a group every third row. */
function nationalLine(r: number, n: number): string {
  const i = r % Math.max(1, Math.floor(n / 2));
  const npi = benchNpi(i);
  const org = r % 3 === 0 ? `BENCH GROUP ${i % 5000},${7_000_000_000 + (i % 5000)},${(i % 40) + 2}` : ',,';
  return `${npi},${4_000_000_000 + i},I2019010100${String(i).padStart(4, '0').slice(-4)},LAST${i},FIRST${i},,,F,MD,OTHER,2001,INTERNAL MEDICINE,,,,,,Y,${org},${r} MAIN ST,,,COLUMBUS,OH,43214${String(r % 10_000).padStart(4, '0')},6145550100,Y,Y,OH43214X${r}`;
}

/** A generated file streamed in chunks of 2,000 lines (never whole in memory). */
function stream(header: string, n: number, line: (r: number, n: number) => string): Readable {
  return Readable.from(
    (function* () {
      yield `${header}\n`;
      for (let r = 0; r < n; r += 2000) {
        const lines: string[] = [];
        for (let k = r; k < Math.min(n, r + 2000); k++) lines.push(line(k, n));
        yield `${lines.join('\n')}\n`;
      }
    })(),
  );
}

/** Facility row `r`: clinician r, a hospital of HOSPITALS (every fourth hundred a nursing home instead). */
const facilityLine = (r: number) =>
  `${benchNpi(r)},${4_000_000_000 + r},LAST${r},FIRST${r},,,${Math.floor(r / HOSPITALS) % 4 === 3 ? 'Nursing home' : 'Hospital'},${hospital(r)},`;

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * The providers group's largest source, the DAC national file (about 2.7 M rows): the parser alone
 * over a generated file streamed in chunks (PARSE_ROWS rows: rows/s and how much the peak RSS grew,
 * which stays flat however many rows), then a national file of LOAD_ROWS rows (every NPI twice, not
 * adjacent) and a facility file of half as many loaded by syncCatalog into the embedded DynamoDB
 * (one search-token item per row, no per-key state), then the p99 of /dac/hospital/{ccn}/affiliates
 * (page of 50, the group's main list read) and of the dossier. `BENCH_DAC_FULL=1` uses the real size.
 */
export const suite: BenchSuite = {
  name: 'dac',
  timeoutMs: FULL ? 12 * 60 * 60_000 : 10 * 60_000,
  description: `DAC national file: parse ${PARSE_ROWS.toLocaleString('en-US')} generated rows (rows/s, RSS growth), load ${LOAD_ROWS.toLocaleString('en-US')} rows plus facility affiliations into DynamoDB (rows/s, peak RSS), p99 of the hospital-affiliates page and the dossier`,
  async run(log): Promise<BenchRow[]> {
    const rssBefore = vmKib('VmHWM');
    const t = performance.now();
    let parsed = 0;
    for await (const _ of dacNationalParser.parse(stream(HEADER, PARSE_ROWS, nationalLine))) parsed++;
    const parseRate = parsed / ((performance.now() - t) / 1000);
    const parseGrowth = (vmKib('VmHWM') - rssBefore) / 1024;
    log(
      `parser: ${parsed} rows at ${parseRate.toFixed(0)} rows/s; peak RSS of this process grew ${parseGrowth.toFixed(0)} MiB`,
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dac-'));
    const engines = await startEngines();
    const clock: Clock = { now: () => new Date('2025-05-01T12:00:00.000Z') };
    const env = childEnv(engines, dir, 'dac');
    const h = await startHarness({ engines, clock, env });
    try {
      const facilityRows = Math.floor(LOAD_ROWS / 2);
      const files: [string, Readable][] = [
        ['DAC_NationalDownloadableFile.csv', stream(HEADER, LOAD_ROWS, nationalLine)],
        ['Facility_Affiliation.csv', stream(FACILITY_HEADER, facilityRows, facilityLine)],
      ];
      for (const [name, body] of files) {
        const file = path.join(dir, name);
        await pipeline(body, fs.createWriteStream(file));
        await new Archive(h.deps).ingest({
          sourceId: 'cms_dac',
          name,
          body: () => fs.createReadStream(file),
          publisherVersion: '2025-04',
          effectiveFrom: '2025-04-01',
          effectiveTo: null,
          origin: 'backfill',
          observedAt: new Date('2025-04-01T06:00:00Z'),
        });
      }
      // The load in a child bundled as the Lambdas are, under a capped heap: its peak is the loader's alone.
      const child = await loadCatalogInChild(dir, env, HEAP_MB, FULL ? 12 * 60 * 60_000 : 20 * 60_000);
      const s = child.result.ms / 1000;
      const rate = (LOAD_ROWS + facilityRows) / s;
      const peak = Math.max(child.result.peakKib, child.sampledPeakKib);
      log(
        `load (child, heap cap ${HEAP_MB || 'none'} MB): ${LOAD_ROWS} national + ${facilityRows} facility rows in ${s.toFixed(1)} s = ${rate.toFixed(0)} rows/s; peak RSS ${(peak / 1024).toFixed(0)} MiB (${(child.result.baselineKib / 1024).toFixed(0)} after start-up)`,
      );
      const key = await createTestKey(h.deps, 'free', []);
      const time = async (p: (i: number) => string) => {
        const ms: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const start = performance.now();
          const r = await h.request(p(i), { headers: key.headers });
          ms.push(performance.now() - start);
          if (r.status !== 200) throw new Error(`GET ${p(i)}: ${r.status} ${(await r.text()).slice(0, 200)}`);
          await r.arrayBuffer().catch(() => undefined);
        }
        return ms.sort((a, b) => a - b);
      };
      const affiliates = await time((i) => `/dac/hospital/${hospital(i % 50)}/affiliates?limit=50&as_of=2025-05-01`);
      const dossier = await time((i) => `/provider/${benchNpi((i * 37) % facilityRows)}?as_of=2025-05-01`);
      log(
        `affiliates p50 ${pct(affiliates, 50).toFixed(1)} / p99 ${pct(affiliates, 99).toFixed(1)} ms; dossier p50 ${pct(dossier, 50).toFixed(1)} / p99 ${pct(dossier, 99).toFixed(1)} ms`,
      );
      return [
        {
          suite: 'dac',
          metric: `catalog load rows/s, DAC national file of ${LOAD_ROWS.toLocaleString('en-US')} rows and facility file of ${facilityRows.toLocaleString('en-US')} into DynamoDB (child process)`,
          value: rate,
          unit: 'rows/s',
          reference: { name: 'dacNationalParser alone', value: parseRate, unit: 'rows/s' },
          ratio: rate / parseRate,
          note: `parser over ${PARSE_ROWS.toLocaleString('en-US')} streamed rows; its process's peak RSS grew ${parseGrowth.toFixed(0)} MiB`,
        },
        {
          suite: 'dac',
          metric: `peak RSS of the loading child (${LOAD_ROWS.toLocaleString('en-US')} + ${facilityRows.toLocaleString('en-US')} DAC rows, V8 heap capped at ${HEAP_MB || 'no'} MB)`,
          value: peak / 1024,
          unit: 'MiB',
          target: HEAP_MB ? `completes under a ${HEAP_MB} MB heap` : undefined,
          met: HEAP_MB ? true : undefined,
          note: `${(child.result.baselineKib / 1024).toFixed(0)} MiB after start-up`,
        },
        {
          suite: 'dac',
          metric: 'p99 of GET /dac/hospital/{ccn}/affiliates (page of 50)',
          value: pct(affiliates, 99),
          unit: 'ms',
          note: `p50 ${pct(affiliates, 50).toFixed(1)} ms over ${SAMPLES} requests in process; dossier p50 / p99 ${pct(dossier, 50).toFixed(1)} / ${pct(dossier, 99).toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
      await engines.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
