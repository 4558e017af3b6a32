import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Item, Key } from '../storage/table';

/** DynamoDB's limit of keys per BatchGetItem request. */
const MAX_KEYS = 100;

interface Waiter {
  keys: string[];
  pending: number;
  failed: boolean;
  resolve(items: Item[]): void;
  reject(e: unknown): void;
}

/**
 * Coalesces the batch reads (Table.getMany) that callers start in the same turn of the event loop,
 * on any tables of one DynamoDB client, into as few BatchGetItem requests as the 100-key limit
 * allows. A warrant starts its facts timeline read and its exclusion screen's catalog timeline
 * read together, and the screen its lookups by NPI and by name together: each pair becomes one
 * request instead of two (bench/suites/warrant.ts counts requests per warrant; issue 16 asks ≤ 8).
 *
 * The reads are flushed on `setImmediate`, after every promise continuation of the current turn,
 * so callers that await nothing else meet in one request; the cost is one event-loop turn per
 * batch read. A key asked by several callers is requested once (BatchGetItem refuses duplicates)
 * and handed to each. Unprocessed keys are retried with backoff, as a single getMany did. A
 * request that fails fails the reads whose keys it carried, and only those.
 */
export class BatchGetCoalescer {
  private queue: { table: string; keys: Key[]; waiter: Waiter }[] = [];
  private scheduled = false;

  constructor(private readonly doc: DynamoDBDocumentClient) {}

  get(table: string, keys: readonly Key[]): Promise<Item[]> {
    if (!keys.length) return Promise.resolve([]);
    return new Promise<Item[]>((resolve, reject) => {
      const ids = keys.map((k) => id(table, k.pk, k.sk));
      this.queue.push({ table, keys: [...keys], waiter: { keys: ids, pending: 0, failed: false, resolve, reject } });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const queued = this.queue;
    this.queue = [];
    this.scheduled = false;
    // One entry per distinct (table, key), with every read that wants it.
    const wanted = new Map<string, { table: string; key: Key; waiters: Set<Waiter> }>();
    for (const q of queued) {
      q.keys.forEach((key, i) => {
        const k = q.waiter.keys[i]!;
        const entry = wanted.get(k) ?? { table: q.table, key: { pk: key.pk, sk: key.sk }, waiters: new Set() };
        entry.waiters.add(q.waiter);
        wanted.set(k, entry);
      });
    }
    const entries = [...wanted.values()];
    const chunks: (typeof entries)[] = [];
    for (let i = 0; i < entries.length; i += MAX_KEYS) chunks.push(entries.slice(i, i + MAX_KEYS));
    for (const chunk of chunks) {
      for (const w of new Set(chunk.flatMap((e) => [...e.waiters]))) w.pending++;
    }
    const found = new Map<string, Item>();
    const settle = (w: Waiter) => {
      if (w.failed || --w.pending > 0) return;
      const out: Item[] = [];
      for (const k of new Set(w.keys)) {
        const item = found.get(k);
        if (item) out.push(item);
      }
      w.resolve(out);
    };
    await Promise.all(
      chunks.map(async (chunk) => {
        const waiters = new Set(chunk.flatMap((e) => [...e.waiters]));
        try {
          for (const [k, item] of await this.send(chunk)) found.set(k, item);
        } catch (e) {
          for (const w of waiters) {
            if (!w.failed) {
              w.failed = true;
              w.reject(e);
            }
          }
          return;
        }
        for (const w of waiters) settle(w);
      }),
    );
  }

  /** One BatchGetItem over several tables, its unprocessed keys retried: found items by id. */
  private async send(chunk: { table: string; key: Key }[]): Promise<[string, Item][]> {
    const out: [string, Item][] = [];
    let pending: Record<string, { Keys: Key[] }> = {};
    for (const e of chunk) {
      const keys = pending[e.table] ?? { Keys: [] };
      keys.Keys.push(e.key);
      pending[e.table] = keys;
    }
    for (let attempt = 0; Object.keys(pending).length; attempt++) {
      if (attempt > 0) await backoff(attempt - 1);
      const res = await this.doc.send(new BatchGetCommand({ RequestItems: pending }));
      for (const [table, items] of Object.entries(res.Responses ?? {})) {
        for (const item of items as Item[]) out.push([id(table, String(item.pk), String(item.sk)), item]);
      }
      const next: Record<string, { Keys: Key[] }> = {};
      for (const [table, v] of Object.entries(res.UnprocessedKeys ?? {})) {
        if (v.Keys?.length) next[table] = { Keys: v.Keys as Key[] };
      }
      pending = next;
    }
    return out;
  }
}

const id = (table: string, pk: string, sk: string) => `${table}\u0000${pk}\u0000${sk}`;

function backoff(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
}
