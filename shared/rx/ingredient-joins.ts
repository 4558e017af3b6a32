import type { CatalogGap, CatalogSourceVersion } from '../catalog/provenance';
import type { Deps } from '../deps';
import type { Ingredient } from './ingredient-schemas';
import { priceListMatchesFor } from './price-list-matches';
import { shortagesInForce } from './shortages';
import { spendingFor } from './spending';

/** Price-list products listed per ingredient at most (NDC matches first). */
const PRICE_LIST_MAX = 20;

/** What the joins add to an answer's provenance. */
export interface JoinProvenance {
  sources: CatalogSourceVersion[];
  gaps: CatalogGap[];
}

type Blocks = Pick<Ingredient, 'spending' | 'price_list' | 'shortages'>;

const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * Spending, price-list matches and shortages of each ingredient (issue 18 point 2), joined on read:
 * - spending: CMS Spending by Drug (Part D, Part B, Medicaid) by generic name, the ingredient's
 *   name matched against each brand's CMS generic name or a component of it, salt words dropped
 *   (`atorvastatin` finds `Atorvastatin Calcium`); CMS files carry no RxNorm code;
 * - price list: the Cost Plus snapshot in force, products listing one of the ingredient's NDCs
 *   (by identifier, confidence 1), else every word of the ingredient's name in the product's
 *   medication name (0.6);
 * - shortages: FDA's export in force, shortages whose presentations print one of its NDCs (1), or
 *   whose generic name holds every word of the ingredient's name (0.7).
 * A source with no version in force makes its block `not_in_force`, with its gaps in the answer.
 */
export async function ingredientJoins(
  deps: Deps,
  items: readonly { rxcui: string; name: string; ndc11s: readonly string[] }[],
  date: string,
): Promise<{ blocks: Map<string, Blocks> } & JoinProvenance> {
  const inForce = await shortagesInForce(deps, date);
  const shortages = { list: inForce.shortages, sources: inForce.view.sourceVersions(), gaps: inForce.view.gaps };
  const sources = new Map<number, CatalogSourceVersion>();
  const gaps = new Map<string, CatalogGap>();
  const keep = (p: JoinProvenance) => {
    for (const s of p.sources) sources.set(s.version_id, s);
    for (const g of p.gaps) gaps.set(`${g.source_id}|${g.doc_id}|${g.reason}`, g);
  };
  keep(shortages);
  const blocks = new Map<string, Blocks>();
  await Promise.all(
    items.map(async (it) => {
      const [spending, prices] = await Promise.all([
        spendingFor(deps, { genericName: it.name }, date),
        priceListMatchesFor(deps, { ndc11s: it.ndc11s, name: it.name }, date),
      ]);
      keep(spending);
      keep(prices);
      const spendingIn = spending.releases.some((r) => r.in_force);
      const sorted = [...prices.matches].sort(
        (a, b) => b.confidence - a.confidence || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
      );
      const ndcs = new Set(it.ndc11s);
      const nameWords = words(it.name);
      blocks.set(it.rxcui, {
        spending: {
          status: spendingIn ? 'joined' : 'not_in_force',
          join: 'by generic name: the ingredient name against each brand’s CMS generic name or a component of a combination, case-insensitive, trailing salt words dropped (CMS files carry no RxNorm code)',
          generic_name_searched: it.name,
          totals: spending.totals,
          brand_names: [...new Set(spending.rows.map((r) => `${r.brand_name} (${r.generic_name})`))].sort(),
          releases: spending.releases,
        },
        price_list: {
          status: prices.in_force ? 'joined' : 'not_in_force',
          source_id: 'costplus_price_list',
          join: 'by NDC (the ingredient’s RxNorm NDCs among the listed products’ NDCs, confidence 1), else every word (4+ letters) of the ingredient name in the product’s medication name (0.6)',
          matches: sorted.slice(0, PRICE_LIST_MAX),
          truncated: sorted.length > PRICE_LIST_MAX,
        },
        shortages: {
          status: shortages.list ? 'joined' : 'not_in_force',
          source_id: 'fda_drug_shortages',
          join: 'by NDC (a presentation prints one of the ingredient’s RxNorm NDCs, confidence 1), else every word of the ingredient name is a word of the shortage’s generic name (0.7)',
          shortages: (shortages.list ?? []).flatMap((s) => {
            const matched = s.ndc11s.filter((n) => ndcs.has(n));
            const byName = nameWords.length > 0 && nameWords.every((w) => words(s.generic_name).includes(w));
            if (!matched.length && !byName) return [];
            return [
              {
                shortage_id: s.shortage_id,
                generic_name: s.generic_name,
                status: s.status,
                method: matched.length ? ('ndc11' as const) : ('name_words' as const),
                confidence: matched.length ? 1 : 0.7,
                matched_ndc11s: matched,
              },
            ];
          }),
        },
      });
    }),
  );
  return { blocks, sources: [...sources.values()], gaps: [...gaps.values()] };
}
