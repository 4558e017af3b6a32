import { type Harness, startHarness } from '../../helpers/harness';

const ADMIN = 'admin-key-for-tests-0123456789abcdef';
// biome-ignore lint/suspicious/noExplicitAny: response bodies
type Json = any;

describe('admin key routes (hidden, ADMIN_API_KEY)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_API_KEY: ADMIN } });
  });
  afterAll(() => h.close());

  const admin = (path: string, init: RequestInit = {}, key: string | null = ADMIN) =>
    h.request(path, {
      ...init,
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}), ...init.headers },
    });

  it('refuses callers without the admin key: 401 for none, a wrong one, or a customer key', async () => {
    expect((await admin('/admin/keys', {}, null)).status).toBe(401);
    expect((await admin('/admin/keys', {}, `${ADMIN}x`)).status).toBe(401);
    const created = await (
      await admin('/admin/keys', { method: 'POST', body: JSON.stringify({ tier: 'enterprise', label: 'c' }) })
    ).json();
    const res = await admin('/admin/keys', {}, created.api_key);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('creates a key whose secret is shown once and works at once; lists without secrets; revokes it', async () => {
    const res = await admin('/admin/keys', {
      method: 'POST',
      body: JSON.stringify({ tier: 'starter', label: 'Acme prod' }),
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      tier: 'starter',
      label: 'Acme prod',
      entitlements: ['warrant'],
      daily_allowance: 50_000,
      allowance_override: null,
      revoked_at: null,
    });
    expect(created.api_key).toMatch(/^wsk_[A-Za-z0-9_-]{43}$/);
    expect(created.key_id).toMatch(/^key_[0-9a-f]{16}$/);
    const use = await h.request('/my-usage', { headers: { 'x-api-key': created.api_key } });
    expect(use.status).toBe(200);
    expect((await use.json()).billing_tier).toBe('starter');

    const list = await admin('/admin/keys?limit=1000');
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.api_key);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(JSON.parse(text).items.map((k: { key_id: string }) => k.key_id)).toContain(created.key_id);

    const one = await admin(`/admin/keys/${created.key_id}`);
    expect(await one.json()).toMatchObject({ key_id: created.key_id, revoked_at: null });

    const revoked = await admin(`/admin/keys/${created.key_id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const first = (await revoked.json()).revoked_at;
    expect(first).toEqual(expect.any(String));
    const again = await admin(`/admin/keys/${created.key_id}`, { method: 'DELETE' });
    expect((await again.json()).revoked_at).toBe(first);
    expect((await h.request('/my-usage', { headers: { 'x-api-key': created.api_key } })).status).toBe(401);
  });

  it('pages keys by cursor, in creation order, with cursors that carry no key digest', async () => {
    for (let i = 0; i < 5; i++) {
      await admin('/admin/keys', { method: 'POST', body: JSON.stringify({ tier: 'free', label: `page ${i}` }) });
    }
    const every = (await (await admin('/admin/keys?limit=1000&include_total=true')).json()) as Json;
    expect(every.total).toBe(every.items.length);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Json = await (await admin(`/admin/keys?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((k: Json) => k.key_id));
      cursor = page.next;
      if (cursor) expect(Buffer.from(cursor, 'base64url').toString('utf8')).not.toMatch(/KEY#|[0-9a-f]{64}/);
    }
    expect(seen).toEqual(every.items.map((k: Json) => k.key_id));
    const bad = await admin('/admin/keys?limit=2&cursor=e30');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].loc).toEqual(['query', 'cursor']);
  });

  it('sets and clears a per-key allowance (custom contracts)', async () => {
    const created = await (
      await admin('/admin/keys', {
        method: 'POST',
        body: JSON.stringify({ tier: 'free', label: 'small', daily_allowance: 5 }),
      })
    ).json();
    expect(created.daily_allowance).toBe(5);
    const patched = await admin(`/admin/keys/${created.key_id}`, {
      method: 'PATCH',
      body: JSON.stringify({ daily_allowance: 7 }),
    });
    expect(await patched.json()).toMatchObject({ daily_allowance: 7, allowance_override: 7 });
    const usage = await h.request('/my-usage', { headers: { 'x-api-key': created.api_key } });
    expect((await usage.json()).daily_allowance).toBe(7);
    const cleared = await admin(`/admin/keys/${created.key_id}`, {
      method: 'PATCH',
      body: JSON.stringify({ daily_allowance: null }),
    });
    expect(await cleared.json()).toMatchObject({ daily_allowance: 10_000, allowance_override: null });
  });

  it('bad input is a 400 naming the field; an unknown key id is a 404', async () => {
    const bad = await admin('/admin/keys', { method: 'POST', body: JSON.stringify({ tier: 'platinum', label: '' }) });
    expect(bad.status).toBe(400);
    const locs = (await bad.json()).errors.map((e: { loc: string[] }) => e.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.tier', 'body.label']));
    expect((await admin('/admin/keys/not-an-id', { method: 'DELETE' })).status).toBe(400);
    expect((await admin('/admin/keys/key_0000000000000000', { method: 'DELETE' })).status).toBe(404);
  });

  it('does not exist when no ADMIN_API_KEY is configured: 404 like any unknown path', async () => {
    const plain = await startHarness({ engines: h.engines });
    try {
      const res = await plain.request('/admin/keys', { headers: { 'x-api-key': ADMIN } });
      expect(res.status).toBe(404);
      expect((await res.json()).title).toBe('Not found');
    } finally {
      await plain.close();
    }
  });
});
