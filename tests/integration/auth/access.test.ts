import { createRoute, z } from '@hono/zod-openapi';
import { buildApp } from '../../../shared/app/build';
import { keyStoreFor } from '../../../shared/auth/access-control';
import type { Deps } from '../../../shared/deps';
import { createRouter, type RouteGroup } from '../../../shared/http/app';
import { createLogger } from '../../../shared/log';
import type { Table } from '../../../shared/storage/table';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';

/**
 * Routes that exist only here: one on the warrant's path (entitlement level), one on a path the
 * policy does not list (key level by default), and the public signing-key path.
 */
const probe: RouteGroup = {
  name: 'probe',
  description: 'test only',
  build() {
    const r = createRouter();
    const ok = z.object({ ok: z.boolean(), key_id: z.string().nullable() });
    for (const path of ['/rules/warrant', '/t/catalog', '/rules/warrant/signing-key']) {
      r.openapi(
        createRoute({
          method: 'get',
          path,
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: ok } } } },
        }),
        (c) => c.json({ ok: true, key_id: c.get('principal')?.keyId ?? null }, 200),
      );
    }
    return r;
  },
};

/** A Table that counts reads, to show missing and unknown keys cost the same work. */
function counting(table: Table): { table: Table; gets: () => number } {
  let n = 0;
  const wrapped = Object.create(table) as Table;
  wrapped.get = (key, opts) => {
    n++;
    return table.get(key, opts);
  };
  return { table: wrapped, gets: () => n };
}

