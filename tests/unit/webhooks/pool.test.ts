import { forEachLimited } from '../../../shared/webhooks/pool';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('bounded concurrency', () => {
  it('never exceeds the limit and a slow item holds only its own slot', async () => {
    let inFlight = 0;
    let peak = 0;
    const finished: Record<string, number> = {};
    const started = Date.now();
    const items = ['slow', ...Array.from({ length: 9 }, (_, i) => `fast${i}`)];
    await forEachLimited(items, 3, async (item) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await sleep(item === 'slow' ? 300 : 20);
      inFlight--;
      finished[item] = Date.now() - started;
    });
    expect(peak).toBe(3);
    // 9 fast items over the 2 free lanes: ~5 rounds of 20 ms, all before the slow one ends.
    for (let i = 0; i < 9; i++) expect(finished[`fast${i}`]).toBeLessThan(finished.slow as number);
    expect(finished.slow).toBeGreaterThanOrEqual(290);
  });

  it('collects errors without stopping the other items', async () => {
    const done: number[] = [];
    const errors = await forEachLimited([1, 2, 3, 4], 2, async (n) => {
      if (n === 2) throw new Error('boom');
      done.push(n);
    });
    expect(errors).toHaveLength(1);
    expect(done.sort()).toEqual([1, 3, 4]);
  });

  it('a slow item gives up its slot after releaseAfterMs, within the in-flight cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const finished: Record<string, number> = {};
    const started = Date.now();
    // Two slots, four slow items first: without release every fast item would wait 300 ms.
    const items = ['slow0', 'slow1', 'slow2', 'slow3', ...Array.from({ length: 6 }, (_, i) => `fast${i}`)];
    const errors = await forEachLimited(
      items,
      2,
      async (item) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep(item.startsWith('slow') ? 300 : 10);
        inFlight--;
        finished[item] = Date.now() - started;
      },
      { releaseAfterMs: 30, maxInFlight: 5 },
    );
    expect(errors).toEqual([]);
    expect(Object.keys(finished)).toHaveLength(items.length);
    expect(peak).toBeLessThanOrEqual(5);
    expect(peak).toBeGreaterThan(2);
    // Every fast item ends before the first slow one: slow ones stopped blocking slots after 30 ms.
    const firstSlow = Math.min(...[0, 1, 2, 3].map((i) => finished[`slow${i}`] as number));
    for (let i = 0; i < 6; i++) expect(finished[`fast${i}`]).toBeLessThan(firstSlow);
  });

  it('resolves at once for no items and waits for released items before resolving', async () => {
    expect(await forEachLimited([], 4, async () => {})).toEqual([]);
    let done = 0;
    await forEachLimited(
      [1, 2, 3],
      1,
      async () => {
        await sleep(50);
        done++;
      },
      { releaseAfterMs: 5, maxInFlight: 3 },
    );
    expect(done).toBe(3);
  });
});
