import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Env } from '../../shared/config';
import { type Engines, startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { bundleWorker } from '../ingest/bundle';
import { measureFacts } from '../ingest/facts';
import { writePtpFile } from '../ingest/ptp-file';
import { runChild } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

const MB = 1e6;
const RSS_TARGET_MB = 300;
/** Issue 15 point 4: 10 M rows in bounded memory (and 1 M, to show memory does not grow with them). */
const SIZES = [1_000_000, 10_000_000] as const;
/** Distinct codes of the generated tables: a real PTP table names ~20,000. */
const CODE_SPACE = 20_000;
/** End to end into DynamoDB (dynalite writes ~5,000 items/s here: 10 M rows would take an hour). */
const E2E_ROWS = 100_000;
const CHILD_TIMEOUT_MS = 15 * 60_000;

interface LoadOut {
  ms: number;
  baselineKib: number;
  peakKib: number;
  status: string;
  facts: number;
  counted_items: number;
  suspended: number | null;
}

/**
 * The one load pipeline at scale (issue 15 point 4). A generated NCCI PTP practitioner table in
 * the publisher's layout (10 M edits, ~690 MB) is archived into the embedded S3 and DynamoDB, then
 * loaded by `syncAll` in a child process (bundled as the Lambdas are): read back from S3, parsed
 * once, turned into two facts per edit, batched, checkpointed every minute, markers and the change
 * record's codes written. The fact items are counted by a table port instead of written (dynalite
 * would take an hour for 20 M items); everything else goes to the engines. Figures: MB/s beside
 * sha256sum of the same file, rows/s beside the parser alone, the child's peak RSS at 1 M and
 * 10 M rows, and the overhead of a load cut at half and resumed by a second process from its
 * checkpoint (S3 ranged GET). Then a 100,000-row load end to end into DynamoDB.
 */
export const suite: BenchSuite = {
  name: 'ingest-load',
  timeoutMs: 40 * 60_000,
  description: '10 M PTP rows through the load pipeline: rows/s, MB/s vs sha256sum, peak RSS, resume overhead',
  async run(log) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
    let engines: Engines | undefined;
    const rows: BenchRow[] = [];
    try {
      const worker = await bundleWorker(dir);
      engines = await startEngines();
      for (const n of SIZES) rows.push(...(await sizeRun(engines, worker, dir, n, log)));
      const f = await measureFacts(engines, dir, E2E_ROWS);
      const rate = f.facts / f.seconds;
      const raw = f.facts / f.rawSeconds;
      log(
        `end to end: ${f.rows} rows -> ${f.facts} facts in ${f.seconds.toFixed(1)} s (${rate.toFixed(0)}/s); raw putMany ${raw.toFixed(0)} items/s`,
      );
      rows.push({
        suite: 'ingest-load',
        metric: `facts written/s end to end (load pipeline into DynamoDB, ${E2E_ROWS.toLocaleString('en-US')} PTP rows)`,
        value: rate,
        unit: 'facts/s',
        reference: { name: 'raw putMany of the same items', value: raw, unit: 'items/s' },
        ratio: rate / raw,
        note: `${(f.rows / f.seconds).toFixed(0)} rows/s; includes S3 read, parse, extraction, lease, markers`,
      });
    } finally {
      await engines?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};

async function sizeRun(
  engines: Engines,
  worker: string,
  dir: string,
  n: number,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const label = `${n / 1e6} M`;
  const file = path.join(dir, 'ccipra-v325r0-f1.TXT');
  const suffix = randomBytes(4).toString('hex');
  const env: Env = {
    STORAGE: 'local',
    TABLE_PREFIX: `l${suffix}-`,
    ARCHIVE_BUCKET: `bench-load-${suffix}`,
    DATA_DIR: path.join(dir, `data-${suffix}`),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
  // Other facts tables over the same archive: the same version loaded again, cut and resumed, then
  // once more in one run (the one-run time is the mean of two runs around the cut pair).
  const resumeEnv: Env = { ...env, TABLE_FACTS: `l${suffix}-facts-resumed` };
  const againEnv: Env = { ...env, TABLE_FACTS: `l${suffix}-facts-again` };
  const h = await startHarness({ engines, env });
  const h2 = await startHarness({ engines, env: resumeEnv });
  const h3 = await startHarness({ engines, env: againEnv });
  try {
    let t = performance.now();
    const bytes = writePtpFile(file, n, 325, CODE_SPACE);
    log(`${label}: generated ${n} rows, ${(bytes / MB).toFixed(0)} MB in ${sec(t)} s`);
    t = performance.now();
    const reference = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(/\s/)[0];
    const refMBs = bytes / MB / ((performance.now() - t) / 1000);
    const parse = await runChild<{ ms: number; records: number }>([worker, 'parse', file], CHILD_TIMEOUT_MS);
    if (parse.result.records !== n) throw new Error(`parsed ${parse.result.records} of ${n} rows`);
    const archived = await runChild<{ sha256: string; ms: number }>(
      [worker, 'archive', file, JSON.stringify(env)],
      CHILD_TIMEOUT_MS,
    );
    if (archived.result.sha256 !== reference) throw new Error('archive disagrees with sha256sum');
    fs.rmSync(file, { force: true });

    const whole = await runChild<LoadOut>([worker, 'load', JSON.stringify(env)], CHILD_TIMEOUT_MS);
    check(whole.result, n, 'loaded');
    const mbs = bytes / MB / (whole.result.ms / 1000);
    const rowsPerS = n / (whole.result.ms / 1000);
    const parseRowsPerS = n / (parse.result.ms / 1000);
    log(
      `${label}: sha256sum ${refMBs.toFixed(0)} MB/s; parse alone ${(parse.result.ms / 1000).toFixed(1)} s (${parseRowsPerS.toFixed(0)} rows/s); load ${(whole.result.ms / 1000).toFixed(1)} s = ${rowsPerS.toFixed(0)} rows/s, ${mbs.toFixed(1)} MB/s, ${whole.result.facts} facts; peak RSS ${mib(whole.result.peakKib)} MiB (start-up ${mib(whole.result.baselineKib)}, sampled ${mib(whole.sampledPeakKib)})`,
    );
    const size = `${label} PTP rows (${(bytes / MB).toFixed(0)} MB)`;
    const out: BenchRow[] = [
      rssRow(`peak RSS loading ${size}`, whole.result),
      {
        suite: 'ingest-load',
        metric: `load pipeline rows/s, ${size}, fact items counted`,
        value: rowsPerS,
        unit: 'rows/s',
        reference: { name: 'ptpParser alone over the local file', value: parseRowsPerS, unit: 'rows/s' },
        ratio: rowsPerS / parseRowsPerS,
        note: `${(whole.result.facts / (whole.result.ms / 1000)).toFixed(0)} facts/s; S3 read, parse, facts, batching, checkpoints`,
      },
      {
        suite: 'ingest-load',
        metric: `load pipeline MB/s, ${size}, fact items counted`,
        value: mbs,
        unit: 'MB/s',
        reference: { name: 'sha256sum', value: refMBs, unit: 'MB/s' },
        ratio: mbs / refMBs,
      },
    ];
    if (n === SIZES[SIZES.length - 1]) {
      const half = Math.floor(n / 2);
      const first = await runChild<LoadOut>(
        [worker, 'load', JSON.stringify(resumeEnv), String(half)],
        CHILD_TIMEOUT_MS,
      );
      check(first.result, 0, 'suspended');
      const second = await runChild<LoadOut>([worker, 'load', JSON.stringify(resumeEnv)], CHILD_TIMEOUT_MS);
      check(second.result, n, 'loaded');
      const again = await runChild<LoadOut>([worker, 'load', JSON.stringify(againEnv)], CHILD_TIMEOUT_MS);
      check(again.result, n, 'loaded');
      const oneRun = (whole.result.ms + again.result.ms) / 2;
      const total = first.result.ms + second.result.ms;
      const overhead = (total / oneRun - 1) * 100;
      log(
        `${label}: cut at ${half} rows ${(first.result.ms / 1000).toFixed(1)} s + resumed ${(second.result.ms / 1000).toFixed(1)} s = ${(total / 1000).toFixed(1)} s vs ${(whole.result.ms / 1000).toFixed(1)} s and ${(again.result.ms / 1000).toFixed(1)} s in one run (${overhead.toFixed(1)}%); peak RSS ${mib(first.result.peakKib)} / ${mib(second.result.peakKib)} MiB`,
      );
      out.push(
        {
          suite: 'ingest-load',
          metric: `resumed load overhead, ${size} cut at half by a checkpoint`,
          value: overhead,
          unit: '%',
          reference: { name: 'the same load in one run (mean of two)', value: oneRun / 1000, unit: 's' },
          note: `two processes: ${(first.result.ms / 1000).toFixed(1)} s + ${(second.result.ms / 1000).toFixed(1)} s (ranged GET from the checkpoint's byte offset); one run ${(whole.result.ms / 1000).toFixed(1)} s and ${(again.result.ms / 1000).toFixed(1)} s`,
        },
        rssRow(`peak RSS resuming ${size} from half`, second.result),
      );
    }
    return out;
  } finally {
    fs.rmSync(file, { force: true });
    await h3.close();
    await h2.close();
    await h.close();
  }
}

/** A finished load wrote two facts per edit (the generated pairs never repeat a code). */
function check(r: LoadOut, rows: number, status: 'loaded' | 'suspended') {
  if (r.status !== status || (status === 'loaded' && r.facts !== rows * 2)) {
    throw new Error(`load ended ${r.status} with ${r.facts} facts, expected ${status}: ${JSON.stringify(r)}`);
  }
}

function rssRow(metric: string, r: { peakKib: number; baselineKib: number }): BenchRow {
  const mb = (r.peakKib * 1024) / MB;
  return {
    suite: 'ingest-load',
    metric,
    value: mb,
    unit: 'MB',
    target: `< ${RSS_TARGET_MB} MB`,
    met: mb < RSS_TARGET_MB,
    note: `VmHWM of the child process; ${((r.baselineKib * 1024) / MB).toFixed(0)} MB after start-up`,
  };
}

const sec = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
const mib = (kib: number) => (kib / 1024).toFixed(0);
