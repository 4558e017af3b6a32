/**
 * Bulk writes split into batches (DynamoDB's BatchWriteItem takes 25 items) with a bounded number
 * of batches in flight, and the items a batch leaves unprocessed (throttling, size limits) sent
 * again after an exponential backoff with jitter. No SDK here: `send` is the one call that talks
 * to the store, so the scheduling is tested against a fake as well as against dynalite.
 * (A dozen lines of worker pool rather than p-limit: its maintained majors are ESM-only, this
 * project is CommonJS, and the pool needs failure semantics of its own: nothing new is started
 * after a failure, and the calls in flight are awaited before it is reported.)
 */
export interface BatchWriteOptions {
  /** Items per call (DynamoDB: at most 25). */
  size: number;
  /** Calls in flight at once. */
  concurrency: number;
  /** Calls per batch before giving up on items still unprocessed (the first one included). */
  maxAttempts?: number;
  /** Delay before the n-th retry (n from 0); default: 25 ms doubling up to 1 s, with full jitter. */
  backoffMs?: (retry: number) => number;
  /** For tests: how to wait (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** Full jitter over a capped exponential: retries of parallel batches do not come back in step. */
export function jitteredBackoff(retry: number): number {
  return Math.random() * Math.min(1000, 25 * 2 ** retry);
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Write every item: `send` writes one batch and returns the items it did not process (empty when
 * all were written). Items are handed out in order; at most `concurrency` calls run at once, and
 * memory beyond `items` is those calls' batches. Rejects with the first failure (the calls in
 * flight are awaited first, none is started after it), or when a batch still has unprocessed
 * items after `maxAttempts` calls.
 */
export async function writeInBatches<T>(
  items: readonly T[],
  send: (batch: T[]) => Promise<readonly T[]>,
  opts: BatchWriteOptions,
): Promise<void> {
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = opts.backoffMs ?? jitteredBackoff;
  const sleep = opts.sleep ?? wait;
  let next = 0;
  let failed = false;
  let failure: unknown;
  const writeBatch = async (batch: T[]) => {
    let pending: readonly T[] = batch;
    for (let attempt = 1; ; attempt++) {
      pending = await send([...pending]);
      if (pending.length === 0) return;
      if (attempt >= maxAttempts) {
        throw new Error(`${pending.length} item(s) still unprocessed after ${attempt} batch writes`);
      }
      await sleep(backoff(attempt - 1));
    }
  };
  const worker = async () => {
    while (!failed && next < items.length) {
      const batch = items.slice(next, next + opts.size);
      next += batch.length;
      try {
        await writeBatch(batch);
      } catch (e) {
        if (!failed) failure = e;
        failed = true;
      }
    }
  };
  const lanes = Math.max(1, Math.min(opts.concurrency, Math.ceil(items.length / opts.size)));
  await Promise.all(Array.from({ length: lanes }, worker));
  if (failed) throw failure;
}
