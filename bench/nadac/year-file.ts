import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import type { Env } from '../../shared/config';
import type { Engines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { bundleWorker } from '../ingest/bundle';
import { runChild } from '../ingest/rss';
import type { BenchRow } from '../types';

/** Weeks in the year file (`BENCH_NADAC_WEEKS`): 46 weeks of 33,000 NDCs is 1,518,000 rows. */
const WEEKS = Number(process.env.BENCH_NADAC_WEEKS ?? 46);
/** The load child's V8 old-space cap (MB): a load that completes under it holds a bounded heap. */
const HEAP_MB = Number(process.env.BENCH_NADAC_HEAP_MB ?? 128);
const RSS_TARGET_MB = 300;
const CHILD_TIMEOUT_MS = 30 * 60_000;
const MB = 1e6;

const mdy = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * data.medicaid.gov's year-to-date NADAC download in the weekly file's layout: `weeks` as-of dates
 * (Wednesdays from 2025-01-01), each with `ndcs` rows, oldest week first; every 20th NDC changes
 * its rate each week. The parser keeps the last week's rows.
 */
export function yearFile(weekly: (i: number, week: number, asOf: string) => string, header: string, ndcs: number) {
  const chunks: Buffer[] = [Buffer.from(`${header}\n`)];
  for (let w = 0; w < WEEKS; w++) {
    const asOf = mdy(new Date(Date.UTC(2025, 0, 1 + 7 * w)));
    const lines: string[] = [];
    for (let i = 0; i < ndcs; i++) lines.push(weekly(i, w, asOf));
    chunks.push(Buffer.from(`${lines.join('\n')}\n`));
  }
  return {
    body: Buffer.concat(chunks),
    rows: WEEKS * ndcs,
    lastAsOf: mdy(new Date(Date.UTC(2025, 0, 1 + 7 * (WEEKS - 1)))),
  };
}

interface ChildOut {
  ms: number;
  baselineKib: number;
  peakKib: number;
  rows: number;
  status?: string;
  error?: string;
}

/**
 * Issue 18 point 8: a NADAC file of ~1.5 million rows (a year of weekly rows in one download)
 * archived into the embedded S3 and loaded by syncCatalog in a child bundled as the Lambdas are,
 * its V8 old space capped: the file read back from S3 and parsed row by row, the last week's rows
 * written to DynamoDB with their index and series inputs. Rows read per second beside the parser
 * alone over the same archived file; the child's peak RSS (VmHWM) beside its start-up.
 */
export async function yearFileRun(
  engines: Engines,
  file: { body: Buffer; rows: number; lastAsOf: string },
  ndcs: number,
  log: (l: string) => void,
): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nadac-'));
  const suffix = randomBytes(4).toString('hex');
  const env: Env = {
    STORAGE: 'local',
    TABLE_PREFIX: `n${suffix}-`,
    ARCHIVE_BUCKET: `bench-nadac-${suffix}`,
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
  const h = await startHarness({ engines, env, clock: { now: () => new Date('2025-12-01T12:00:00Z') } });
  try {
    const worker = await bundleWorker(dir, path.join(__dirname, 'worker.ts'));
    const [m, d, y] = file.lastAsOf.split('/');
    const r = await new Archive(h.deps).ingest({
      sourceId: 'medicaid_nadac',
      name: `nadac-national-average-drug-acquisition-cost-${m}-${d}-${y}.csv`,
      body: file.body,
      origin: 'backfill',
      observedAt: new Date(`${y}-${m}-${d}T06:00:00Z`),
    });
    const sha = r.files[0]!.sha256;
    const size = `${file.rows.toLocaleString('en-US')} rows, ${WEEKS} weeks of ${ndcs.toLocaleString('en-US')} NDCs, ${(file.body.length / MB).toFixed(0)} MB`;
    const parse = await runChild<ChildOut>([worker, 'parse', JSON.stringify(env), sha], CHILD_TIMEOUT_MS);
    if (parse.result.rows !== ndcs)
      throw new Error(`the parser gave ${parse.result.rows} rows, not the last week's ${ndcs}`);
    const load = await runChild<ChildOut>(
      [`--max-old-space-size=${HEAP_MB}`, worker, 'load', JSON.stringify(env)],
      CHILD_TIMEOUT_MS,
    );
    if (load.result.status !== 'loaded' || load.result.rows !== ndcs) {
      throw new Error(`load ${load.result.status}: ${load.result.rows} of ${ndcs} rows ${load.result.error ?? ''}`);
    }
    const rate = file.rows / (load.result.ms / 1000);
    const parseRate = file.rows / (parse.result.ms / 1000);
    const peakMb = (load.result.peakKib * 1024) / MB;
    const baseMb = (load.result.baselineKib * 1024) / MB;
    log(
      `year file (${size}): parser alone ${parseRate.toFixed(0)} rows/s (peak ${((parse.result.peakKib * 1024) / MB).toFixed(0)} MB); load ${(load.result.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} rows read/s, peak RSS ${peakMb.toFixed(0)} MB (start-up ${baseMb.toFixed(0)}, sampled ${((load.sampledPeakKib * 1024) / MB).toFixed(0)})`,
    );
    return [
      {
        suite: 'nadac',
        metric: `load a NADAC year file (${size}) from S3: every row parsed, the last week's ${ndcs.toLocaleString('en-US')} written to DynamoDB`,
        value: rate,
        unit: 'rows read/s',
        reference: { name: 'the parser alone over the same archived file', value: parseRate, unit: 'rows/s' },
        ratio: rate / parseRate,
        note: `${(load.result.ms / 1000).toFixed(0)} s; dynalite writes the ${ndcs.toLocaleString('en-US')} kept rows (three items each)`,
      },
      {
        suite: 'nadac',
        metric: `peak RSS loading the NADAC year file (${file.rows.toLocaleString('en-US')} rows)`,
        value: peakMb,
        unit: 'MB',
        reference: { name: 'the same child after start-up', value: baseMb, unit: 'MB' },
        ratio: load.result.peakKib / load.result.baselineKib,
        target: `< ${RSS_TARGET_MB} MB`,
        met: peakMb < RSS_TARGET_MB,
        note: `VmHWM of the load child, V8 old space capped at ${HEAP_MB} MB (the load completes under it); the parser holds one week's rows`,
      },
    ];
  } finally {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
