import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchGetCoalescer } from '../../../shared/aws/batch-get';

type Req = Record<string, { Keys: { pk: string; sk: string }[] }>;

/** A document client that answers BatchGetItem from an in-memory store (records every request). */
function fakeDoc(opts: { unprocessedOnce?: boolean; failTable?: string } = {}) {
  const requests: Req[] = [];
  let unprocessed = opts.unprocessedOnce ?? false;
  const doc = {
    async send(cmd: { input: { RequestItems: Req } }) {
      const req = cmd.input.RequestItems;
      requests.push(req);
      if (opts.failTable && req[opts.failTable]) throw new Error(`${opts.failTable} is down`);
      const Responses: Record<string, unknown[]> = {};
      const UnprocessedKeys: Req = {};
      for (const [table, { Keys }] of Object.entries(req)) {
        const seen = new Set<string>();
        for (const k of Keys) {
          const id = `${k.pk}|${k.sk}`;
          if (seen.has(id)) throw new Error('Provided list of item keys contains duplicates');
          seen.add(id);
        }
        let keys = Keys;
        if (unprocessed && keys.length > 1) {
          UnprocessedKeys[table] = { Keys: keys.slice(1) };
          keys = keys.slice(0, 1);
        }
        // Items exist for every key whose pk does not start with "none".
        Responses[table] = keys.filter((k) => !k.pk.startsWith('none')).map((k) => ({ ...k, table }));
      }
      unprocessed = false;
      return { Responses, UnprocessedKeys };
    },
  };
  return { doc: doc as unknown as DynamoDBDocumentClient, requests };
}

const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ pk: `${prefix}${i}`, sk: 's' }));

describe('batch reads coalesced across tables (BatchGetCoalescer)', () => {
  it('reads started in the same turn on two tables go in one request, each caller getting its own items', async () => {
    const { doc, requests } = fakeDoc();
    const c = new BatchGetCoalescer(doc);
    const [a, b] = await Promise.all([c.get('facts', keys('a', 3)), c.get('catalog', keys('b', 2))]);
    expect(requests).toHaveLength(1);
    expect(Object.keys(requests[0]!).sort()).toEqual(['catalog', 'facts']);
    expect(a.map((i) => i.pk).sort()).toEqual(['a0', 'a1', 'a2']);
    expect(b.map((i) => [i.pk, i.table])).toEqual(
      expect.arrayContaining([
        ['b0', 'catalog'],
        ['b1', 'catalog'],
      ]),
    );
    expect(b).toHaveLength(2);
  });

  it('a key asked by two callers is requested once and handed to both; missing items are left out', async () => {
    const { doc, requests } = fakeDoc();
    const c = new BatchGetCoalescer(doc);
    const shared = { pk: 'x', sk: 's' };
    const [a, b] = await Promise.all([
      c.get('t', [shared, { pk: 'none1', sk: 's' }]),
      c.get('t', [shared, { pk: 'y', sk: 's' }]),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.t!.Keys).toHaveLength(3);
    expect(a.map((i) => i.pk)).toEqual(['x']);
    expect(b.map((i) => i.pk).sort()).toEqual(['x', 'y']);
  });

  it('splits at 100 keys per request and retries unprocessed keys', async () => {
    const { doc, requests } = fakeDoc({ unprocessedOnce: true });
    const c = new BatchGetCoalescer(doc);
    const items = await c.get('t', keys('k', 250));
    expect(items).toHaveLength(250);
    const sizes = requests.map((r) => r.t!.Keys.length);
    // Three chunks (100, 100, 50); the first answered request left all but one key unprocessed.
    expect(sizes.filter((s) => s === 100 || s === 50).length).toBeGreaterThanOrEqual(2);
    expect(sizes.reduce((n, s) => n + s, 0)).toBeGreaterThan(250);
  });

  it('reads started in a later turn go in their own request', async () => {
    const { doc, requests } = fakeDoc();
    const c = new BatchGetCoalescer(doc);
    await c.get('t', keys('a', 1));
    await c.get('t', keys('b', 1));
    expect(requests).toHaveLength(2);
  });

  it('a failed request fails the reads whose keys it carried, and only those', async () => {
    const { doc } = fakeDoc({ failTable: 'down' });
    const c = new BatchGetCoalescer(doc);
    const big = keys('u', 150); // two chunks: the first shares a request with the failing table
    const results = await Promise.allSettled([c.get('down', keys('d', 1)), c.get('up', big)]);
    expect(results[0]).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: 'down is down' }),
    });
    // The up-table read had a key in the failing request: it fails too, never a partial answer.
    expect(results[1]!.status).toBe('rejected');
    const alone = await new BatchGetCoalescer(fakeDoc({ failTable: 'down' }).doc).get('up', keys('u', 5));
    expect(alone).toHaveLength(5);
  });

  it('an empty read costs no request', async () => {
    const { doc, requests } = fakeDoc();
    expect(await new BatchGetCoalescer(doc).get('t', [])).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});
