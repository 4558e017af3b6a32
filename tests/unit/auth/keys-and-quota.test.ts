import { createHash, createHmac } from 'node:crypto';
import { rateLimitHeaders } from '../../../shared/auth/ratelimit-headers';
import { constantTimeEqual, digestApiKey, generateApiKey, newKeyId } from '../../../shared/auth/secrets';
import { DAILY_ALLOWANCE, effectiveEntitlements, lowestTierWith, TIERS } from '../../../shared/auth/tiers';
import { quotaResetAt, secondsUntilReset, utcDay } from '../../../shared/auth/usage';

describe('key material', () => {
  it('generates wsk_ keys of 32 random bytes and key_ ids of 16 hex digits, all distinct', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const k of keys) {
      expect(k).toMatch(/^wsk_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(k.slice(4), 'base64url')).toHaveLength(32);
    }
    expect(new Set(keys).size).toBe(200);
    expect(newKeyId()).toMatch(/^key_[0-9a-f]{16}$/);
  });

  it('stores SHA-256 hex of the key, or HMAC-SHA256 with the pepper when one is set', () => {
    const key = 'wsk_example';
    expect(digestApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(digestApiKey(key, 'pepper-of-sixteen')).toBe(
      createHmac('sha256', 'pepper-of-sixteen').update(key).digest('hex'),
    );
    expect(digestApiKey(key, 'pepper-of-sixteen')).not.toBe(digestApiKey(key));
  });

  it('compares secrets of any length without throwing', () => {
    expect(constantTimeEqual('a'.repeat(30), 'a'.repeat(30))).toBe(true);
    expect(constantTimeEqual('a'.repeat(30), 'a'.repeat(31))).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
  });
});

describe('tiers', () => {
  it('has the specification allowances and scale between pro and enterprise', () => {
    expect(DAILY_ALLOWANCE).toEqual({
      free: 10_000,
      starter: 50_000,
      pro: 500_000,
      scale: 2_000_000,
      enterprise: 10_000_000,
    });
    const ordered = TIERS.map((t) => DAILY_ALLOWANCE[t]);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('the warrant is paid: starter and up carry it, free does not unless granted to the key', () => {
    expect(lowestTierWith('warrant')).toBe('starter');
    expect(effectiveEntitlements('free')).toEqual([]);
    expect(effectiveEntitlements('free', ['warrant'])).toEqual(['warrant']);
    expect(effectiveEntitlements('starter')).toEqual(['warrant']);
    expect(effectiveEntitlements('pro', ['unknown-thing'])).toEqual(['warrant']);
  });
});

describe('the UTC day quota window', () => {
  it.each([
    ['2025-03-15T00:00:00.000Z', '2025-03-15', '2025-03-16T00:00:00.000Z', 86_400],
    ['2025-03-15T12:00:00.000Z', '2025-03-15', '2025-03-16T00:00:00.000Z', 43_200],
    ['2025-03-15T23:59:59.000Z', '2025-03-15', '2025-03-16T00:00:00.000Z', 1],
    ['2025-03-15T23:59:59.999Z', '2025-03-15', '2025-03-16T00:00:00.000Z', 1],
    ['2024-12-31T23:00:00.500Z', '2024-12-31', '2025-01-01T00:00:00.000Z', 3600],
  ])('at %s the day is %s, the reset %s, Retry-After %i s', (at, day, reset, seconds) => {
    const d = new Date(at);
    expect(utcDay(d)).toBe(day);
    expect(quotaResetAt(d).toISOString()).toBe(reset);
    expect(secondsUntilReset(d)).toBe(seconds);
  });

  it('renders the RateLimit fields in the structured-field form of the IETF draft', () => {
    expect(rateLimitHeaders({ allowance: 500_000, used: 877, resetSeconds: 40_000 })).toEqual({
      'RateLimit-Policy': '"daily";q=500000;w=86400',
      RateLimit: '"daily";r=499123;t=40000',
    });
    expect(rateLimitHeaders({ allowance: 10, used: 12, resetSeconds: 5 }).RateLimit).toBe('"daily";r=0;t=5');
  });
});
