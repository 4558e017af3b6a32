import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';

describe('GET /my-usage', () => {
  let h: Harness;
  let key: TestKey;
  const now = new Date('2025-03-15T18:00:00.000Z');
  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => now } });
    key = await createTestKey(h.deps, { tier: 'starter' });
    const id = key.record.key_id;
    const day = (date: string, count: number) => ({ pk: `USAGE#${id}`, sk: date, key_id: id, count });
    await h.deps.tables.keys.putMany([
      day('2025-02-13', 999), // 30 days back: outside the window
      day('2025-02-14', 7), // the window's first day
      day('2025-03-01', 1234),
      day('2025-03-15', 40),
      day('2025-03-16', 5), // tomorrow (clock skew elsewhere): outside
    ]);
  });
  afterAll(() => h.close());

  it('answers JSON: tier as billing_tier, today against the allowance, the reset, and 30 days', async () => {
    const res = await h.request('/my-usage', { headers: key.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({
      key_id: key.record.key_id,
      billing_tier: 'starter',
      entitlements: ['warrant'],
      daily_allowance: 50_000,
      today: { date: '2025-03-15', count: 40, remaining: 49_960 },
      quota_reset_at: '2025-03-16T00:00:00Z',
      reset_in_seconds: 6 * 3600,
    });
    expect(body.last_30_days).toHaveLength(30);
    expect(body.last_30_days[0]).toEqual({ date: '2025-02-14', count: 7 });
    expect(body.last_30_days[29]).toEqual({ date: '2025-03-15', count: 40 });
    expect(body.last_30_days.find((d: { date: string }) => d.date === '2025-03-01').count).toBe(1234);
    expect(body.last_30_days.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(7 + 1234 + 40);
    // Reading usage spent nothing; the headers show the same remaining allowance.
    expect(res.headers.get('ratelimit')).toBe('"daily";r=49960;t=21600');
    expect((await (await h.request('/my-usage', { headers: key.headers })).json()).today.count).toBe(40);
  });

  it.each([
    ['an Accept header preferring HTML', '/my-usage', 'text/html,application/xhtml+xml,*/*;q=0.8'],
    ['format=html', '/my-usage?format=html', 'application/json'],
  ])('serves the HTML dashboard with an inline SVG chart of 30 days for %s', async (_, path, accept) => {
    const res = await h.request(path, { headers: { ...key.headers, accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<svg id="usage-chart"');
    expect(html.match(/<rect x=/g)).toHaveLength(30);
    expect(html).toContain('2025-03-01: 1234');
    expect(html).toContain('starter');
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).not.toContain(key.secret);
  });

  it('format=json wins over a browser Accept header; a bad format is a 400 naming it; no key is a 401', async () => {
    const json = await h.request('/my-usage?format=json', { headers: { ...key.headers, accept: 'text/html' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const bad = await h.request('/my-usage?format=xml', { headers: key.headers });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].loc).toEqual(['query', 'format']);
    expect((await h.request('/my-usage')).status).toBe(401);
  });
});
