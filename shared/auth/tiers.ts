import type { Principal } from '../http/types';

/**
 * Billing tiers and what each carries. The daily allowances of free, starter, pro and enterprise
 * are the specification's ("Limits"); scale sits between pro and enterprise at 2,000,000 a day
 * (our choice: four times pro, a fifth of enterprise).
 */
export type Tier = Principal['tier'];
export const TIERS = ['free', 'starter', 'pro', 'scale', 'enterprise'] as const satisfies readonly Tier[];

export const DAILY_ALLOWANCE: Readonly<Record<Tier, number>> = Object.freeze({
  free: 10_000,
  starter: 50_000,
  pro: 500_000,
  scale: 2_000_000,
  enterprise: 10_000_000,
});

/** Entitlements a route can require. `warrant` covers the warrant, its appeal and its changes. */
export const ENTITLEMENTS = ['warrant'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** The warrant is the paid entitlement: every tier from starter up carries it; free does not. */
const INCLUDED: Readonly<Record<Tier, readonly Entitlement[]>> = Object.freeze({
  free: [],
  starter: ['warrant'],
  pro: ['warrant'],
  scale: ['warrant'],
  enterprise: ['warrant'],
});

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function isEntitlement(value: string): value is Entitlement {
  return (ENTITLEMENTS as readonly string[]).includes(value);
}

/** A key's effective entitlements: its tier's plus any granted to the key itself (e.g. a trial). */
export function effectiveEntitlements(tier: Tier, granted: readonly string[] = []): Entitlement[] {
  const all = new Set<Entitlement>(INCLUDED[tier]);
  for (const g of granted) if (isEntitlement(g)) all.add(g);
  return ENTITLEMENTS.filter((e) => all.has(e));
}

/** The cheapest tier that includes an entitlement: what a 403 tells the caller to buy. */
export function lowestTierWith(entitlement: Entitlement): Tier {
  const tier = TIERS.find((t) => INCLUDED[t].includes(entitlement));
  if (!tier) throw new Error(`no tier includes ${entitlement}`);
  return tier;
}

/** The daily allowance of a key: a per-key override (enterprise custom contracts) else its tier's. */
export function allowanceFor(tier: Tier, override?: number | null): number {
  return override ?? DAILY_ALLOWANCE[tier];
}
