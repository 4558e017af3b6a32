import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Engines, startEngines } from '../../shared/local/engines';
import { startHarness } from '../../tests/helpers/harness';
import { bundleWorker } from '../ingest/bundle';
import { measureFacts } from '../ingest/facts';
import { rowsForBytes, writePtpFile } from '../ingest/ptp-file';
import { runChild } from '../ingest/rss';
import type { BenchRow, BenchSuite } from '../types';

const MB = 1e6;
const RSS_TARGET_MB = 300;
/** The real practitioner table's scale (issue 10 point 4). */
const REAL_ROWS = 1_500_000;
/** Memory must not grow with the file: the same jobs on ~1 GB. */
const LARGE_BYTES = 2 ** 30;
/** Slice for the facts write rate: two facts per edit, so 100,000 facts. */
const FACT_ROWS = 50_000;
const CHILD_TIMEOUT_MS = 5 * 60_000;

interface ArchiveOut {
  ms: number;
  baselineKib: number;
  peakKib: number;
  sha256: string;
  size: number;
  version_id: number | null;
}
interface ParseOut {
  ms: number;
  baselineKib: number;
  peakKib: number;
  records: number;
}

/**
 * Ingest at real scale: a synthetic NCCI PTP file in the publisher's layout is archived
 * (Archive.ingest from a file stream into the embedded S3 and DynamoDB) and parsed (ptpParser),
 * each in its own child process whose peak resident set is the memory figure. Speeds are MB/s
 * against `sha256sum` of the same file in the same run. Repeated on a ~1 GB file to show memory
 * stays flat, then the facts write rate of the load pipeline on a 50,000-row slice.
 */
export const suite: BenchSuite = {
  name: 'ingest',
  timeoutMs: 330_000,
  description: 'archive and parse MB/s vs sha256sum, peak RSS at 100 MB and 1 GB, facts/s into DynamoDB',
  async run(log) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
    let engines: Engines | undefined;
    const rows: BenchRow[] = [];
    try {
      const worker = await bundleWorker(dir);
      engines = await startEngines();
      for (const [label, rowCount, name] of [
        ['100 MB', REAL_ROWS, 'ccipra-v322r0-f1.TXT'],
        ['1 GB', rowsForBytes(LARGE_BYTES), 'ccipra-v324r0-f2.TXT'],
      ] as const) {
        rows.push(...(await fileRun(engines, worker, dir, label, rowCount, name, log)));
      }
      const f = await measureFacts(engines, dir, FACT_ROWS);
      const rate = f.facts / f.seconds;
      const raw = f.facts / f.rawSeconds;
      log(
        `facts: ${f.rows} rows -> ${f.facts} facts in ${f.seconds.toFixed(1)} s (${rate.toFixed(0)}/s); raw putMany ${raw.toFixed(0)} items/s`,
      );
      rows.push({
        suite: 'ingest',
        metric: `facts written/s (load pipeline, ${f.rows} PTP rows)`,
        value: rate,
        unit: 'facts/s',
        reference: { name: 'raw putMany of the same items', value: raw, unit: 'items/s' },
        ratio: rate / raw,
        note: `${f.facts} facts; includes S3 read, parse and extraction`,
      });
    } finally {
      await engines?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};

/** Generate, reference-hash, archive and parse one file; the file is deleted afterwards. */
async function fileRun(
  engines: Engines,
  worker: string,
  dir: string,
  label: string,
  rowCount: number,
  name: string,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const file = path.join(dir, name);
  const suffix = randomBytes(4).toString('hex');
  const env = {
    STORAGE: 'local',
    TABLE_PREFIX: `b${suffix}-`,
    ARCHIVE_BUCKET: `bench-${suffix}`,
    DATA_DIR: path.join(dir, `data-${suffix}`),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
  const h = await startHarness({ engines, env }); // creates the tables and the bucket the child writes to
  try {
    let t = performance.now();
    const bytes = writePtpFile(file, rowCount);
    log(`${label}: generated ${rowCount} rows, ${(bytes / MB).toFixed(0)} MB in ${sec(t)} s`);
    t = performance.now();
    const reference = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(/\s/)[0];
    const refMBs = bytes / MB / ((performance.now() - t) / 1000);

    const archive = await runChild<ArchiveOut>([worker, 'archive', file, JSON.stringify(env)], CHILD_TIMEOUT_MS);
    if (archive.result.sha256 !== reference || archive.result.size !== bytes || archive.result.version_id == null) {
      throw new Error(`archive of ${name} disagrees with sha256sum: ${JSON.stringify(archive.result)}`);
    }
    const parse = await runChild<ParseOut>([worker, 'parse', file], CHILD_TIMEOUT_MS);
    if (parse.result.records !== rowCount) throw new Error(`parsed ${parse.result.records} of ${rowCount} rows`);

    const archiveMBs = bytes / MB / (archive.result.ms / 1000);
    const parseMBs = bytes / MB / (parse.result.ms / 1000);
    log(
      `${label}: sha256sum ${refMBs.toFixed(0)} MB/s; archive ${archiveMBs.toFixed(1)} MB/s (${(archive.result.ms / 1000).toFixed(1)} s), peak RSS ${mib(archive.result.peakKib)} MiB (start-up ${mib(archive.result.baselineKib)}, sampled ${mib(archive.sampledPeakKib)}); parse ${parseMBs.toFixed(1)} MB/s (${(parse.result.ms / 1000).toFixed(1)} s), peak RSS ${mib(parse.result.peakKib)} MiB (start-up ${mib(parse.result.baselineKib)})`,
    );
    const ref = { name: 'sha256sum', value: refMBs, unit: 'MB/s' };
    const size = `${label} (${(bytes / MB).toFixed(0)} MB)`;
    return [
      {
        suite: 'ingest',
        metric: `archive ${size}`,
        value: archiveMBs,
        unit: 'MB/s',
        reference: ref,
        ratio: archiveMBs / refMBs,
      },
      {
        suite: 'ingest',
        metric: `parse ${size}`,
        value: parseMBs,
        unit: 'MB/s',
        reference: ref,
        ratio: parseMBs / refMBs,
      },
      rssRow(`peak RSS archiving ${size}`, archive.result),
      rssRow(`peak RSS parsing ${size}`, parse.result),
    ];
  } finally {
    fs.rmSync(file, { force: true });
    await h.close();
  }
}

function rssRow(metric: string, r: { peakKib: number; baselineKib: number }): BenchRow {
  const mb = (r.peakKib * 1024) / MB;
  return {
    suite: 'ingest',
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
