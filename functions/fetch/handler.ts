import '../../shared/datasets/install';
import { buildDeps } from '../../shared/aws/deps';
import { loadConfig } from '../../shared/config';
import { type FetchEvent, fetchJob } from './job';

const deps = buildDeps(loadConfig());

/** Scheduled fetch of one source: EventBridge Scheduler passes `{ "source_id": "<id>" }`. */
export const handler = (event: FetchEvent) => fetchJob(deps, event);
