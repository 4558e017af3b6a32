import type { Table } from '../storage/table';

/** One UTC day of one key's usage. */
export interface DayCount {
  date: string;
  count: number;
}

export interface Consumption {
  allowed: boolean;
  /** Requests counted today after this one (when allowed), or the count that blocked it. */
  used: number;
}

const DAY_MS = 86_400_000;
const usagePk = (keyId: string) => `USAGE#${keyId}`;

/** The UTC calendar day of an instant, YYYY-MM-DD: the unit of every quota. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`: when today's allowance resets. */
export function quotaResetAt(at: Date): Date {
  return new Date((Math.floor(at.getTime() / DAY_MS) + 1) * DAY_MS);
}

/** Whole seconds until the reset, at least 1 (a Retry-After of 0 would invite an immediate retry). */
export function secondsUntilReset(at: Date): number {
  return Math.max(1, Math.ceil((quotaResetAt(at).getTime() - at.getTime()) / 1000));
}

/**
 * Daily request counters per key, one item per key and UTC day. Each request is one conditional
 * atomic increment (ADD count 1 only while count < allowance), so concurrent requests can never push
 * the counter past the allowance: DynamoDB serializes the condition and the add on the item.
 */
export class UsageMeter {
  constructor(private readonly table: Table) {}

  /** Count one request if the key still has allowance today. */
  async consume(keyId: string, allowance: number, at: Date): Promise<Consumption> {
    const day = utcDay(at);
    const key = { pk: usagePk(keyId), sk: day };
    const after = await this.table.update(key, {
      add: { count: 1 },
      set: { key_id: keyId },
      ifBelow: { count: allowance },
    });
    if (after) return { allowed: true, used: Number(after.count) };
    return { allowed: false, used: await this.today(keyId, at) };
  }

  /** Today's count without counting anything. */
  async today(keyId: string, at: Date): Promise<number> {
    const item = await this.table.get({ pk: usagePk(keyId), sk: utcDay(at) }, { consistent: true });
    return Number(item?.count ?? 0);
  }

  /** The last `days` UTC days ending today, oldest first, days without requests as zero. */
  async history(keyId: string, at: Date, days = 30): Promise<DayCount[]> {
    const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(at.getTime() - (days - 1 - i) * DAY_MS)));
    const items = await this.table.queryAll(usagePk(keyId), {
      between: [dates[0]!, dates[dates.length - 1]!],
      consistent: true,
    });
    const counts = new Map(items.map((i) => [i.sk, Number(i.count ?? 0)]));
    return dates.map((date) => ({ date, count: counts.get(date) ?? 0 }));
  }
}
