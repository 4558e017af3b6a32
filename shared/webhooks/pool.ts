export interface PoolOptions {
  /**
   * An item still running after this long gives its slot to the next item and finishes in the
   * background (still awaited before the pool resolves), so a few slow items cannot hold every
   * slot while quick ones queue behind them. Default: never (a slot is held until the item ends).
   */
  releaseAfterMs?: number;
  /** Cap on items in flight, released ones included (default `limit`, at least `limit`). */
  maxInFlight?: number;
}

/**
 * Run `work` over `items`, in order, with at most `limit` holding a slot at once and at most
 * `maxInFlight` running at all. Errors are the worker's to handle: a rejection is collected and
 * never stops the pool. Resolves when every item has finished.
 */
export function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  opts: PoolOptions = {},
): Promise<unknown[]> {
  const slots = Math.max(1, limit);
  const cap = Math.max(slots, opts.maxInFlight ?? slots);
  const errors: unknown[] = [];
  let next = 0;
  let holding = 0;
  let inFlight = 0;
  return new Promise((resolve) => {
    const pump = () => {
      while (next < items.length && holding < slots && inFlight < cap) start(items[next++] as T);
      if (next >= items.length && inFlight === 0) resolve(errors);
    };
    const start = (item: T) => {
      holding++;
      inFlight++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        holding--;
      };
      const timer =
        opts.releaseAfterMs === undefined
          ? undefined
          : setTimeout(() => {
              release();
              pump();
            }, opts.releaseAfterMs);
      Promise.resolve()
        .then(() => work(item))
        .catch((e: unknown) => {
          errors.push(e);
        })
        .finally(() => {
          if (timer) clearTimeout(timer);
          release();
          inFlight--;
          pump();
        });
    };
    pump();
  });
}
