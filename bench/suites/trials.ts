import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { manifestBytes } from '../../shared/archive/fetch/json-set';
import { Archive } from '../../shared/archive/ingest';
import { requireDataset } from '../../shared/catalog/datasets';
import { listingPk, namespaceOf, WHOLE } from '../../shared/catalog/keys';
import { viewOf } from '../../shared/catalog/view';
import type { Env } from '../../shared/config';
import { source as ctgov } from '../../shared/datasets/nlm_ctgov/source';
import { type Engines, startEngines } from '../../shared/local/engines';
import type { JsonApiSourceUrl } from '../../shared/sources/types';
import { listTrials, type TrialsQuery } from '../../shared/trials/trials';
import { type Harness, startHarness } from '../../tests/helpers/harness';
import { bundleWorker } from '../ingest/bundle';
import { runChild } from '../ingest/rss';
import {
  BASE_PAGES,
  CITIES,
  CONDITION_WORDS,
  cyclePageBytes,
  PAGE_SIZE,
  pageBytes,
  sampleStudy,
} from '../trials/studies';
import type { BenchRow, BenchSuite } from '../types';

const MB = 1e6;
/** The full registry (issue 23 point 6); the bench loads a stated fraction of it. */
const FULL_SET = 560_000;
/**
 * Two sizes loaded into dynalite, to show the load's memory does not grow with the set: dynalite
 * writes a few thousand items/s here and a study is ~35 items (index, search entries, four listing
 * copies, three rollup inputs), so the full 560,000 would take hours (the stream below covers
 * them); `BENCH_TRIALS_SIZES=2000,20000` changes them.
 */
const FULL = process.env.BENCH_TRIALS_FULL === '1';
const SIZES = (process.env.BENCH_TRIALS_SIZES ?? (FULL ? '10000' : '2000,10000')).split(',').map(Number);
/**
 * The sizes streamed through the real load path with the catalog's batch writes counted, not
 * written (a counting sink): the pipeline's own rate and memory at sizes dynalite cannot reach in a
 * bench. One child streams the largest, noting the others on the way. `BENCH_TRIALS_FULL=1` streams
 * the whole registry (560,000 studies, noted at 10,000 and 100,000: about 12 minutes with the
 * archiving of its 560 pages); `BENCH_TRIALS_STREAM=...` sets them (multiples of 1,000, ascending).
 */
const STREAM = (process.env.BENCH_TRIALS_STREAM ?? (FULL ? `10000,100000,${FULL_SET}` : '10000,50000'))
  .split(',')
  .filter((x) => x !== '')
  .map(Number);
const SAMPLES = Number(process.env.BENCH_TRIALS_SAMPLES ?? 200);
const RSS_TARGET_MB = 300;
/**
 * The load child's V8 old-space cap (MB): a load that completes under the same small cap at both
 * sizes holds a bounded heap by construction, whatever RSS the collector lets it reach otherwise.
 */
const HEAP_MB = Number(process.env.BENCH_TRIALS_HEAP_MB ?? 128);
const CHILD_TIMEOUT_MS = 20 * 60_000;
const STREAM_TIMEOUT_MS = 30 * 60_000;
/** Extra node flags for the streaming children, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the load path. */
const CHILD_ARGS = (process.env.BENCH_TRIALS_CHILD_ARGS ?? '').split(' ').filter((a) => a !== '');

/** The time and the peak RSS of a streaming child when it had written so many rows. */
interface Mark {
  rows: number;
  ms: number;
  peakKib: number;
  rssKib: number;
}

interface LoadOut {
  ms: number;
  baselineKib: number;
  peakKib: number;
  status: string;
  rows: number;
  peak_buffered: number;
  error?: string;
  /** Batch-written items of the load (rows, index, tokens, listing copies, rollup inputs and rows), counted. */
  items: number;
  /** Their size as JSON. */
  bytes: number;
  kinds: Record<string, number>;
}

/**
 * ClinicalTrials.gov at scale (issue 23 point 6). A synthetic study set in the real API v2 page
 * layout (bench/trials/studies.ts: the real sample study rewritten per study, 1,000 a page) is
 * archived page by page into the embedded S3 with its set manifest, as a fetch run leaves it, then
 * loaded by syncCatalog in a child process bundled as the Lambdas are: the manifest, each page
 * read back from S3 and streamed, every study written to DynamoDB with its index, search tokens,
 * listing copies and rollup inputs, then the rollups. Figures at two sizes: studies/s beside the
 * set parser alone over the same archived pages, items and bytes per study by kind, and the
 * child's peak RSS (it must not grow with the set). Then the trial search (listTrials, the route's service call: filters, page of 50 and
 * the exact total) over the larger set, p50/p99 warm, beside a plain 50-item key query. Last, the
 * set at up to the registry's size streamed into a counting sink (`streamRuns`).
 */
