import { LRUCache } from 'lru-cache';

/** A read this process made (or is making), reused until `expires` (monotonic ms; Infinity while in flight). */
interface Entry<V> {
  read: Promise<V>;
  expires: number;
}

/**
 * Reads of things that change (timelines, screens over them), reused for a short TTL and
 * coalesced: concurrent callers of a key that is missing or expired share one read in flight, and
 * the keys missing at once are read in one batch. The TTL runs from when the read started, so an
 * answer is never built on data older than the TTL plus the request's own duration. `clear()`
 * (this process wrote a timeline) drops every entry, those in flight included: their callers still
 * get their result, but no later caller reuses it. A failed read is never kept. At most `max` keys
 * are kept (least recently used first out).
 */
export class TtlReads<V> {
  private readonly entries: LRUCache<string, Entry<V>>;

  constructor(
    private readonly ttlMs: number,
    max: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.entries = new LRUCache<string, Entry<V>>({ max: Math.max(1, max) });
  }

  /** The values of `keys`, reading the missing and expired ones with one call of `readMissing`. */
  async getMany(keys: readonly string[], readMissing: (keys: string[]) => Promise<Map<string, V>>): Promise<V[]> {
    if (this.ttlMs <= 0) {
      const m = await readMissing([...keys]);
      return keys.map((k) => m.get(k) as V);
    }
    const started = this.now();
    const reads = new Map<string, Promise<V>>();
    const missing: string[] = [];
    for (const k of new Set(keys)) {
      const e = this.entries.get(k);
      if (e && e.expires > started) reads.set(k, e.read);
      else missing.push(k);
    }
    if (missing.length) {
      const batch = readMissing(missing);
      for (const k of missing) {
        const entry: Entry<V> = { read: batch.then((m) => m.get(k) as V), expires: Number.POSITIVE_INFINITY };
        this.entries.set(k, entry);
        entry.read.then(
          () => {
            if (this.entries.peek(k) === entry) entry.expires = started + this.ttlMs;
          },
          () => {
            if (this.entries.peek(k) === entry) this.entries.delete(k);
          },
        );
        reads.set(k, entry.read);
      }
    }
    return Promise.all(keys.map((k) => reads.get(k)!));
  }

  /** One key's value (see getMany). */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const [v] = await this.getMany([key], async () => new Map([[key, await read()]]));
    return v as V;
  }

  /** Forget every read: the next caller of any key reads again. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
