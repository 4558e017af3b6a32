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
});
