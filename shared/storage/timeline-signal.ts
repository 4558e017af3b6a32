import type { Table } from './table';

/**
 * In-process news that a timeline item (warrant facts or catalog) was written through a Table:
 * readers that cache timelines (shared/warrant/cache.ts) drop them at once, so what this process
 * archives or loads is visible to its next answer. Other processes' writes are not seen here; those
 * readers bound their staleness with a short TTL instead.
 */
type Listener = () => void;

const listeners = new WeakMap<Table, Set<Listener>>();

/** Call `fn` after every timeline write through `table` in this process; returns the unsubscribe. */
export function onTimelineWrite(table: Table, fn: Listener): () => void {
  let set = listeners.get(table);
  if (!set) {
    set = new Set();
    listeners.set(table, set);
  }
  set.add(fn);
  return () => set.delete(fn);
}

/** Tell this process's timeline readers of `table` that a timeline item changed. */
export function timelineWritten(table: Table): void {
  for (const fn of listeners.get(table) ?? []) fn();
}