export const suite: BenchSuite = {
  name: 'trials',
  timeoutMs: 60 * 60_000,
  description: `ClinicalTrials.gov sets of ${SIZES.map((n) => n.toLocaleString('en-US')).join(' and ')} studies (API v2 pages) loaded page by page into dynalite: studies/s, items/study, peak RSS; /clinical-trials search p50/p99; ${STREAM.map((n) => n.toLocaleString('en-US')).join(', ')} streamed into a counting sink`,
  async run(log) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trials-'));
    let engines: Engines | undefined;
    const rows: BenchRow[] = [];
    try {
      const worker = await bundleWorker(dir, path.join(__dirname, '../trials/worker.ts'));
      engines = await startEngines({ dataDir: path.join(dir, 'engines') });
      let last: { h: Harness; n: number; rate: number } | undefined;
      for (const n of SIZES) {
        const run = await sizeRun(engines, worker, dir, n, log);
        rows.push(...run.rows);
        if (last) await last.h.close();
        last = { h: run.h, n, rate: run.rate };
      }
      if (last) rows.push(...(await search(last.h, last.n, log)));
      await last?.h.close();
      if (STREAM.length && last) rows.push(...(await streamRuns(engines, worker, dir, last, log)));
    } finally {
      await engines?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};

async function sizeRun(engines: Engines, worker: string, dir: string, n: number, log: (l: string) => void) {
  const suffix = randomBytes(4).toString('hex');
  const env: Env = {
    STORAGE: 'local',
    TABLE_PREFIX: `t${suffix}-`,
    ARCHIVE_BUCKET: `bench-trials-${suffix}`,
    DATA_DIR: path.join(dir, `data-${suffix}`),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
  const h = await startHarness({ engines, env, clock: { now: () => new Date('2026-11-24T12:00:00Z') } });
  const label = `${n.toLocaleString('en-US')} studies (${((100 * n) / FULL_SET).toFixed(1)} % of the ~560,000)`;
  // Archive the walk as a fetch run leaves it: the pages (files without a document), then the manifest.
  let t = performance.now();
  const archive = new Archive(h.deps);
  const template = sampleStudy();
  const pages: { page: number; name: string; sha256: string; size: number; items: number }[] = [];
  let bytes = 0;
  const observedAt = new Date('2026-11-24T06:00:00Z');
  for (let p = 1; (p - 1) * PAGE_SIZE < n; p++) {
    const body = pageBytes(p, n, template);
    const name = `ctgov-studies-page-${String(p).padStart(4, '0')}.json`;
    const r = await archive.ingest({ sourceId: 'nlm_ctgov', name, body, origin: 'live', observedAt });
    const f = r.files[0]!;
    pages.push({ page: p, name, sha256: f.sha256, size: f.size, items: Math.min(PAGE_SIZE, n - (p - 1) * PAGE_SIZE) });
    bytes += body.length;
  }
  const decl = ctgov.urls[0] as JsonApiSourceUrl;
  const manifest = manifestBytes({ ctx: { sourceId: 'nlm_ctgov' } as never, decl, index: {} }, pages);
  const m = await archive.ingest({
    sourceId: 'nlm_ctgov',
    name: 'ctgov-studies-pages.json',
    body: manifest,
    origin: 'live',
    observedAt,
  });
  const sha = m.files[0]!.sha256;
  log(`${label}: ${pages.length} pages, ${(bytes / MB).toFixed(0)} MB archived in ${sec(t)} s`);
  t = performance.now();
  const parse = await runChild<{ ms: number; studies: number; peakKib: number }>(
    [worker, 'parse', JSON.stringify(env), sha],
    CHILD_TIMEOUT_MS,
  );
  if (parse.result.studies !== n) throw new Error(`parsed ${parse.result.studies} of ${n} studies`);
  const load = await runChild<LoadOut>(
    [`--max-old-space-size=${HEAP_MB}`, worker, 'load', JSON.stringify(env)],
    CHILD_TIMEOUT_MS,
  );
  if (load.result.status !== 'loaded' || load.result.rows !== n) {
    throw new Error(`load ${load.result.status}: ${load.result.rows} of ${n} rows ${load.result.error ?? ''}`);
  }
  const rate = n / (load.result.ms / 1000);
  const parseRate = n / (parse.result.ms / 1000);
  const peakMb = (load.result.peakKib * 1024) / MB;
  log(
    `${label}: parser alone ${parseRate.toFixed(0)} studies/s (peak ${mib(parse.result.peakKib)} MiB); load ${(load.result.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} studies/s, peak RSS ${mib(load.result.peakKib)} MiB (start-up ${mib(load.result.baselineKib)}, sampled ${mib(load.sampledPeakKib)}), at most ${load.result.peak_buffered} items buffered`,
  );
  const perStudy = `${(load.result.items / n).toFixed(1)} items/study (${kindsOf(load.result.kinds, n)}), ${(load.result.bytes / n / 1000).toFixed(1)} kB/study as JSON`;
  log(`${label}: ${perStudy}`);
  return {
    h,
    rate,
    rows: [
      {
        suite: 'trials',
        metric: `items written per study, ${label}`,
        value: load.result.items / n,
        unit: 'items/study',
        note: `${kindsOf(load.result.kinds, n)}; ${(load.result.bytes / n / 1000).toFixed(1)} kB/study as JSON`,
      },
      {
        suite: 'trials',
        metric: `load ${label}, ${(bytes / MB).toFixed(0)} MB of pages, S3 to DynamoDB`,
        value: rate,
        unit: 'studies/s',
        reference: { name: 'the set parser alone over the same archived pages', value: parseRate, unit: 'studies/s' },
        ratio: rate / parseRate,
        note: `dynalite (LevelDB) writes every item; ${(FULL_SET / rate / 3600).toFixed(1)} h for the full set at this rate`,
      },
      {
        suite: 'trials',
        metric: `peak RSS loading ${label}`,
        value: peakMb,
        unit: 'MB',
        reference: { name: 'the same child after start-up', value: (load.result.baselineKib * 1024) / MB, unit: 'MB' },
        ratio: load.result.peakKib / load.result.baselineKib,
        target: `< ${RSS_TARGET_MB} MB, flat with the set size`,
        met: peakMb < RSS_TARGET_MB,
        note: `VmHWM of the child, its V8 old space capped at ${HEAP_MB} MB (the load completes under it); at most ${load.result.peak_buffered} items buffered`,
      },
    ] satisfies BenchRow[],
  };
}

/** Items per study by kind: I index, T search entries, K token lists, L listing copies, X rollup inputs. */
function kindsOf(kinds: Record<string, number>, n: number): string {
  return Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, c]) => `${k} ${(c / n).toFixed(2)}`)
    .join(', ');
}

