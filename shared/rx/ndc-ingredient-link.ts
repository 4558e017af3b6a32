import type { Deps } from '../deps';
import { ingredientsOfNdcs, rxnormViews } from './rxnorm-read';

/** A row's RxNorm ingredients found through its NDCs (the RecallIngredientLink and ShortageIngredientLink shape). */
export interface NdcIngredientLink {
  status: 'linked' | 'not_found' | 'source_not_loaded';
  source_id: string;
  method: string;
  ingredients: { rxcui: string; tty: string; name: string; via_ndc11s: string[] }[];
}

/**
 * The RxNorm ingredients of each row of a page, by its NDCs, in the release in force (three batched
 * reads for the whole page: shared/rx/rxnorm-read.ts ingredientsOfNdcs). Each ingredient names the
 * row's NDCs that lead to it and ingredients are ordered by rxcui; `method` says how the caller's
 * rows carry their NDCs. With no RXNSAT or RXNREL release in force every row is
 * `source_not_loaded` (the gaps say why). Returns the rows with `ingredients` set, and the RxNorm
 * versions and gaps read.
 */
export async function linkIngredientsByNdc<T extends { ndc11s: readonly string[] }>(
  deps: Deps,
  page: readonly T[],
  date: string,
  method: string,
) {
  const rx = await rxnormViews(deps, date);
  const inForce = rx.ndcs.versions.length > 0 && rx.links.versions.length > 0;
  const ndcs = [...new Set(page.flatMap((r) => r.ndc11s))];
  const byNdc = inForce ? await ingredientsOfNdcs(deps, rx, ndcs) : new Map();
  const items = page.map((r): Omit<T, 'ingredients'> & { ingredients: NdcIngredientLink } => {
    const found = new Map<string, NdcIngredientLink['ingredients'][number]>();
    for (const n of r.ndc11s)
      for (const i of byNdc.get(n) ?? []) {
        const have = found.get(i.rxcui) ?? { ...i, via_ndc11s: [] };
        have.via_ndc11s.push(n);
        found.set(i.rxcui, have);
      }
    const ingredients = [...found.values()].sort((a, b) => Number(a.rxcui) - Number(b.rxcui));
    return {
      ...r,
      ingredients: {
        status: !inForce ? 'source_not_loaded' : ingredients.length ? 'linked' : 'not_found',
        source_id: 'nlm_rxnorm',
        method,
        ingredients,
      },
    };
  });
  const views = [rx.ndcs, rx.links, rx.concepts];
  return { items, sources: views.flatMap((v) => v.sourceVersions()), gaps: views.flatMap((v) => v.gaps) };
}
