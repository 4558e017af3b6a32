import { randomBytes } from 'node:crypto';
import { blobKey } from '../archive/keys';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { recordsVia } from '../publishers/common/resume';
import type { ByteInput, Located, PublisherParser, ResumePoint } from '../publishers/common/types';
import { docParser, SOURCES } from '../sources/registry';
import { type LoadBudget, UNLIMITED } from './budget';
import type { ActiveConsumer, ConsumerEnd, ConsumerPlan, LoadFile, LoadProvider, PlannedLoad } from './consumer';
import { trackLoad } from './history';
import { type Checkpoint, LoadJob } from './job';

/**
 * The one load pipeline (issue 15, points 2 and 4). For each archived version some consumer still
 * has to load (its warrant facts, each catalog dataset holding its document, by the providers'
 * plans), under one lease per version:
 *
 * 1. the file is streamed from the archive once and parsed once, with its document's parser, and
 *    each record goes to every consumer (a dataset whose parser derives from the document's, e.g.
 *    the LEIE exclusion rows, gets the mapped record; a consumer that reads the file its own way
 *    loads on its own after);
 * 2. at least every minute, and when the run's budget runs out, every consumer flushes and a
 *    checkpoint is stored (records done, the parser's resume point, each consumer's state); a
 *    budget run out stops the load there, and the next run (any sync) goes on from the
 *    checkpoint, reading the object from that byte offset (S3 ranged GET) when the parser is
 *    resumable, else parsing again from the first byte and skipping the records already stored;
 * 3. only when the file is read to its end does each consumer write its markers: a version is
 *    never served half-loaded, and answers keep their `not_loaded` / `source_not_loaded` gap.
 *
 * One load attempt per source is recorded (shared/loads/history.ts). A file that does not parse
 * fails its version's consumers, which stay unloaded and are reported; storage outages (503) are
 * rethrown, the checkpoint kept.
 */
export interface LoadProgressEvent {
  file: LoadFile;
  phase: 'start' | 'read' | 'done' | 'suspended';
  /** Records of the file read so far, those of earlier runs included. */
  records: number;
  /** Bytes of the file read so far (from its first byte), and its size. */
  bytes: number;
  total: number;
  /** Where this run started reading (past 0 when it resumed a checkpoint). */
  startBytes: number;
  /** Since this run started reading the file. */
  elapsedMs: number;
}

export interface RunOptions {
  /** Only versions of these sources (default: every source). */
  sourceIds?: readonly string[];
  log?: (line: string) => void;
  /** How long this run may load (default: no limit). */
  budget?: LoadBudget;
  onProgress?: (p: LoadProgressEvent) => void;
  /** Store a checkpoint at least this often (default: every minute; `records` is for tests). */
  checkpointEvery?: { ms?: number; records?: number };
}

export interface RunResult {
  outcomes: { kind: string; outcome: unknown }[];
  /** The version the budget cut short (its checkpoint stored; the next run resumes it). */
  suspended?: LoadFile;
  /** Versions not started because the budget ran out (the next run loads them). */
  deferred: number;
}

const CHECKPOINT_MS = 60_000;
/** Progress events and the clock are looked at every this many records. */
const TICK = 1024;

interface Job {
  file: LoadFile;
  consumers: ConsumerPlan[];
  priority: number;
}

interface JobEnd {
  consumer: ConsumerPlan;
  end?: ConsumerEnd<unknown>;
  /** An outcome the consumer gave itself on re-checking under the lease. */
  outcome?: unknown;
}

/** Lost the version's lease to another process (ours lapsed): stop without writing anything more. */
class LeaseLost extends Error {}

