import type { Cadence, ScheduledSource } from './manifest';

/**
 * The Lambdas that are not behind the HTTP API. Each is bundled like a group
 * (functions/<job>/handler.ts -> dist/lambda/<job>/index.js) and fired by EventBridge Scheduler.
 */
export const JOBS = ['delivery', 'fetch'] as const;
export type JobName = (typeof JOBS)[number];

/** The spec's webhook run: once daily at 14:00 UTC. */
export const DELIVERY_SCHEDULE = { expression: 'cron(0 14 * * ? *)', timeZone: 'UTC' } as const;

/**
 * The delivery job's event: the time the scheduler meant to fire (Scheduler substitutes the
 * context attribute), so a late or retried invocation still knows which run it is.
 */
export const DELIVERY_INPUT = { job: 'delivery', scheduled_time: '<aws.scheduler.scheduled-time>' } as const;

/** The fetch job's event: which source to fetch. */
export function fetchInput(sourceId: string): { source_id: string } {
  return { source_id: sourceId };
}

/**
 * How often the fetch job looks for loads left at a checkpoint (a file too large for one
 * invocation): the run after a cut goes on from the checkpoint within minutes instead of waiting
 * for the source's next scheduled check (a quarterly source is checked weekly). A run with nothing
 * to resume reads the load markers and ends.
 */
export const RESUME_LOADS_SCHEDULE = 'rate(15 minutes)';

/** The fetch job's event for that run (functions/fetch/job.ts resumeLoadsJob). */
export const RESUME_LOADS_INPUT = { job: 'resume_loads' } as const;

/**
 * How often a source is checked, by its declared publishing cadence. The cadence says how often
 * the publisher publishes, not how often we look: checks are conditional requests (ETag,
 * Last-Modified), so checking more often than the publisher publishes is cheap and keeps
 * freshness well inside the stale thresholds (daily 2 days ... annual 400 days). Daily and
 * less frequent checks run at 12:xx UTC so a change reaches the 14:00 UTC webhook run the same day.
 */
const CHECKS: Readonly<Record<Cadence, (minute: number) => string>> = {
  daily: (m) => `cron(${m} 0/6 * * ? *)`,
  weekly: (m) => `cron(${m} 12 * * ? *)`,
  monthly: (m) => `cron(${m} 12 * * ? *)`,
  quarterly: (m) => `cron(${m} 12 ? * MON *)`,
  annual: (m) => `cron(${m} 12 ? * MON *)`,
};

/**
 * The schedule expression for one source. The minute is derived from the source id (stable when
 * other sources are added) and kept below 50 so 12:xx checks finish well before 14:00.
 */
export function fetchScheduleFor(source: ScheduledSource): string {
  let h = 0;
  for (const ch of source.source_id) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return CHECKS[source.cadence](h % 50);
}
