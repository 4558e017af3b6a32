import { createLogger } from '../../shared/log';

describe('logger', () => {
  it('writes one JSON line per event and redacts secret-looking fields', () => {
    const lines: string[] = [];
    const log = createLogger('info', { svc: 'x' }, (l) => lines.push(l)).child({ request_id: 'r1' });
    log.debug('hidden');
    log.info('hello', { api_key: 'sk_live_123', nested: { webhookSecret: 's3cr3t', ok: 1 } });
    expect(lines).toHaveLength(1);
    const rec = JSON.parse(lines[0]!);
    expect(rec).toMatchObject({ level: 'info', msg: 'hello', svc: 'x', request_id: 'r1' });
    expect(rec.api_key).toBe('[redacted]');
    expect(rec.nested.webhookSecret).toBe('[redacted]');
    expect(rec.nested.ok).toBe(1);
    expect(lines[0]).not.toContain('sk_live_123');
  });
});