export async function runLoads(
  deps: Deps,
  providers: readonly LoadProvider[],
  opts: RunOptions = {},
): Promise<RunResult> {
  const planned: PlannedLoad[] = [];
  for (const p of providers) planned.push(...(await p.plan(deps, { sourceIds: opts.sourceIds })));
  const result: RunResult = { outcomes: [], deferred: 0 };
  const budget = opts.budget ?? UNLIMITED;
  const run = { owner: `load_${randomBytes(6).toString('hex')}`, records: 0 };
  for (const [sourceId, jobs] of bySource(jobsOf(planned))) {
    if (result.suspended || budget.exhausted(run.records)) {
      result.deferred += jobs.length;
      continue;
    }
    const failures: string[] = [];
    try {
      await trackLoad(deps, sourceId, async (progress) => {
        for (const [i, job] of jobs.entries()) {
          if (result.suspended || budget.exhausted(run.records)) {
            result.deferred += jobs.length - i;
            break;
          }
          let rows = 0;
          let loaded = false;
          for (const { consumer, end, outcome } of await runJob(deps, job, run, budget, opts)) {
            const o = outcome ?? consumer.outcome(end!, job.file);
            result.outcomes.push({ kind: consumer.kind, outcome: o });
            opts.log?.(consumer.describe(o, job.file));
            if (end?.status === 'loaded') {
              const f = consumer.finished(end.result);
              loaded = true;
              rows += f.rows;
              if (f.entities) progress.count(f.entities.name, f.entities.value);
            }
            if (end?.status === 'failed') failures.push(`v${job.file.version_id}: ${end.error}`);
            if (end?.status === 'suspended') result.suspended = job.file;
          }
          if (loaded) progress.loaded(job.file.version_id, rows);
        }
        const failed = [...new Set(failures)];
        if (failed.length) throw new Error(`${failed.length} version(s) could not be loaded: ${failed.join('; ')}`);
      });
    } catch (e) {
      if (!failures.length) throw e;
      deps.logger.warn('load incomplete', { source_id: sourceId, failures });
    }
  }
  return result;
}

/** One job per version: every consumer of it, ordered by priority, then source, then version. */
function jobsOf(planned: readonly PlannedLoad[]): Job[] {
  const jobs = new Map<number, Job>();
  for (const { file, consumer } of planned) {
    const job = jobs.get(file.version_id) ?? { file, consumers: [], priority: consumer.priority };
    job.consumers.push(consumer);
    job.priority = Math.min(job.priority, consumer.priority);
    jobs.set(file.version_id, job);
  }
  const order = (s: string) => {
    const i = SOURCES.findIndex((x) => x.sourceId === s);
    return i < 0 ? SOURCES.length : i;
  };
  return [...jobs.values()].sort(
    (a, b) =>
      a.priority - b.priority ||
      order(a.file.source_id) - order(b.file.source_id) ||
      a.file.version_id - b.file.version_id,
  );
}

function bySource(jobs: readonly Job[]): Map<string, Job[]> {
  const out = new Map<string, Job[]>();
  for (const j of jobs) out.set(j.file.source_id, [...(out.get(j.file.source_id) ?? []), j]);
  return out;
}

async function runJob(
  deps: Deps,
  job: Job,
  run: { owner: string; records: number },
  budget: LoadBudget,
  opts: RunOptions,
): Promise<JobEnd[]> {
  const lease = await LoadJob.take(deps.tables.archive, job.file, run.owner, deps.clock.now());
  if (!lease) {
    return job.consumers.map((consumer) => ({
      consumer,
      end: { status: 'busy', ms: 0, error: 'another process is loading this version' },
    }));
  }
  const ends: JobEnd[] = [];
  const active: ConsumerPlan[] = [];
  // done: checkpoint dropped, lease released; keep: checkpoint kept for the next run; lost: the
  // lease is another process's now (nothing more is written); outage: storage failed (kept).
  let state: 'done' | 'keep' | 'lost' | 'outage' = 'done';
  try {
    // Re-checked under the lease: a loader that finished since this run planned is not redone.
    for (const consumer of job.consumers) {
      const outcome = await consumer.recheck();
      if (outcome !== undefined) ends.push({ consumer, outcome });
      else active.push(consumer);
    }
    const shared = docParser(job.file.doc_id, job.file.name);
    const streamed: Feed[] = [];
    const own: ConsumerPlan[] = [];
    for (const plan of active) {
      const via = plan.open && plan.parser && shared ? recordsVia(plan.parser, shared) : undefined;
      if (via) streamed.push({ plan, via });
      else own.push(plan);
    }
    if (streamed.length) {
      const r = await parseOnce(deps, lease, shared!, streamed, run, budget, opts);
      ends.push(...r.ends);
      if (r.suspended) {
        state = 'keep';
        for (const consumer of own) ends.push({ consumer, end: { status: 'suspended', ms: 0 } });
        return ends;
      }
    }
    for (const consumer of own) ends.push({ consumer, end: await loadOwn(deps, lease, consumer) });
    return ends;
  } catch (e) {
    if (e instanceof LeaseLost) {
      state = 'lost';
      return active.map((consumer) => ({
        consumer,
        end: { status: 'busy', ms: 0, error: 'another process took over this version (the lease lapsed)' },
      }));
    }
    if (isDependencyFailure(e)) state = 'outage';
    throw e;
  } finally {
    if (state === 'outage') await lease.release().catch(() => {});
    else if (state !== 'lost') {
      if (state === 'done') await lease.discard();
      await lease.release();
    }
  }
}

