import { keyStoreFor } from '../../../shared/auth/access-control';
import { ensureDemoKey } from '../../../shared/auth/demo-key';
import { type Harness, startHarness } from '../../helpers/harness';

const secretIn = (lines: string[]) => lines.join('\n').match(/wsk_[A-Za-z0-9_-]{43}/)?.[0];

describe('the demo key ensured at npm start', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('generates a pro key with the warrant on first start, printed once; later starts only mention it', async () => {
    const first = await ensureDemoKey(h.deps);
    const secret = secretIn(first);
    expect(secret).toBeDefined();
    const usage = await h.request('/my-usage', { headers: { 'x-api-key': secret! } });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({
      billing_tier: 'pro',
      entitlements: ['warrant'],
      daily_allowance: 500_000,
    });

    for (let i = 0; i < 2; i++) {
      const again = await ensureDemoKey(h.deps);
      expect(secretIn(again)).toBeUndefined();
      expect(again.join('\n')).toMatch(/exists/);
    }
    const keys = await keyStoreFor(h.deps).list({ limit: 1000, offset: 0 });
    expect(keys.items.filter((k) => k.label.startsWith('demo'))).toHaveLength(1);
  });

  it('a revoked demo key is replaced by a new one at the next start', async () => {
    const store = keyStoreFor(h.deps);
    const before = (await store.list({ limit: 1000, offset: 0 })).items.find((k) => k.label.startsWith('demo'))!;
    await store.revoke(before.key_id);
    const lines = await ensureDemoKey(h.deps);
    expect(secretIn(lines)).toBeDefined();
    expect(lines.join('\n')).not.toContain(before.key_id);
  });

  it('registers DEMO_API_KEY (never printing it), idempotently', async () => {
    const demo = 'my-own-demo-key-of-at-least-24-chars';
    const h2 = await startHarness({ engines: h.engines, env: { DEMO_API_KEY: demo } });
    try {
      const first = await ensureDemoKey(h2.deps);
      const second = await ensureDemoKey(h2.deps);
      expect([...first, ...second].join('\n')).not.toContain(demo);
      expect(second).toEqual(first);
      const mine = await h2.request('/my-usage', { headers: { 'x-api-key': demo } });
      expect(await mine.json()).toMatchObject({ billing_tier: 'pro', entitlements: ['warrant'] });
      const keys = await keyStoreFor(h2.deps).list({ limit: 1000, offset: 0 });
      expect(keys.items).toHaveLength(1);
    } finally {
      await h2.close();
    }
  });
});
