import { runAccuracyCheck } from '../../shared/accuracy/check';
import { type FetchOptions, runFetch } from '../../shared/archive/fetch';
import { Archive } from '../../shared/archive/ingest';
import type { RunRecord } from '../../shared/archive/runs';
import type { Deps } from '../../shared/deps';
import { syncAll } from '../../shared/derive/sync-all';
import { BadRequestError } from '../../shared/http/errors';
import { type LoadBudget, timeBudget, UNLIMITED } from '../../shared/loads/budget';

/**
 * The EventBridge Scheduler input: one source to fetch (infra/jobs.ts fetchInput), or
 * `{ "job": "resume_loads" }` (infra/jobs.ts RESUME_LOADS_INPUT).
 */
export interface FetchEvent {
  source_id?: unknown;
  job?: unknown;
}

/**
 * Time kept back from loading: the last flush and checkpoint, the accuracy check after a load and
 * the job's own end (the fetch Lambda runs up to 15 minutes).
 */
export const LOAD_RESERVE_MS = 60_000;

export interface FetchJobOptions extends FetchOptions {
  /** The invocation's remaining time (the Lambda context's getRemainingTimeInMillis); none: no limit. */
  remainingMs?: () => number;
  /** The load's budget itself (tests); default from `remainingMs`. */
  loadBudget?: LoadBudget;
}

/**
 * The scheduled fetch of one source. A run that fails is recorded as failed and returned, not
 * thrown: the scheduler's own retries would only hammer a publisher that is down, and the next
 * scheduled run tries again. A malformed event or unknown source throws, so it shows as an
 * invocation error. Before fetching, versions a crashed writer left pending are finished (cheap
 * when there are none; delivery runs hold cursors before them). After it, the source's warrant
 * facts and catalog rows are brought up to date whether or not the run found new versions, within
 * the invocation's remaining time: a load longer than that stores a checkpoint and stops, and the
 * next invocation goes on from it (as does any sync); a load cut short by a crash or a 503, or a
 * new loaderVersion, is retried the same way, never left waiting for the publisher's next release.
 */
export async function fetchJob(deps: Deps, event: FetchEvent, opts: FetchJobOptions = {}): Promise<RunRecord> {
  if (event?.job !== undefined) throw new BadRequestError('A fetch event names a source_id and no job.');
  if (typeof event?.source_id !== 'string' || event.source_id === '') {
    throw new BadRequestError('The fetch event needs a source_id string.');
  }
  const { remainingMs, loadBudget, ...fetchOpts } = opts;
  const repaired = await (fetchOpts.archive ?? new Archive(deps)).repair();
  if (repaired) deps.logger.warn('finished pending versions', { repaired });
  const run = await runFetch(deps, event.source_id, fetchOpts);
  const budget = loadBudget ?? (remainingMs ? timeBudget(remainingMs, LOAD_RESERVE_MS) : UNLIMITED);
  const { facts, suspended, deferred } = await syncAll(deps, { sourceIds: [event.source_id], budget });
  if (suspended || deferred) {
    deps.logger.info('load continues at the next run', {
      source_id: event.source_id,
      version_id: suspended?.version_id ?? null,
      deferred,
    });
  }
  if (facts.some((o) => o.status === 'loaded')) await runAccuracyCheck(deps);
  const level = run.status === 'succeeded' ? 'info' : 'error';
  deps.logger[level]('fetch job finished', { source_id: run.source_id, run_id: run.run_id, status: run.status });
  return run;
}

/** What a resume run did. */
export interface ResumeLoadsResult {
  /** Versions whose load finished in this run (warrant facts and catalog rows). */
  loaded: number;
  /** The version cut short again (checkpoint stored), if the run's time ran out first. */
  suspended: { source_id: string; version_id: number } | null;
  /** Versions not started because the time ran out. */
  deferred: number;
}

/**
 * The scheduled resume run (infra/jobs.ts RESUME_LOADS_SCHEDULE): every load left at a checkpoint,
 * archived but not loaded, or written by an earlier loader is taken on from where it stopped,
 * within the invocation's time, for every source. Nothing is fetched. Two runs never load the same
 * version at once (the load lease, shared/loads/job.ts): the second reports it busy and moves on.
 */
export async function resumeLoadsJob(deps: Deps, opts: FetchJobOptions = {}): Promise<ResumeLoadsResult> {
  const budget = opts.loadBudget ?? (opts.remainingMs ? timeBudget(opts.remainingMs, LOAD_RESERVE_MS) : UNLIMITED);
  const { facts, catalog, suspended, deferred } = await syncAll(deps, { budget });
  if (facts.some((o) => o.status === 'loaded')) await runAccuracyCheck(deps);
  const loaded = new Set([...facts, ...catalog].filter((o) => o.status === 'loaded').map((o) => o.version_id)).size;
  const result: ResumeLoadsResult = {
    loaded,
    suspended: suspended ? { source_id: suspended.source_id, version_id: suspended.version_id } : null,
    deferred,
  };
  deps.logger.info('resume loads finished', { ...result });
  return result;
}