describe('access control on every route', () => {
  let h: Harness;
  let now = new Date('2025-03-15T12:00:00.000Z');
  let app: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => now } });
    app = buildApp([probe], h.deps);
  });
  afterAll(() => h.close());

  const get = async (path: string, key?: string, headers: Record<string, string> = {}): Promise<Response> =>
    app.request(path, { headers: key === undefined ? headers : { ...headers, 'x-api-key': key } });

  it('missing key: 401 problem naming the header', async () => {
    const res = await get('/t/catalog');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('www-authenticate')).toContain('X-API-Key');
    expect((await res.json()).detail).toMatch(/X-API-Key/);
  });

  it('unknown and revoked keys: 401 problems; a valid key passes and becomes the principal', async () => {
    expect((await get('/t/catalog', 'wsk_not-a-real-key')).status).toBe(401);
    const k = await createTestKey(h.deps, { tier: 'free' });
    const ok = await get('/t/catalog', k.secret);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, key_id: k.record.key_id });
    await keyStoreFor(h.deps).revoke(k.record.key_id);
    const res = await get('/t/catalog', k.secret);
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toMatch(/unknown or revoked/);
  });

  it('missing and unknown keys do the same work: one digest and one table read each', async () => {
    const c = counting(h.deps.tables.keys);
    const deps: Deps = { ...h.deps, tables: { ...h.deps.tables, keys: c.table } };
    const counted = buildApp([probe], deps);
    const reads = async (headers: Record<string, string>) => {
      const before = c.gets();
      expect((await counted.request('/t/catalog', { headers })).status).toBe(401);
      return c.gets() - before;
    };
    expect(await reads({})).toBe(1);
    expect(await reads({ 'x-api-key': 'wsk_unknown' })).toBe(1);
    expect(await reads({ 'x-api-key': '' })).toBe(1);

    // And the wall-clock cost is alike: interleaved samples, medians within a wide factor.
    const samples: Record<'missing' | 'unknown', number[]> = { missing: [], unknown: [] };
    for (let i = 0; i < 40; i++) {
      for (const kind of ['missing', 'unknown'] as const) {
        const t = performance.now();
        await counted.request('/t/catalog', { headers: kind === 'missing' ? {} : { 'x-api-key': `wsk_${i}` } });
        samples[kind].push(performance.now() - t);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const ratio = median(samples.missing) / median(samples.unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('a free key gets 403 on the warrant path naming the tier it needs; starter, and a granted free key, pass', async () => {
    const free = await createTestKey(h.deps, { tier: 'free' });
    const res = await get('/rules/warrant', free.secret);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 403,
      required_entitlement: 'warrant',
      required_tier: 'starter',
      billing_tier: 'free',
      pricing_url: 'http://localhost:8787/pricing',
    });
    expect(body.detail).toMatch(/starter tier/);
    expect(res.headers.get('ratelimit')).toBeNull();
    const starter = await createTestKey(h.deps, { tier: 'starter' });
    expect((await get('/rules/warrant', starter.secret)).status).toBe(200);
    const trial = await createTestKey(h.deps, { tier: 'free', entitlements: ['warrant'] });
    expect((await get('/rules/warrant', trial.secret)).status).toBe(200);
    // The 403 spent nothing.
    const usage = await h.request('/my-usage', { headers: free.headers });
    expect((await usage.json()).today.count).toBe(0);
  });

  it('public routes answer without a key, ignore a bad one, and carry no quota headers', async () => {
    for (const key of [undefined, 'wsk_garbage']) {
      const res = await get('/rules/warrant/signing-key', key);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, key_id: null });
      expect(res.headers.get('ratelimit')).toBeNull();
    }
    expect((await h.request('/health')).status).toBe(200);
  });

  it('an unknown path is a 404, not a 401; a CORS preflight passes without a key', async () => {
    expect((await get('/no/such/thing')).status).toBe(404);
    const pre = await app.request('/t/catalog', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('authenticated answers carry RateLimit-Policy and RateLimit (IETF draft form), exposed to browsers', async () => {
    const k = await createTestKey(h.deps, { tier: 'pro' });
    const first = await get('/t/catalog', k.secret, { origin: 'https://example.org' });
    expect(first.headers.get('ratelimit-policy')).toBe('"daily";q=500000;w=86400');
    expect(first.headers.get('ratelimit')).toBe('"daily";r=499999;t=43200');
    const exposed = (first.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const name of ['ratelimit', 'ratelimit-policy', 'retry-after', 'x-service-quota-reset']) {
      expect(exposed).toContain(name);
    }
    const second = await get('/t/catalog', k.secret);
    expect(second.headers.get('ratelimit')).toBe('"daily";r=499998;t=43200');
  });

  it('over the allowance: 429 problem with Retry-After, the reset time and the quota fields; reset at UTC midnight', async () => {
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 3 });
    for (let i = 0; i < 3; i++) expect((await get('/t/catalog', k.secret)).status).toBe(200);
    now = new Date('2025-03-15T23:59:30.000Z');
    const res = await get('/t/catalog', k.secret);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('x-service-quota-reset')).toBe('2025-03-16T00:00:00Z');
    expect(res.headers.get('ratelimit')).toBe('"daily";r=0;t=30');
    expect(res.headers.get('ratelimit-policy')).toBe('"daily";q=3;w=86400');
    const body = await res.json();
    expect(body).toMatchObject({
      status: 429,
      billing_tier: 'free',
      daily_allowance: 3,
      used: 3,
      quota_reset_at: '2025-03-16T00:00:00Z',
      retry_after_seconds: 30,
      'violated-policies': ['daily'],
    });
    // Reading one's usage spends nothing and still answers after the 429.
    const usage = await h.request('/my-usage', { headers: k.headers });
    expect(usage.status).toBe(200);
    expect((await usage.json()).today).toEqual({ date: '2025-03-15', count: 3, remaining: 0 });
    now = new Date('2025-03-16T00:00:00.000Z');
    const next = await get('/t/catalog', k.secret);
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit')).toBe('"daily";r=2;t=86400');
    now = new Date('2025-03-15T12:00:00.000Z');
  });

  it('200 concurrent requests at the edge of a quota (allowance 100, 90 used): exactly 10 succeed', async () => {
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 100 });
    await h.deps.tables.keys.put({
      pk: `USAGE#${k.record.key_id}`,
      sk: '2025-03-15',
      key_id: k.record.key_id,
      count: 90,
    });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => get('/t/catalog', k.secret).then((r) => r.status)),
    );
    const ms = performance.now() - started;
    const ok = statuses.filter((s) => s === 200).length;
    expect(ok).toBe(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    const item = await h.deps.tables.keys.get(
      { pk: `USAGE#${k.record.key_id}`, sk: '2025-03-15' },
      { consistent: true },
    );
    expect(item?.count).toBe(100);
    expect(ms).toBeGreaterThan(0);
  });

  it('never writes the key to the logs, accepted, refused or failing', async () => {
    const lines: string[] = [];
    const deps: Deps = { ...h.deps, logger: createLogger('debug', {}, (l) => lines.push(l)) };
    const logged = buildApp([probe], deps);
    const k = await createTestKey(h.deps, { tier: 'free' });
    for (const path of ['/t/catalog', '/rules/warrant', '/no/such']) {
      await logged.request(path, { headers: { 'x-api-key': k.secret } });
    }
    await logged.request('/t/catalog', { headers: { 'x-api-key': 'wsk_wrong-secret-value' } });
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const all = lines.join('\n');
    expect(all).not.toContain(k.secret);
    expect(all).not.toContain('wsk_wrong-secret-value');
    expect(all).toContain(k.record.key_id);
  });
});
