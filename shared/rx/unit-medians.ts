import type { NadacRate } from './schemas';

const median = (sorted: number[]) =>
  (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.floor(sorted.length / 2)]!) / 2;

/**
 * The median NADAC per unit of some NDCs' rates, one median per pricing unit (EA, ML and GM are
 * never pooled), with its range and NDC count; units with the most NDCs first, then by unit.
 */
export function medianByPricingUnit(rates: readonly NadacRate[]) {
  const units = new Map<string | null, number[]>();
  for (const r of rates) units.set(r.pricing_unit, [...(units.get(r.pricing_unit) ?? []), r.nadac_per_unit]);
  return [...units]
    .map(([unit, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return {
        pricing_unit: unit,
        median_nadac_per_unit: Math.round(median(sorted) * 1e5) / 1e5,
        min_nadac_per_unit: sorted[0]!,
        max_nadac_per_unit: sorted[sorted.length - 1]!,
        ndc_count: sorted.length,
      };
    })
    .sort((a, b) => b.ndc_count - a.ndc_count || String(a.pricing_unit).localeCompare(String(b.pricing_unit)));
}
