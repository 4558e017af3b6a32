/**
 * Run `work` over `items` with at most `limit` in flight. Each item occupies one slot only for
 * its own duration, so a slow item delays no other item beyond the time a slot is busy. Errors
 * are the worker's to handle: a rejection is collected, never stops the pool.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        errors.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return errors;
}
