/** Spec "Limits": one delivery attempt, DNS resolution and the HTTP exchange together, has 10 seconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The reason an attempt's signal carries when its deadline passes (as opposed to any other abort). */
export class DeadlineError extends Error {
  constructor(readonly ms: number) {
    super(`deadline of ${ms} ms passed`);
    this.name = 'DeadlineError';
  }
}

export interface Deadline {
  /** Aborted, with a DeadlineError as its reason, when the deadline passes. */
  signal: AbortSignal;
  /** When it passes, on the performance.now() clock. */
  at: number;
  /** Stop the timer once the attempt is over (idempotent). */
  clear(): void;
}

/**
 * One deadline for one attempt. Every step of the attempt (the lookup, the connect, the
 * exchange) listens to the same signal, so together they can never take longer than `ms`. The
 * timer is the global setTimeout (unlike AbortSignal.timeout) so fake-timer tests can drive it.
 */
export function startDeadline(ms: number): Deadline {
  const controller = new AbortController();
  const at = performance.now() + ms;
  const timer = setTimeout(() => controller.abort(new DeadlineError(ms)), ms);
  return { signal: controller.signal, at, clear: () => clearTimeout(timer) };
}

/** True when `signal` was aborted because its deadline passed. */
export function isDeadline(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason instanceof DeadlineError;
}

/**
 * `p`, or a rejection with the signal's reason as soon as the signal aborts, whichever comes
 * first. An injected resolver that ignores the signal still cannot hold the attempt past its
 * deadline; the listener is removed when `p` settles so nothing outlives the race.
 */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
