/**
 * Source freshness, exactly as the specification's "States and transitions" table and rules:
 *
 *   cadence    stale  critical   (days since the last recorded load)
 *   daily          2        8
 *   weekly        10       21
 *   monthly       45      100
 *   quarterly    100      200
 *   annual       400      550
 *
 * A source becomes stale when its age reaches the stale threshold and critical when it reaches the
 * critical one (age in exact days, computed from milliseconds: 2 days is 48 h to the millisecond).
 * Rule 1: a source with no expected rhythm is `exempt`, with a reason, and never degrades status.
 * Rule 2: a source that never recorded a load reports `never`, judged by its age since registration
 * against the same thresholds (so a long-registered, never-loaded source degrades status).
 * Rule 4: the cadence is how often the publisher publishes, not how often we check; callers pass it.
 */
import type { Cadence, CadenceDecl } from './types';

export const CADENCES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const satisfies readonly Cadence[];

export const FRESHNESS_THRESHOLDS: Readonly<Record<Cadence, { stale: number; critical: number }>> = Object.freeze({
  daily: { stale: 2, critical: 8 },
  weekly: { stale: 10, critical: 21 },
  monthly: { stale: 45, critical: 100 },
  quarterly: { stale: 100, critical: 200 },
  annual: { stale: 400, critical: 550 },
});

export type FreshnessClass = 'fresh' | 'stale' | 'critical' | 'never' | 'exempt';
/** The age-judged level: what a status page colours by (fresh green, stale amber, critical red). */
export type FreshnessLevel = 'fresh' | 'stale' | 'critical';

export interface FreshnessInput {
  /** The declared publishing cadence, or `exempt` with the reason the source has no expected rhythm. */
  declared: CadenceDecl;
  /** When the source was registered (judges never-loaded sources). */
  registeredAt: Date | string;
  /** The last recorded load, or null/undefined when none. */
  lastLoadedAt?: Date | string | null;
}

export interface Freshness {
  class: FreshnessClass;
  /** For scheduled sources: the level by age (for `never`, the age since registration); null when exempt. */
  level: FreshnessLevel | null;
  /** Whether this source turns the status page amber (stale) or red (critical). Exempt: never. */
  degrades_status: boolean;
  /** Age in days (fractional) of what was judged; null when exempt. */
  age_days: number | null;
  judged_from: 'last_load' | 'registration' | null;
  stale_after_days: number | null;
  critical_after_days: number | null;
  /** Present for exempt sources. */
  reason?: string;
}

const DAY_MS = 86_400_000;

/** Judge one source at `now`. Pure: the same input and instant always give the same answer. */
export function judgeFreshness(input: FreshnessInput, now: Date): Freshness {
  const declared = input.declared;
  if (declared.cadence === 'exempt') {
    const reason = declared.reason?.trim();
    if (!reason) throw new Error('an exempt source must give a reason: why it has no expected rhythm');
    return {
      class: 'exempt',
      level: null,
      degrades_status: false,
      age_days: null,
      judged_from: null,
      stale_after_days: null,
      critical_after_days: null,
      reason,
    };
  }
  const t = FRESHNESS_THRESHOLDS[declared.cadence];
  if (!t) throw new Error(`unknown cadence '${String(declared.cadence)}'`);
  const loaded = input.lastLoadedAt ? toDate(input.lastLoadedAt) : undefined;
  const since = loaded ?? toDate(input.registeredAt);
  const age = Math.max(0, now.getTime() - since.getTime()) / DAY_MS;
  const level: FreshnessLevel = age >= t.critical ? 'critical' : age >= t.stale ? 'stale' : 'fresh';
  return {
    class: loaded ? level : 'never',
    level,
    degrades_status: level !== 'fresh',
    age_days: Math.round(age * 1000) / 1000,
    judged_from: loaded ? 'last_load' : 'registration',
    stale_after_days: t.stale,
    critical_after_days: t.critical,
  };
}

function toDate(v: Date | string): Date {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) throw new Error(`not a timestamp: ${String(v)}`);
  return d;
}
