import type { KeyRecord } from './key-store';
import { isoSeconds } from './quota';
import { type DayCount, quotaResetAt, secondsUntilReset, type UsageMeter, utcDay } from './usage';

/** What GET /my-usage answers: the caller's tier, today's count against the allowance, and 30 days. */
export interface UsageReport {
  key_id: string;
  billing_tier: KeyRecord['tier'];
  entitlements: string[];
  daily_allowance: number;
  today: { date: string; count: number; remaining: number };
  quota_reset_at: string;
  reset_in_seconds: number;
  last_30_days: DayCount[];
}

/** Read-only: building the report spends nothing (the policy marks /my-usage unmetered). */
export async function usageReport(usage: UsageMeter, key: KeyRecord, at: Date): Promise<UsageReport> {
  const days = await usage.history(key.key_id, at, 30);
  const count = days[days.length - 1]?.count ?? 0;
  return {
    key_id: key.key_id,
    billing_tier: key.tier,
    entitlements: [...key.entitlements],
    daily_allowance: key.daily_allowance,
    today: { date: utcDay(at), count, remaining: Math.max(0, key.daily_allowance - count) },
    quota_reset_at: isoSeconds(quotaResetAt(at)),
    reset_in_seconds: secondsUntilReset(at),
    last_30_days: days,
  };
}
