import { writeInBatches } from '../../../shared/storage/batch-write';

/** A fake store: records every call, can leave items unprocessed or fail, and counts calls in flight. */
function fakeStore(opts: { unprocessed?: (call: number, batch: number[]) => number[]; failOn?: number } = {}) {
  const written: number[] = [];
  const calls: number[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (batch: number[]) => {
    const call = calls.length;
    calls.push(batch);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      // Let the other lanes start before this call ends (a real round trip).
      await new Promise((r) => setImmediate(r));
      if (opts.failOn === call) throw new Error(`call ${call} failed`);
      const left = opts.unprocessed?.(call, batch) ?? [];
      written.push(...batch.filter((i) => !left.includes(i)));
      return left;
    } finally {
      inFlight--;
    }
  };
  return { send, written, calls, maxInFlight: () => maxInFlight };
}

const noWait = { sleep: async () => {} };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('writeInBatches', () => {
  it('writes every item exactly once, in batches of the given size', async () => {
    const store = fakeStore();
    await writeInBatches(range(1003), store.send, { size: 25, concurrency: 8, ...noWait });
    expect(store.written.sort((a, b) => a - b)).toEqual(range(1003));
    expect(store.calls).toHaveLength(41);
    expect(store.calls.every((c) => c.length <= 25)).toBe(true);
  });

  it('keeps at most `concurrency` calls in flight, and does use them', async () => {
    const store = fakeStore();
    await writeInBatches(range(500), store.send, { size: 25, concurrency: 4, ...noWait });
    expect(store.maxInFlight()).toBe(4);
    const one = fakeStore();
    await writeInBatches(range(500), one.send, { size: 25, concurrency: 1, ...noWait });
    expect(one.maxInFlight()).toBe(1);
  });

  it('sends unprocessed items again after a growing backoff until they are written', async () => {
    // Every batch leaves its first two items unprocessed on its first two calls.
    const seen = new Map<number, number>();
    const store = fakeStore({
      unprocessed: (_call, batch) => {
        const n = (seen.get(batch[0]!) ?? 0) + 1;
        seen.set(batch[0]!, n);
        return n <= 2 ? batch.slice(0, 2) : [];
      },
    });
    const waits: number[] = [];
    await writeInBatches(range(100), store.send, {
      size: 25,
      concurrency: 3,
      backoffMs: (retry) => 10 * 2 ** retry,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(store.written.sort((a, b) => a - b)).toEqual(range(100));
    // Each of the 4 batches: the full call, then its two unprocessed items twice.
    expect(store.calls).toHaveLength(12);
    expect(store.calls.filter((c) => c.length === 2)).toHaveLength(8);
    expect(waits.sort((a, b) => a - b)).toEqual([10, 10, 10, 10, 20, 20, 20, 20]);
  });

  it('gives up on items still unprocessed after maxAttempts calls', async () => {
    const store = fakeStore({ unprocessed: (_call, batch) => batch.slice(0, 1) });
    await expect(
      writeInBatches(range(10), store.send, { size: 25, concurrency: 2, maxAttempts: 3, ...noWait }),
    ).rejects.toThrow(/1 item\(s\) still unprocessed after 3 batch writes/);
    expect(store.calls).toHaveLength(3);
  });

  it('rejects with the first failure and starts no batch after it', async () => {
    const store = fakeStore({ failOn: 2 });
    await expect(writeInBatches(range(1000), store.send, { size: 25, concurrency: 2, ...noWait })).rejects.toThrow(
      'call 2 failed',
    );
    // Calls 0-2 and at most the one that was in flight beside the failing call.
    expect(store.calls.length).toBeLessThanOrEqual(4);
  });

  it('makes no call for no items', async () => {
    const store = fakeStore();
    await writeInBatches([], store.send, { size: 25, concurrency: 8, ...noWait });
    expect(store.calls).toHaveLength(0);
  });
});
