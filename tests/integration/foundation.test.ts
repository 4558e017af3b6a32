import { createRoute, z } from '@hono/zod-openapi';
import { buildApp } from '../../shared/app/build';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { PageQuery, pageTable } from '../../shared/http/paging';
import { problemResponses } from '../../shared/http/schemas';
import { type Harness, startHarness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';

/** A group that exists only in this test, to drive the shared error and paging machinery. */
const probeGroup: RouteGroup = {
  name: 'probe',
  description: 'test only',
  build(deps) {
    const r = createRouter();
    r.openapi(
      createRoute({
        method: 'get',
        path: '/t/items',
        request: { query: PageQuery.extend({ n: z.coerce.number().int().min(1) }) },
        responses: { 200: { description: 'ok' }, ...problemResponses(400) },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const page = await pageTable(deps.tables.catalog, 'ITEMS', q, (i) => i.n as number);
        return c.json(page, 200);
      },
    );
    r.get('/t/boom', () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    return r;
  },
};

describe('foundation: errors, paging, health', () => {
  let h: Harness;
  let app: ReturnType<typeof buildApp>;
  let key: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    app = buildApp([probeGroup], h.deps);
    key = (await createTestKey(h.deps)).headers;
  });
  afterAll(() => h.close());

  it('a malformed query value is a 400 problem naming the parameter', async () => {
    const res = await app.request('/t/items?n=1&limit=abc', { headers: key });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = await res.json();
    expect(body).toMatchObject({ status: 400, title: 'Invalid request parameters', instance: '/t/items' });
    expect(body.type).toMatch(/\/problems\/invalid-parameters$/);
    expect(body.request_id).toEqual(expect.any(String));
    expect(body.errors).toEqual([expect.objectContaining({ loc: ['query', 'limit'] })]);
    expect(body.detail).toContain("'limit'");
  });

  it('a missing required parameter is a 400 problem naming it; several are listed together', async () => {
    const res = await app.request('/t/items?limit=5000', { headers: key });
    expect(res.status).toBe(400);
    const body = await res.json();
    const locs = body.errors.map((e: { loc: string[] }) => e.loc.join('.'));
    expect(locs.sort()).toEqual(['query.limit', 'query.n']);
  });

  it('an unknown path is a 404 problem', async () => {
    const res = await app.request('/no/such/path');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toContain('/no/such/path');
  });

  it('an internal error is a bare 500 with a request id and no stack or message', async () => {
    const res = await app.request('/t/boom', { headers: { ...key, 'x-request-id': 'trace-42' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('.js:');
    expect(JSON.parse(text)).toMatchObject({ status: 500, request_id: 'trace-42' });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
  });

  it('pages through 1,234 stored items in pages of 100, each exactly once', async () => {
    const items = Array.from({ length: 1234 }, (_, n) => ({ pk: 'ITEMS', sk: String(n).padStart(6, '0'), n }));
    await h.deps.tables.catalog.putMany(items);
    const seen: number[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const res = await app.request(`/t/items?n=1&limit=100&offset=${offset}&include_total=true`, {
        headers: key,
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { items: number[]; next_offset: number | null; total: number };
      expect(page.total).toBe(1234);
      seen.push(...page.items);
      offset = page.next_offset;
      pages++;
    }
    expect(pages).toBe(13);
    expect(seen).toHaveLength(1234);
    expect(new Set(seen).size).toBe(1234);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('GET /health answers without I/O; /health/deep probes and turns 503 naming S3 when S3 stops', async () => {
    expect((await h.request('/health')).status).toBe(200);
    const ok = await h.request('/health/deep');
    expect(ok.status).toBe(200);
    expect((await ok.json()).probes.map((p: { name: string }) => p.name)).toEqual(['dynamodb', 's3']);
    await h.engines.stopS3();
    const res = await h.request('/health/deep');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.failing).toEqual(['s3']);
    expect((await h.request('/health')).status).toBe(200);
  });
});
