import { createHmac } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { signBody } from '../../../shared/webhooks/hmac';
import { constantTimeEqual, parseVerifiedWebhook, verifyWebhook } from '../../../shared/webhooks/verify';

const secret = 'whsec_test-secret-value';
const raw = '{"event":"changes.observed","count":1,"changes":[{"title":"Caf\u00e9 \u2014 r\u00e8gle"}]}';
const independent = (body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');

describe('verifyWebhook (receiver side)', () => {
  it('accepts the signature of the exact raw bytes, as string, bytes or ArrayBuffer', async () => {
    const sig = independent(raw);
    const bytes = new TextEncoder().encode(raw);
    expect(await verifyWebhook(raw, sig, secret)).toBe(true);
    expect(await verifyWebhook(bytes, sig, secret)).toBe(true);
    expect(await verifyWebhook(bytes.buffer, sig, secret)).toBe(true);
    expect(await verifyWebhook(Buffer.from(raw), sig, secret)).toBe(true);
  });

  it('rejects a changed byte, a re-serialised body, a wrong secret and a missing header', async () => {
    const sig = independent(raw);
    expect(await verifyWebhook(raw.replace('1', '2'), sig, secret)).toBe(false);
    expect(await verifyWebhook(JSON.stringify(JSON.parse(raw), null, 1), sig, secret)).toBe(false);
    expect(await verifyWebhook(raw, sig, 'whsec_other')).toBe(false);
    expect(await verifyWebhook(raw, undefined, secret)).toBe(false);
    expect(await verifyWebhook(raw, '', secret)).toBe(false);
    expect(await verifyWebhook(raw, sig.slice(0, 63), secret)).toBe(false);
  });

  it('matches the sender: signBody and an independent HMAC agree', () => {
    expect(signBody(secret, Buffer.from(raw))).toBe(independent(Buffer.from(raw)));
    expect(signBody(secret, Buffer.from(raw))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('parses only after the check passes', async () => {
    const notJson = 'this is not json';
    await expect(parseVerifiedWebhook(notJson, 'deadbeef', secret)).rejects.toThrow(/signature mismatch/);
    await expect(parseVerifiedWebhook(raw, independent(raw), secret)).resolves.toMatchObject({ count: 1 });
  });

  it('compares in constant time over the full length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('uses only what browsers and Node share (no Node modules), so the typed client can re-export it', () => {
    const src = fs.readFileSync(path.join(__dirname, '../../../shared/webhooks/verify.ts'), 'utf8');
    expect(src).not.toMatch(/from ['"]node:|require\(|from ['"](crypto|buffer)['"]|Buffer\./);
    expect(src).toMatch(/crypto\?\.subtle/);
  });
});