/**
 * The set streamed through the real load path (syncCatalog in a child bundled as the Lambdas are:
 * the manifest and each page read back from S3, parsed, every row's items built and batched, lease
 * and markers in DynamoDB) with the catalog's batch writes counted instead of written: dynalite
 * writes a few thousand items/s, so the full registry would take hours. One child streams the
 * largest size and notes its time and peak RSS (VmHWM) as it passes each size, so one run shows
 * whether memory grows with the count. Its studies/s stand beside the dynalite load of the run.
 */
async function streamRuns(
  engines: Engines,
  worker: string,
  dir: string,
  dynalite: { n: number; rate: number },
  log: (l: string) => void,
): Promise<BenchRow[]> {
  if (STREAM.some((n, i) => n % PAGE_SIZE !== 0 || (i > 0 && n <= STREAM[i - 1]!))) {
    throw new Error(`BENCH_TRIALS_STREAM: ascending multiples of ${PAGE_SIZE} (${STREAM.join(',')})`);
  }
  const suffix = randomBytes(4).toString('hex');
  const env: Env = {
    STORAGE: 'local',
    TABLE_PREFIX: `s${suffix}-`,
    ARCHIVE_BUCKET: `bench-trials-s-${suffix}`,
    DATA_DIR: path.join(dir, `data-s-${suffix}`),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
  const max = STREAM.at(-1)!;
  const h = await startHarness({ engines, env, clock: { now: () => new Date('2026-11-24T12:00:00Z') } });
  const rows: BenchRow[] = [];
  try {
    const archive = new Archive(h.deps);
    const template = sampleStudy();
    const basePages = Array.from({ length: BASE_PAGES }, (_, i) =>
      pageBytes(i + 1, BASE_PAGES * PAGE_SIZE + 1, template),
    );
    const pages: { page: number; name: string; sha256: string; size: number; items: number }[] = [];
    const t = performance.now();
    let bytes = 0;
    for (let p = 1; (p - 1) * PAGE_SIZE < max; p++) {
      const body = cyclePageBytes(p, max, (b) => basePages[b - 1]!);
      const name = `ctgov-studies-page-${String(p).padStart(4, '0')}.json`;
      const observedAt = new Date('2026-11-01T06:00:00Z');
      const r = await archive.ingest({ sourceId: 'nlm_ctgov', name, body, origin: 'live', observedAt });
      const f = r.files[0]!;
      pages.push({ page: p, name, sha256: f.sha256, size: f.size, items: PAGE_SIZE });
      bytes += body.length;
    }
    log(`stream: ${pages.length} pages, ${(bytes / MB).toFixed(0)} MB archived in ${sec(t)} s`);
    const decl = ctgov.urls[0] as JsonApiSourceUrl;
    const manifest = manifestBytes({ ctx: { sourceId: 'nlm_ctgov' } as never, decl, index: {} }, pages);
    const observedAt = new Date('2026-11-24T06:00:00Z');
    await archive.ingest({
      sourceId: 'nlm_ctgov',
      name: 'ctgov-studies-pages.json',
      body: manifest,
      origin: 'live',
      observedAt,
    });
    const run = await runChild<LoadOut & { marks: Mark[] }>(
      [`--max-old-space-size=${HEAP_MB}`, ...CHILD_ARGS, worker, 'count', JSON.stringify(env), STREAM.join(',')],
      STREAM_TIMEOUT_MS,
    );
    const o = run.result;
    if (o.status !== 'loaded' || o.rows !== max) {
      throw new Error(`stream ${o.status}: ${o.rows} of ${max} rows ${o.error ?? ''}`);
    }
    log(
      `stream ${max} studies: ${(o.ms / 1000).toFixed(1)} s, ${(o.items / max).toFixed(1)} items/study (${kindsOf(o.kinds, max)}), ${(o.bytes / max / 1000).toFixed(1)} kB/study (1 item in 16 sized), peak RSS ${mib(o.peakKib)} MiB (start-up ${mib(o.baselineKib)}, sampled ${mib(run.sampledPeakKib)}), at most ${o.peak_buffered} items buffered`,
    );
    const first = o.marks[0]!;
    for (const m of o.marks) {
      const rate = m.rows / (m.ms / 1000);
      const label = `${m.rows.toLocaleString('en-US')} studies (${((100 * m.rows) / FULL_SET).toFixed(1)} % of the ~560,000)`;
      log(
        `  at ${label}: ${(m.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} studies/s, peak RSS so far ${mib(m.peakKib)} MiB (now ${mib(m.rssKib)})`,
      );
      const peakMb = (m.peakKib * 1024) / MB;
      rows.push(
        {
          suite: 'trials',
          metric: `stream of ${max.toLocaleString('en-US')} studies, first ${label}, page by page from S3 through parse and item building, catalog batch writes counted (a counting sink, NOT DynamoDB)`,
          value: rate,
          unit: 'studies/s',
          reference: {
            name: `the dynalite load of ${dynalite.n.toLocaleString('en-US')} studies, same run`,
            value: dynalite.rate,
            unit: 'studies/s',
          },
          ratio: rate / dynalite.rate,
          note: `${(o.items / max).toFixed(1)} items/study over the set (${(o.items / (o.ms / 1000)).toFixed(0)} items/s built), ${(o.bytes / max / 1000).toFixed(1)} kB/study; rollups computed over no inputs (dropped)`,
        },
        {
          suite: 'trials',
          metric: `peak RSS of that stream after ${label} (counting sink)`,
          value: peakMb,
          unit: 'MB',
          reference: { name: 'the same child after start-up', value: (o.baselineKib * 1024) / MB, unit: 'MB' },
          ratio: m.peakKib / o.baselineKib,
          target: `< ${RSS_TARGET_MB} MB, flat with the set size`,
          met: peakMb < RSS_TARGET_MB && m.peakKib <= first.peakKib * 1.15,
          note: `VmHWM of the child so far, its V8 old space capped at ${HEAP_MB} MB; at most ${o.peak_buffered} items buffered`,
        },
      );
    }
  } finally {
    await h.close();
  }
  return rows;
}

const KINDS = [
  'condition+status',
  'condition+state',
  'status',
  'phase+city',
  'zip+condition',
  'updated_since',
  'window+status',
  'condition+phase+window',
];
let lastKind = 0;

/** Typical searches: a condition word in a state, a status, a phase with a state, a city, a recent window. */
function queries(r: () => number): TrialsQuery {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const us = CITIES.filter(([, , z]) => /^\d{5}$/.test(z));
  const [city, , zip] = pick(us);
  const base: TrialsQuery = { sort: r() < 0.7 ? 'nct_id' : 'last_update', limit: 50 };
  const kinds: (() => TrialsQuery)[] = [
    () => ({ ...base, condition: pick(CONDITION_WORDS), status: 'RECRUITING' }),
    () => ({ ...base, condition: pick(CONDITION_WORDS), state: pick(['CA', 'TX', 'MA', 'NY', 'PA']) }),
    () => ({ ...base, status: pick(['RECRUITING', 'COMPLETED', 'TERMINATED']) }),
    () => ({ ...base, phase: pick(['PHASE1', 'PHASE2', 'PHASE3']), city }),
    () => ({ ...base, zip, condition: pick(CONDITION_WORDS) }),
    () => ({ ...base, updated_since: '2025-11-01' }),
    () => ({ ...base, updated_since: '2024-01-01', status: 'RECRUITING' }),
    () => ({ ...base, condition: pick(CONDITION_WORDS), updated_since: '2020-01-01', phase: 'PHASE2' }),
  ];
  lastKind = Math.floor(r() * kinds.length);
  return kinds[lastKind]!();
}

async function search(h: Harness, n: number, log: (l: string) => void): Promise<BenchRow[]> {
  const date = '2026-11-24';
  let s = 42;
  const r = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  for (let i = 0; i < 100; i++) await listTrials(h.deps, queries(r), date);
  let nonEmpty = 0;
  let totals = 0;
  const byKind = new Map<string, number[]>();
  const typical = await latencies(SAMPLES, async () => {
    const q = queries(r);
    const t = performance.now();
    const page = await listTrials(h.deps, q, date);
    const kind = KINDS[lastKind]!;
    byKind.set(kind, [...(byKind.get(kind) ?? []), performance.now() - t]);
    if (page.total === null) throw new Error('a search answered without its total');
    if (page.items.length > page.total) throw new Error('more items than the total');
    if (page.items.length) nonEmpty++;
    totals += page.total;
  });
  // The costliest total: a window of every day of the set without words (the rollup rows of ~18 years).
  const wide = await latencies(Math.max(20, SAMPLES / 10), async () => {
    await listTrials(h.deps, { sort: 'nct_id', limit: 50, updated_since: '2000-01-01' }, date);
  });
  const view = await viewOf(h.deps, requireDataset('nlm_ctgov'), date);
  const v = view.versions[0]!;
  const pk = listingPk(namespaceOf(view.dataset.id, v.generation), v.version_id, 'studies', WHOLE);
  const plain = await latencies(SAMPLES, async () => {
    await h.deps.tables.catalog.query(pk, { limit: 50 });
  });
  log(
    `search over ${n} studies: p50 ${typical.p50.toFixed(1)} ms, p99 ${typical.p99.toFixed(1)} ms (${nonEmpty}/${SAMPLES} non-empty, mean total ${(totals / SAMPLES).toFixed(0)}); every-day window p50 ${wide.p50.toFixed(1)} / p99 ${wide.p99.toFixed(1)} ms; plain 50-item key query p50 ${plain.p50.toFixed(2)} ms`,
  );
  for (const [kind, xs] of byKind) {
    xs.sort((a, b) => a - b);
    log(
      `  ${kind}: ${xs.length} samples, p50 ${xs[Math.floor(xs.length / 2)]!.toFixed(1)} ms, max ${xs.at(-1)!.toFixed(1)} ms`,
    );
  }
  const reference = { name: 'plain 50-item key query p50', value: plain.p50, unit: 'ms' };
  const set = `${n.toLocaleString('en-US')} studies`;
  return [
    {
      suite: 'trials',
      metric: `/clinical-trials search p99, typical filters (8 kinds: condition+status, condition+state, status, phase+city, zip+condition, updated_since, window+status, condition+phase+window), page of 50 with exact total, ${set}`,
      value: typical.p99,
      unit: 'ms',
      reference,
      ratio: typical.p99 / plain.p50,
      note: `p50 ${typical.p50.toFixed(1)} ms; warm, in process (listTrials); ${SAMPLES} samples`,
    },
    {
      suite: 'trials',
      metric: `/clinical-trials total of a window over every day (updated_since=2000-01-01, no words) p99, ${set}`,
      value: wide.p99,
      unit: 'ms',
      reference,
      ratio: wide.p99 / plain.p50,
      note: `p50 ${wide.p50.toFixed(1)} ms; sums the by_update_day rollup rows of the window (one per status and day)`,
    },
  ];
}

async function latencies(n: number, fn: () => Promise<void>) {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(n * 0.5)]!, p99: xs[Math.min(n - 1, Math.floor(n * 0.99))]! };
}

const sec = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
const mib = (kib: number) => (kib / 1024).toFixed(0);