interface Feed {
  plan: ConsumerPlan;
  via: (r: Located) => Located;
  active?: ActiveConsumer<unknown>;
  error?: string;
}

/** A checkpoint is resumed only by the same parser over the same bytes for the same consumers and loaders. */
function resumes(cp: Checkpoint, file: LoadFile, parser: string, feeds: readonly Feed[]): boolean {
  return (
    cp.sha256 === file.sha256 &&
    cp.parser === parser &&
    cp.consumers.length === feeds.length &&
    feeds.every((f) => cp.consumers.some((c) => c.id === f.plan.id && c.loader === f.plan.loader))
  );
}

async function parseOnce(
  deps: Deps,
  lease: LoadJob,
  parser: PublisherParser,
  feeds: Feed[],
  run: { records: number },
  budget: LoadBudget,
  opts: RunOptions,
): Promise<{ ends: JobEnd[]; suspended: boolean }> {
  const file = lease.file;
  const pid = `${parser.id}@${parser.version}`;
  let cp = lease.checkpoint;
  if (cp && !resumes(cp, file, pid, feeds)) {
    deps.logger.info('load checkpoint not resumable: starting over', { version_id: file.version_id });
    await lease.discard();
    cp = undefined;
  }
  const t0 = performance.now();
  for (const f of feeds) {
    const resume = cp?.consumers.find((c) => c.id === f.plan.id)?.state;
    try {
      f.active = await f.plan.open!({ resume, after: cp?.records ?? 0, side: lease.side(f.plan.id) });
    } catch (e) {
      if (isDependencyFailure(e)) throw e;
      f.error = messageOf(e);
    }
  }
  const key = blobKey(file.sha256);
  const total = cp?.total ?? (await deps.blobs.head(key))?.size ?? 0;
  const resumeAt = cp && parser.resumable ? cp.at : undefined;
  let skip = cp && !parser.resumable ? cp.records : 0;
  let records = cp?.records ?? 0;
  const startBytes = resumeAt?.offset ?? 0;
  const cursor: ResumePoint = resumeAt ? { ...resumeAt } : { offset: 0, line: 0, record: 0 };
  const read = { bytes: startBytes };
  const every = { ms: opts.checkpointEvery?.ms ?? CHECKPOINT_MS, records: opts.checkpointEvery?.records ?? 0 };
  const runs = (cp?.runs ?? 0) + 1;
  let saved = performance.now();
  let sinceSave = 0;
  const emit = (phase: LoadProgressEvent['phase']) =>
    opts.onProgress?.({
      file,
      phase,
      records,
      bytes: read.bytes,
      total,
      startBytes,
      elapsedMs: performance.now() - t0,
    });
  const save = async () => {
    for (const f of feeds) if (!f.error) await f.active!.flush();
    const consumers = [];
    for (const f of feeds)
      if (!f.error) consumers.push({ id: f.plan.id, loader: f.plan.loader, state: await f.active!.save() });
    const ok = await lease.save(
      {
        sha256: file.sha256,
        parser: pid,
        consumers,
        records,
        at: parser.resumable ? { ...cursor } : { offset: 0, line: 0, record: records },
        bytes: parser.resumable ? cursor.offset : read.bytes,
        total,
        runs,
        saved_at: deps.clock.now().toISOString(),
      },
      deps.clock.now(),
    );
    if (!ok) throw new LeaseLost();
    saved = performance.now();
    sinceSave = 0;
  };
  // A checkpoint at the file's end (the budget ran out on the last record) leaves nothing to read.
  const atEnd = resumeAt !== undefined && total > 0 && startBytes >= total;
  const stream = atEnd ? undefined : await deps.blobs.get(key, resumeAt ? { start: startBytes } : undefined);
  let suspended = false;
  emit('start');
  try {
    const input = stream ? counted(stream, read) : ([] as Buffer[]);
    for await (const rec of parser.parse(input, {
      fileName: file.name,
      resumeAt,
      cursor: parser.resumable ? cursor : undefined,
      openFile: openArchived(deps),
    })) {
      if (skip > 0) {
        skip--;
        continue;
      }
      for (const f of feeds) {
        if (f.error) continue;
        try {
          await f.active!.add(f.via(rec));
        } catch (e) {
          if (isDependencyFailure(e)) throw e;
          f.error = messageOf(e);
        }
      }
      if (feeds.every((f) => f.error)) break;
      records++;
      run.records++;
      sinceSave++;
      if (budget.exhausted(run.records)) {
        await save();
        suspended = true;
        break;
      }
      if (every.records && sinceSave >= every.records) await save();
      if (records % TICK === 0) {
        if (performance.now() - saved >= every.ms) await save();
        emit('read');
      }
    }
  } catch (e) {
    if (isDependencyFailure(e) || e instanceof LeaseLost) throw e;
    // The file does not parse as its layout: every consumer of it fails, and stays unloaded.
    const error = messageOf(e);
    for (const f of feeds) f.error ??= error;
  } finally {
    stream?.destroy();
  }
  emit(suspended ? 'suspended' : 'done');
  const ms = () => Math.round(performance.now() - t0);
  const ends: JobEnd[] = [];
  for (const f of feeds) {
    if (f.error) {
      ends.push({ consumer: f.plan, end: { status: 'failed', ms: ms(), error: f.error } });
      continue;
    }
    if (suspended) {
      ends.push({ consumer: f.plan, end: { status: 'suspended', ms: ms(), records } });
      continue;
    }
    try {
      await f.active!.flush();
      const result = await f.active!.finish();
      ends.push({ consumer: f.plan, end: { status: 'loaded', ms: ms(), result } });
    } catch (e) {
      if (isDependencyFailure(e)) throw e;
      ends.push({ consumer: f.plan, end: { status: 'failed', ms: ms(), error: messageOf(e) } });
    }
  }
  return { ends, suspended };
}

