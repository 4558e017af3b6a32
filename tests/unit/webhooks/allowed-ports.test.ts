import { ConfigError, parseConfig } from '../../../shared/config';
import { deliverChanges } from '../../../shared/webhooks/deliver';
import type { Resolver } from '../../../shared/webhooks/resolver';
import { checkWebhookUrl } from '../../../shared/webhooks/url-safety';

describe('WEBHOOK_ALLOWED_PORTS', () => {
  it('defaults to 443 only', () => {
    expect(parseConfig({}).webhooks.allowedPorts).toEqual([443]);
  });

  it('reads a comma-separated list of ports', () => {
    expect(parseConfig({ WEBHOOK_ALLOWED_PORTS: '443,8443' }).webhooks.allowedPorts).toEqual([443, 8443]);
    expect(parseConfig({ WEBHOOK_ALLOWED_PORTS: '8443, 443, 8443' }).webhooks.allowedPorts).toEqual([8443, 443]);
    expect(parseConfig({ WEBHOOK_ALLOWED_PORTS: '1,65535' }).webhooks.allowedPorts).toEqual([1, 65535]);
  });

  it.each([
    '',
    ' ',
    '0',
    '65536',
    '99999',
    'https',
    '0x1bb',
    '443;8443',
    '443,',
    ',443',
    '-1',
    '+443',
    '1e3',
    '443.0',
    '4 43',
  ])('refuses %j naming the variable', (value) => {
    expect(() => parseConfig({ WEBHOOK_ALLOWED_PORTS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ WEBHOOK_ALLOWED_PORTS: value })).toThrow(/WEBHOOK_ALLOWED_PORTS/);
  });
});

describe('the port rule', () => {
  const asked: string[] = [];
  const resolver: Resolver = async (h) => {
    asked.push(h);
    return ['93.184.215.14'];
  };
  beforeEach(() => {
    asked.length = 0;
  });

  it('refuses another port before asking DNS, and accepts it once the operator allows it', async () => {
    const r = await checkWebhookUrl('https://hooks.example.com:8443/x', resolver, { allowedPorts: [443] });
    expect(r.ok ? 'accepted' : r.refusal).toBe('port');
    expect(asked).toEqual([]);
    const wider = await checkWebhookUrl('https://hooks.example.com:8443/x', resolver, { allowedPorts: [443, 8443] });
    expect(wider.ok && wider.target.port).toBe(8443);
    // Allowing other ports does not allow the default one implicitly.
    const only = await checkWebhookUrl('https://hooks.example.com/x', resolver, { allowedPorts: [8443] });
    expect(only.ok ? 'accepted' : only.refusal).toBe('port');
  });

  it('is checked again at delivery: a port no longer allowed is refused as blocked_url, nothing connects', async () => {
    const connects: string[] = [];
    const result = await deliverChanges({ id: 1, webhook_url: 'https://hooks.example.com:8443/x', secret: 's' }, [], {
      resolver,
      now: () => new Date(),
      allowedPorts: [443],
      transport: {
        timeoutMs: 1_000,
        connectOverride: (a, p) => {
          connects.push(`${a}:${p}`);
          return { host: '127.0.0.1', port: 9 };
        },
      },
    });
    expect(result).toMatchObject({ ok: false, status: null, failure: 'blocked_url' });
    expect(asked).toEqual([]);
    expect(connects).toEqual([]);
  });
});
