import { createRoute, z } from '@hono/zod-openapi';
import { buildApp } from '../../shared/app/build';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { MAX_OFFSET, PageQuery, pageTable } from '../../shared/http/paging';
import { problemResponses } from '../../shared/http/schemas';
import type { Table } from '../../shared/storage/table';
import { type Harness, startHarness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';

/**
 * Table paging by cursor over real DynamoDB semantics (dynalite through the real SDK adapter):
 * a table partition with a filter, and an index partition read newest first.
 */
const probeGroup: RouteGroup = {
  name: 'paging-probe',
  description: 'test only',
  build(deps) {
    const r = createRouter();
    const route = (path: string, query: z.ZodObject) =>
      createRoute({
        method: 'get',
        path,
        request: { query },
        responses: { 200: { description: 'ok' }, ...problemResponses(400) },
      });
    r.openapi(route('/t/rows', PageQuery.extend({ kind: z.enum(['a', 'b']).optional() })), async (c) => {
      const { kind, ...p } = c.req.valid('query') as z.infer<typeof PageQuery> & { kind?: 'a' | 'b' };
      const page = await pageTable(deps.tables.catalog, 'ROWS', p, (i) => String(i.sk), {
        filter: kind ? { kind } : undefined,
      });
      return c.json(page, 200);
    });
    r.openapi(route('/t/newest', PageQuery), async (c) => {
      const p = c.req.valid('query') as z.infer<typeof PageQuery>;
      const page = await pageTable(deps.tables.catalog, 'NEWEST', p, (i) => String(i.gsi1sk), {
        index: 'gsi1',
        descending: true,
      });
      return c.json(page, 200);
    });
    return r;
  },
};

interface Body {
  items: string[];
  offset: number | null;
  next_offset: number | null;
  next: string | null;
  total: number | null;
}

const row = (n: number, kind: 'a' | 'b' = n % 2 ? 'b' : 'a') => ({
  pk: 'ROWS',
  sk: `r${String(n).padStart(4, '0')}`,
  kind,
});

describe('paging by cursor (pageTable over DynamoDB)', () => {
  let h: Harness;
  let app: ReturnType<typeof buildApp>;
  let key: Record<string, string>;
  let table: Table;
  const get = async (url: string) => {
    const res = await app.request(url, { headers: key });
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Body & Problem };
  };
  interface Problem {
    errors?: { loc: string[]; msg: string; type: string }[];
  }

  beforeAll(async () => {
    h = await startHarness();
    app = buildApp([probeGroup], h.deps);
    key = (await createTestKey(h.deps)).headers;
    table = h.deps.tables.catalog;
    // Even numbers only, so rows can be added between those already listed.
    await table.putMany(Array.from({ length: 35 }, (_, i) => row(i * 2)));
  });
  afterAll(() => h.close());

  it('walks more than two pages by cursor while rows are added, never repeating or skipping', async () => {
    const before = Array.from({ length: 35 }, (_, i) => row(i * 2).sk);
    const seen: string[] = [];
    let url = '/t/rows?limit=10';
    let pages = 0;
    let added = 0;
    for (;;) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.total).toBeNull();
      expect(body.items.length).toBeLessThanOrEqual(10);
      if (pages > 0) expect(body).toMatchObject({ offset: null, next_offset: null });
      seen.push(...body.items);
      pages++;
      if (!body.next) break;
      // Between pages: a row behind the reader (not shown: already passed) and one ahead (shown).
      const last = Number(body.items[body.items.length - 1]!.slice(1));
      await table.put(row(last - 1));
      await table.put(row(last + 3));
      added++;
      url = `/t/rows?limit=10&cursor=${encodeURIComponent(body.next)}`;
    }
    expect(pages).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort());
    for (const sk of before) expect(seen).toContain(sk);
    // Every row added ahead of the reader was listed; none added behind it was.
    expect(seen.length).toBe(before.length + added);
  });

  it('pages an index partition newest first by cursor', async () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      pk: `N#${i}`,
      sk: 'N',
      gsi1pk: 'NEWEST',
      gsi1sk: `2026-01-${String(i + 1).padStart(2, '0')}`,
    }));
    await table.putMany(items);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: Body } = await get(
        `/t/newest?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...body.items);
      cursor = body.next;
    } while (cursor);
    expect(seen).toEqual(items.map((i) => i.gsi1sk).reverse());
  });

  it('counts the total only when asked', async () => {
    const plain = await get('/t/rows?limit=5');
    expect(plain.body).toMatchObject({ total: null, offset: 0, next_offset: 5 });
    expect(plain.body.next).toEqual(expect.any(String));
    const counted = await get('/t/rows?limit=5&include_total=true');
    expect(counted.body.total).toBe((await table.queryAll('ROWS')).length);
    expect((await get('/t/rows?limit=5&include_total=false')).body.total).toBeNull();
    const bad = await get('/t/rows?include_total=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.loc).toEqual(['query', 'include_total']);
  });

  it('caps offset with a 400 naming offset that points to cursor; offset and cursor together are a 400', async () => {
    const deep = await get(`/t/rows?offset=${MAX_OFFSET + 1}`);
    expect(deep.status).toBe(400);
    expect(deep.type).toBe('application/problem+json');
    expect(deep.body.errors).toEqual([expect.objectContaining({ loc: ['query', 'offset'] })]);
    expect(deep.body.errors?.[0]?.msg).toContain('cursor');
    expect((await get(`/t/rows?offset=${MAX_OFFSET}`)).status).toBe(200);
    const { body } = await get('/t/rows?limit=3');
    const both = await get(`/t/rows?limit=3&offset=3&cursor=${body.next}`);
    expect(both.status).toBe(400);
    expect(both.body.errors?.[0]?.loc).toEqual(['query', 'offset']);
  });

  it('refuses garbage, tampered and foreign cursors with a 400 naming cursor, never a 500', async () => {
    const { body } = await get('/t/rows?limit=3&kind=a');
    const token = body.next!;
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'garbage',
      '!!!',
      encode({ ...decoded, k: { ...decoded.k, pk: 'KEYS' } }),
      encode({ ...decoded, k: { pk: 'ROWS' } }),
      encode({ ...decoded, k: { ...decoded.k, sk: 5 } }),
      encode({ ...decoded, k: { ...decoded.k, extra: 'x' } }),
      encode({ ...decoded, k: 'ROWS' }),
      token.slice(0, -4),
    ];
    for (const cursor of bad) {
      const res = await get(`/t/rows?limit=3&kind=a&cursor=${encodeURIComponent(cursor)}`);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
      expect(res.type).toBe('application/problem+json');
      expect(res.body.errors?.[0]?.loc).toEqual(['query', 'cursor']);
    }
    // The same cursor with other filters, or on another list, belongs to another list.
    for (const url of ['/t/rows?limit=3&kind=b', '/t/rows?limit=3', '/t/newest?limit=3']) {
      const res = await get(`${url}&cursor=${token}`);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'stale_cursor' });
    }
    // The untouched cursor still works.
    expect((await get(`/t/rows?limit=3&kind=a&cursor=${token}`)).status).toBe(200);
  });
});
