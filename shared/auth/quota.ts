import { TooManyRequestsError } from '../http/errors';
import type { KeyRecord } from './key-store';
import { POLICY_NAME, type QuotaState, rateLimitHeaders } from './ratelimit-headers';
import { quotaResetAt, secondsUntilReset, type UsageMeter } from './usage';

export interface Metered {
  quota: QuotaState;
  headers: Record<string, string>;
}

/** An instant as ISO 8601 UTC without milliseconds (the reset is always a whole second). */
export function isoSeconds(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Spend one request of the key's daily allowance, or throw 429 with Retry-After (seconds to the next
 * UTC midnight), X-Service-Quota-Reset (that instant) and the RateLimit fields. With `spend` false
 * the allowance is only read (for /my-usage), never spent.
 */
export async function meter(usage: UsageMeter, key: KeyRecord, at: Date, spend: boolean): Promise<Metered> {
  const allowance = key.daily_allowance;
  const resetSeconds = secondsUntilReset(at);
  let used: number;
  if (spend) {
    const r = await usage.consume(key.key_id, allowance, at);
    if (!r.allowed) throw quotaExceeded(key, { allowance, used: r.used, resetSeconds }, at);
    used = r.used;
  } else {
    used = await usage.today(key.key_id, at);
  }
  const quota = { allowance, used, resetSeconds };
  return { quota, headers: rateLimitHeaders(quota) };
}

function quotaExceeded(key: KeyRecord, quota: QuotaState, at: Date): TooManyRequestsError {
  const reset = isoSeconds(quotaResetAt(at));
  return new TooManyRequestsError(
    `This key has used its ${quota.allowance} requests for ${at.toISOString().slice(0, 10)} (UTC); the allowance resets at ${reset}.`,
    {
      billing_tier: key.tier,
      daily_allowance: quota.allowance,
      used: quota.used,
      quota_reset_at: reset,
      retry_after_seconds: quota.resetSeconds,
      'violated-policies': [POLICY_NAME],
    },
    {
      'Retry-After': String(quota.resetSeconds),
      'X-Service-Quota-Reset': reset,
      ...rateLimitHeaders(quota),
    },
  );
}
