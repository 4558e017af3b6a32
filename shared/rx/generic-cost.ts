import { requireDataset } from '../catalog/datasets';
import type { CatalogGap, CatalogSourceVersion } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { currentRates } from './nadac';
import { NADAC_DATASET } from './nadac-rows';
import { drugsOf, ndcsOfDrugs, rxnormViews } from './rxnorm-read';
import type { RxConceptRow } from './rxnorm-rows';
import { medianByPricingUnit } from './unit-medians';

export type GenericCostStatus = 'matched' | 'no_ingredient_of_that_name' | 'not_in_force';

export interface GenericCostByName {
  status: GenericCostStatus;
  rxcui: string | null;
  by_pricing_unit: ReturnType<typeof medianByPricingUnit>;
  ndc_count: number;
  weekly_file: string | null;
}

/**
 * The median generic acquisition cost of drugs known only by name (a survey's generic names): the
 * RxNorm ingredient (IN) whose name equals the drug name (case aside), its NDCs through RXNSAT and
 * RXNREL, and the NADAC per unit of those the weekly file in force classifies G, one median per
 * pricing unit. A combination or a name RxNorm spells otherwise matches nothing (never a near
 * match). Reads: one listing page per name, the links and NDCs of the matched ingredients, one
 * batch of rates.
 */
export async function genericCostsByName(
  deps: Deps,
  names: readonly string[],
  date: string,
): Promise<{ costs: Map<string, GenericCostByName>; sources: CatalogSourceVersion[]; gaps: CatalogGap[] }> {
  const rx = await rxnormViews(deps, date);
  const nadac = await viewOf(deps, requireDataset(NADAC_DATASET), date);
  const gaps = [...rx.concepts.gaps, ...rx.ndcs.gaps, ...rx.links.gaps, ...nadac.gaps];
  const empty = (status: GenericCostStatus, rxcui: string | null = null): GenericCostByName => ({
    status,
    rxcui,
    by_pricing_unit: [],
    ndc_count: 0,
    weekly_file: nadac.versions[0]?.publisher_version ?? null,
  });
  const costs = new Map<string, GenericCostByName>();
  const inForce = [rx.concepts, rx.ndcs, rx.links, nadac].every((v) => v.versions.length > 0);
  if (!inForce) {
    for (const n of names) costs.set(n, empty('not_in_force'));
    return { costs, sources: [], gaps };
  }
  const matched = new Map<string, string>();
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      const lower = name.toLowerCase();
      const page = await queryListing(deps, rx.concepts.dataset, 'ingredients', {
        versions: rx.concepts,
        filters: { ingredient_tty: 'IN', sort_name: { prefix: `${lower}|` } },
        limit: 5,
      });
      const hit = page.items.map((r) => r.value as unknown as RxConceptRow).find((c) => c.str.toLowerCase() === lower);
      if (hit) matched.set(name, hit.rxcui);
    }),
  );
  const drugsBy = new Map<string, string[]>();
  await Promise.all([...new Set(matched.values())].map(async (c) => drugsBy.set(c, await drugsOf(deps, rx, c))));
  const ndcsBy = await ndcsOfDrugs(deps, rx, [...new Set([...drugsBy.values()].flat())]);
  const ndcsOf = (rxcui: string) => [
    ...new Set((drugsBy.get(rxcui) ?? []).flatMap((d) => (ndcsBy.get(d) ?? []).map((r) => r.ndc11))),
  ];
  const rates = await currentRates(deps, nadac, [...new Set([...matched.values()].flatMap(ndcsOf))]);
  for (const name of names) {
    const rxcui = matched.get(name);
    if (!rxcui) {
      costs.set(name, empty('no_ingredient_of_that_name'));
      continue;
    }
    const generic = ndcsOf(rxcui)
      .map((n) => rates.get(n))
      .filter((r) => r !== undefined && r.classification_for_rate_setting === 'G');
    costs.set(name, {
      ...empty('matched', rxcui),
      by_pricing_unit: medianByPricingUnit(generic as NonNullable<(typeof generic)[number]>[]),
      ndc_count: generic.length,
    });
  }
  const sources = [rx.concepts, rx.ndcs, rx.links, nadac].flatMap((v) => v.sourceVersions());
  return { costs, sources, gaps };
}