/** A consumer that reads the file its own way (or joins other files): one go, no checkpoint. */
async function loadOwn(deps: Deps, lease: LoadJob, plan: ConsumerPlan): Promise<ConsumerEnd<unknown>> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  try {
    if (plan.load) return { status: 'loaded', ms: ms(), result: await plan.load() };
    if (!plan.open || !plan.parser) throw new Error(`no layout reads ${lease.file.name}`);
    const active = await plan.open({ after: 0, side: lease.side(plan.id) });
    const stream = await deps.blobs.get(blobKey(lease.file.sha256));
    try {
      for await (const r of plan.parser.parse(stream, { fileName: lease.file.name, openFile: openArchived(deps) }))
        await active.add(r);
    } finally {
      stream.destroy();
    }
    await active.flush();
    return { status: 'loaded', ms: ms(), result: await active.finish() };
  } catch (e) {
    if (isDependencyFailure(e)) throw e;
    return { status: 'failed', ms: ms(), error: messageOf(e) };
  }
}

/** Another archived file's bytes by sha256 (a JSON API set's pages, named by its manifest). */
export const openArchived =
  (deps: Deps) =>
  (sha256: string): Promise<NodeJS.ReadableStream> =>
    deps.blobs.get(blobKey(sha256));

/** The stream's chunks, counting the bytes handed on. */
async function* counted(input: AsyncIterable<unknown>, read: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of input) {
    const buf = chunk as Buffer;
    read.bytes += buf.length;
    yield buf;
  }
}

export type { ByteInput };

/** Storage outages must surface (the caller retries); only a file that does not parse is a per-version failure. */
export function isDependencyFailure(e: unknown): boolean {
  return e instanceof AppError && e.status === 503;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
