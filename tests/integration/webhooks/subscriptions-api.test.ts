import { randomBytes } from 'node:crypto';
import { createSubscriptionsGroup } from '../../../functions/subscriptions/routes';
import { subKey } from '../../../shared/subscriptions/model';
import { hashToken } from '../../../shared/subscriptions/store';
import { staticResolver } from '../../../shared/webhooks/resolver';
import { type Harness, startHarness } from '../../helpers/harness';
import { change, manualClock, seedChanges, testApp } from './fixtures';

const resolver = staticResolver({
  'hooks.example.com': ['93.184.215.14'],
  'internal.example.com': ['93.184.215.14', '192.168.1.20'],
});

describe('subscriptions API', () => {
  let h: Harness;
  let app: ReturnType<typeof testApp>;
  const clock = manualClock('2025-06-10T12:00:00Z');
  const secretKey = randomBytes(32).toString('base64url');

  const call = (path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key !== null) headers.set('x-test-key', init.key ?? 'key-alice');
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return app.request(path, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  };
  const register = (json: unknown, key?: string | null) => call('/v1/subscriptions', { json, key });

  beforeAll(async () => {
    h = await startHarness({ clock, env: { WEBHOOK_SECRET_KEY: secretKey } });
    app = testApp(h.deps, [createSubscriptionsGroup({ resolver })]);
    await seedChanges(h.deps.tables.archive, [change(5, '2025-06-01T00:00:00Z'), change(9, '2025-06-09T00:00:00Z')]);
  });
  afterAll(() => h.close());

  it('registers: integer id, secret and token shown once, cursor at the feed head', async () => {
    const res = await register({
      channel: 'webhook',
      webhook_url: 'https://hooks.example.com/in',
      codes: ['e0601', 'E0601', '99213'],
      source_ids: ['cms_ncci_mue'],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Number.isInteger(body.subscription_id)).toBe(true);
    expect(body.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(body.unsubscribe_token).toMatch(/^unsub_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      codes: ['E0601', '99213'],
      source_ids: ['cms_ncci_mue'],
      cursor: 9,
      status: 'active',
    });

    // Never shown again, never stored in clear; the token only as its hash.
    const again = await (await call(`/v1/subscriptions/${body.subscription_id}`)).json();
    expect(JSON.stringify(again)).not.toContain(body.signing_secret);
    expect(again).not.toHaveProperty('signing_secret');
    const list = await (await call('/v1/subscriptions')).json();
    expect(JSON.stringify(list)).not.toContain(body.signing_secret);
    const stored = await h.deps.tables.subscriptions.get(subKey(body.subscription_id));
    expect(JSON.stringify(stored)).not.toContain(body.signing_secret);
    expect(JSON.stringify(stored)).not.toContain(body.unsubscribe_token);
    expect(stored?.sealed_secret).toMatch(/^v1\./);
    const tokenItem = await h.deps.tables.subscriptions.get({
      pk: `UNSUB#${hashToken(body.unsubscribe_token)}`,
      sk: 'TOKEN',
    });
    expect(tokenItem?.subscription_id).toBe(body.subscription_id);
  });

  it('hands out distinct increasing ids', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await (await register({ channel: 'webhook', webhook_url: 'https://hooks.example.com/x' })).json())
          .subscription_id,
      );
    }
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it.each([
    ['http://hooks.example.com/'],
    ['https://u:p@hooks.example.com/'],
    ['https://internal.example.com/'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://2130706433/'],
    ['https://0x7f.1/'],
    ['https://[::ffff:10.0.0.1]/'],
    ['https://[fd00::1]/'],
    ['https://hooks.example.com:8443/'],
    ['https://hooks.example.com:80/'],
  ])('refuses %s with a 400 naming webhook_url', async (url) => {
    const res = await register({ channel: 'webhook', webhook_url: url });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const p = await res.json();
    expect(p.errors.map((e: { loc: string[] }) => e.loc.join('.'))).toEqual(['body.webhook_url']);
  });

  it('names the port rule and does not echo what a name resolved to', async () => {
    const port = await (await register({ channel: 'webhook', webhook_url: 'https://hooks.example.com:8443/' })).json();
    expect(port.errors[0]).toMatchObject({
      type: 'unsafe_url',
      msg: expect.stringMatching(/port 8443 is not allowed/),
    });
    const internal = await (
      await register({ channel: 'webhook', webhook_url: 'https://internal.example.com/' })
    ).json();
    expect(JSON.stringify(internal)).not.toContain('192.168.1.20');
  });

  it('validates the other fields, naming each', async () => {
    const bad = async (json: unknown) =>
      (await (await register(json)).json()).errors.map((e: { loc: unknown[] }) => e.loc.join('.'));
    expect(await bad({ channel: 'email', webhook_url: 'https://hooks.example.com/' })).toEqual(['body.channel']);
    expect(
      await bad({ channel: 'webhook', webhook_url: 'https://hooks.example.com/', codes: ['E0601', 'XYZ'] }),
    ).toEqual(['body.codes.1']);
    expect(
      await bad({ channel: 'webhook', webhook_url: 'https://hooks.example.com/', source_ids: ['no_such_source'] }),
    ).toEqual(['body.source_ids.0']);
    expect(await bad({ channel: 'webhook' })).toEqual(['body.webhook_url']);
  });

  it('needs a principal (401 without one)', async () => {
    const res = await register({ channel: 'webhook', webhook_url: 'https://hooks.example.com/' }, null);
    expect(res.status).toBe(401);
    expect((await call('/v1/subscriptions/1', { key: null })).status).toBe(401);
  });

  it('hides a subscription from other keys (404), and 404s unknown ids and 400s bad ones', async () => {
    const { subscription_id: id } = await (
      await register({ channel: 'webhook', webhook_url: 'https://hooks.example.com/' })
    ).json();
    expect((await call(`/v1/subscriptions/${id}`)).status).toBe(200);
    expect((await call(`/v1/subscriptions/${id}`, { key: 'key-mallory' })).status).toBe(404);
    expect((await call(`/v1/subscriptions/${id}/deliveries`, { key: 'key-mallory' })).status).toBe(404);
    const redeliver = await call(`/v1/subscriptions/${id}/redeliver`, {
      key: 'key-mallory',
      json: { from: '2025-06-01', to: '2025-06-10' },
    });
    expect(redeliver.status).toBe(404);
    expect((await call('/v1/subscriptions/999999')).status).toBe(404);
    expect((await call('/v1/subscriptions/abc')).status).toBe(400);
    const mine = await (await call('/v1/subscriptions', { key: 'key-mallory' })).json();
    expect(mine.items).toEqual([]);
  });

  it('unsubscribes by token; the second call answers the same; an unknown token is 404', async () => {
    const reg = await (await register({ channel: 'webhook', webhook_url: 'https://hooks.example.com/' })).json();
    const path = `/v1/subscriptions/unsubscribe?token=${reg.unsubscribe_token}`;
    const first = await call(path, { method: 'POST' });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ subscription_id: reg.subscription_id, status: 'unsubscribed' });
    clock.set('2025-06-10T13:00:00Z');
    const second = await call(path, { method: 'POST' });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(firstBody);
    clock.set('2025-06-10T12:00:00Z');
    const unknown = await call(`/v1/subscriptions/unsubscribe?token=unsub_${'A'.repeat(43)}`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect((await call('/v1/subscriptions/unsubscribe', { method: 'POST' })).status).toBe(400);
    const view = await (await call(`/v1/subscriptions/${reg.subscription_id}`)).json();
    expect(view.status).toBe('unsubscribed');
  });
});
