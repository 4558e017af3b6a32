import '../../shared/datasets/install';
import { buildDeps } from '../../shared/aws/deps';
import { loadConfig } from '../../shared/config';
import { type FetchEvent, fetchJob, resumeLoadsJob } from './job';

const deps = buildDeps(loadConfig());

/**
 * The fetch Lambda's two scheduled runs. `{ "source_id": "<id>" }`: fetch one source, then load what
 * it archived. `{ "job": "resume_loads" }` (every 15 minutes): go on with loads a run left at a
 * checkpoint. Either load stops before the invocation's time runs out and goes on at the next run.
 */
export const handler = (event: FetchEvent, context?: { getRemainingTimeInMillis?: () => number }) => {
  const remainingMs = context?.getRemainingTimeInMillis?.bind(context);
  return event?.job === 'resume_loads' ? resumeLoadsJob(deps, { remainingMs }) : fetchJob(deps, event, { remainingMs });
};
