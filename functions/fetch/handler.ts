import '../../shared/datasets/install';
import { buildDeps } from '../../shared/aws/deps';
import { loadConfig } from '../../shared/config';
import { type FetchEvent, fetchJob } from './job';

const deps = buildDeps(loadConfig());

/**
 * Scheduled fetch of one source: EventBridge Scheduler passes `{ "source_id": "<id>" }`. The load
 * after the fetch stops before the invocation's time runs out and goes on at the next one.
 */
export const handler = (event: FetchEvent, context?: { getRemainingTimeInMillis?: () => number }) =>
  fetchJob(deps, event, { remainingMs: context?.getRemainingTimeInMillis?.bind(context) });
