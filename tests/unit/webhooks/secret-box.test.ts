import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../../shared/subscriptions/secret-box';

const key = randomBytes(32).toString('base64url');

describe('signing secret at rest', () => {
  it('seals with AES-256-GCM bound to the subscription id', () => {
    const sealed = sealSecret('whsec_abc', 7, key);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret(sealed, 7, key)).toBe('whsec_abc');
    expect(() => openSecret(sealed, 8, key)).toThrow();
    expect(() => openSecret(sealed, 7, randomBytes(32).toString('base64url'))).toThrow();
    expect(() => openSecret(sealed, 7, undefined)).toThrow(/WEBHOOK_SECRET_KEY/);
  });

  it('stores it marked as plain when no key is configured, and still opens it after a key is added', () => {
    const stored = sealSecret('whsec_abc', 7);
    expect(stored).toBe('plain.whsec_abc');
    expect(openSecret(stored, 7, key)).toBe('whsec_abc');
  });
});
