import { TtlReads } from '../../../shared/warrant/ttl-reads';

/** A read whose completion the test controls. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlReads (the warrant timeline and screen caches)', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('reads the missing keys in one batch and reuses them until the TTL', async () => {
    const c = new TtlReads<string>(1_000, 100, clock);
    const calls: string[][] = [];
    const read = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((k) => [k, `${k}@${now}`]));
    };
    expect(await c.getMany(['a', 'b'], read)).toEqual(['a@1000', 'b@1000']);
    now += 999;
    expect(await c.getMany(['b', 'c', 'a'], read)).toEqual(['b@1000', 'c@1999', 'a@1000']);
    expect(calls).toEqual([['a', 'b'], ['c']]);
    now += 1; // 1 000 ms after the first read started: a and b expire, c does not
    expect(await c.getMany(['a', 'b', 'c'], read)).toEqual(['a@2000', 'b@2000', 'c@1999']);
    expect(calls).toEqual([['a', 'b'], ['c'], ['a', 'b']]);
  });

  it('keeps a key the read did not find as undefined (absent, not re-read)', async () => {
    const c = new TtlReads<string | undefined>(1_000, 100, clock);
    let reads = 0;
    const read = async () => {
      reads++;
      return new Map<string, string | undefined>();
    };
    expect(await c.getMany(['x'], read)).toEqual([undefined]);
    expect(await c.getMany(['x'], read)).toEqual([undefined]);
    expect(reads).toBe(1);
  });

  it('shares one read in flight among concurrent callers of a cold key', async () => {
    const c = new TtlReads<number>(1_000, 100, clock);
    const d = deferred<Map<string, number>>();
    let reads = 0;
    const read = () => {
      reads++;
      return d.promise;
    };
    const all = Promise.all(Array.from({ length: 50 }, () => c.getMany(['k'], read)));
    d.resolve(new Map([['k', 7]]));
    expect((await all).flat()).toEqual(Array(50).fill(7));
    expect(reads).toBe(1);
  });

  it('clear() drops entries in flight: their callers get the value, later callers read again', async () => {
    const c = new TtlReads<string>(1_000, 100, clock);
    const first = deferred<Map<string, string>>();
    const firstCall = c.getMany(['k'], () => first.promise);
    c.clear(); // this process wrote a timeline while the read was in flight
    const second = c.getMany(['k'], async () => new Map([['k', 'new']]));
    first.resolve(new Map([['k', 'old']]));
    expect(await firstCall).toEqual(['old']);
    expect(await second).toEqual(['new']);
    expect(await c.getMany(['k'], async () => new Map([['k', 'unexpected']]))).toEqual(['new']);
  });

  it('never keeps a failed read', async () => {
    const c = new TtlReads<string>(1_000, 100, clock);
    await expect(c.getMany(['k'], async () => Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
    expect(await c.getMany(['k'], async () => new Map([['k', 'ok']]))).toEqual(['ok']);
  });

  it('with TTL 0 reads every time', async () => {
    const c = new TtlReads<number>(0, 100, clock);
    let reads = 0;
    const read = async (keys: string[]) => new Map(keys.map((k) => [k, ++reads]));
    await c.getMany(['k'], read);
    expect(await c.getMany(['k'], read)).toEqual([2]);
    expect(c.size).toBe(0);
  });

  it('keeps at most `max` keys, least recently used out first', async () => {
    const c = new TtlReads<string>(60_000, 3, clock);
    const read = async (keys: string[]) => new Map(keys.map((k) => [k, k]));
    for (const k of ['a', 'b', 'c', 'd', 'e']) await c.get(k, async () => k);
    expect(c.size).toBe(3);
    let reads = 0;
    await c.getMany(['a'], async (keys) => {
      reads++;
      return read(keys);
    });
    expect(reads).toBe(1); // evicted, read again
    await c.getMany(['e'], async (keys) => {
      reads++;
      return read(keys);
    });
    expect(reads).toBe(1); // still held
  });
});
