import { runAccuracyCheck } from '../../shared/accuracy/check';
import { type FetchOptions, runFetch } from '../../shared/archive/fetch';
import { Archive } from '../../shared/archive/ingest';
import type { RunRecord } from '../../shared/archive/runs';
import type { Deps } from '../../shared/deps';
import { syncAll } from '../../shared/derive/sync-all';
import { BadRequestError } from '../../shared/http/errors';

/** The EventBridge Scheduler input for one source (infra/jobs.ts fetchInput). */
export interface FetchEvent {
  source_id?: unknown;
}

/**
 * The scheduled fetch of one source. A run that fails is recorded as failed and returned, not
 * thrown: the scheduler's own retries would only hammer a publisher that is down, and the next
 * scheduled run tries again. A malformed event or unknown source throws, so it shows as an
 * invocation error. Before fetching, versions a crashed writer left pending are finished (cheap
 * when there are none; delivery runs hold cursors before them). After it, the source's warrant
 * facts and catalog rows are brought up to date whether or not the run found new versions: a load
 * cut short earlier (a timeout, a 503) or a new loaderVersion is retried by the next run, never
 * left waiting for the publisher's next release.
 */
export async function fetchJob(deps: Deps, event: FetchEvent, opts: FetchOptions = {}): Promise<RunRecord> {
  if (typeof event?.source_id !== 'string' || event.source_id === '') {
    throw new BadRequestError('The fetch event needs a source_id string.');
  }
  const repaired = await (opts.archive ?? new Archive(deps)).repair();
  if (repaired) deps.logger.warn('finished pending versions', { repaired });
  const run = await runFetch(deps, event.source_id, opts);
  const { facts } = await syncAll(deps, { sourceIds: [event.source_id] });
  if (facts.some((o) => o.status === 'loaded')) await runAccuracyCheck(deps);
  const level = run.status === 'succeeded' ? 'info' : 'error';
  deps.logger[level]('fetch job finished', { source_id: run.source_id, run_id: run.run_id, status: run.status });
  return run;
}
