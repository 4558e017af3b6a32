/**
 * How long a load may go on in this run. A Lambda has its remaining time; a CLI has no limit. The
 * pipeline asks before each version and after each record; once a budget says it is exhausted the
 * load in progress stores a checkpoint after a flush and stops, and the next run resumes it.
 */
export interface LoadBudget {
  /** True once the run must stop; `records` is how many records this run has read so far. */
  exhausted(records: number): boolean;
}

export const UNLIMITED: LoadBudget = { exhausted: () => false };

/** Asks the clock every this many records (the check is cheap, but it runs per record). */
const CLOCK_EVERY = 64;

/**
 * Stop when less than `reserveMs` of the run's remaining time is left (the Lambda's
 * `context.getRemainingTimeInMillis`): the reserve covers the final flush, the checkpoint and
 * what the job still does after loading. Sticky: once exhausted, always exhausted.
 */
export function timeBudget(remainingMs: () => number, reserveMs: number): LoadBudget {
  let out = false;
  let calls = 0;
  return {
    exhausted: () => {
      if (!out && calls++ % CLOCK_EVERY === 0) out = remainingMs() <= reserveMs;
      return out;
    },
  };
}

/** Stop once this run has read `records` records (tests, and the bench's cut loads). */
export function recordBudget(records: number): LoadBudget {
  return { exhausted: (n) => n >= records };
}

/** A budget an operator can end early (Ctrl-C in `npm run archive -- load`): the load checkpoints and stops. */
export function stoppableBudget(): LoadBudget & { stop(): void; readonly stopped: boolean } {
  let stopped = false;
  return {
    exhausted: () => stopped,
    stop: () => {
      stopped = true;
    },
    get stopped() {
      return stopped;
    },
  };
}
