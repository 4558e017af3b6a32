import type { CatalogSourceVersion, RowSource } from '../catalog/provenance';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';
import { cmp, priceListViews, snapshotRows, words } from './price-list';

/** A price-list product matched to an ingredient's NDCs or name (for /rx/ingredients). */
export interface PriceListMatch {
  slug: string;
  medication_name: string;
  strength: string;
  form: string;
  unit_price: number;
  ndc11: string | null;
  method: 'ndc11' | 'name_words';
  /** 1 for an NDC; 0.6 for every word of the name found in the product's medication name. */
  confidence: number;
  source: RowSource;
}

/**
 * The products of the snapshot in force on `asOf` that match the given NDCs (by identifier) or,
 * failing that, every word (4+ letters) of `name` in their medication name (a name match, lower
 * confidence, never presented as an identifier). Never throws for a missing snapshot: a joined
 * answer gets `in_force: false` and the gaps (CATALOG.md: a gap in the body for joined answers).
 */
export async function priceListMatchesFor(
  deps: Deps,
  by: { ndc11s?: readonly string[]; name?: string },
  asOf: string,
): Promise<{
  in_force: boolean;
  matches: PriceListMatch[];
  sources: CatalogSourceVersion[];
  gaps: DatasetView['gaps'];
}> {
  const v = await priceListViews(deps, asOf);
  const rows = await snapshotRows(deps, v.list);
  const ndcs = new Set<string>(by.ndc11s ?? []);
  const nameWords = by.name ? words(by.name) : [];
  const out: PriceListMatch[] = [];
  for (const { row: r, source } of rows) {
    const ndc = r.ndc11 ?? null;
    const base = { slug: r.slug, medication_name: r.medication_name, strength: r.strength, form: r.form };
    if (ndc && ndcs.has(ndc))
      out.push({ ...base, unit_price: r.unit_price, ndc11: ndc, method: 'ndc11', confidence: 1, source });
    else if (nameWords.length && nameWords.every((w) => words(r.medication_name).includes(w)))
      out.push({ ...base, unit_price: r.unit_price, ndc11: ndc, method: 'name_words', confidence: 0.6, source });
  }
  out.sort((a, b) => b.confidence - a.confidence || cmp(a.slug.toLowerCase(), b.slug.toLowerCase()));
  return { in_force: v.list.versions.length > 0, matches: out, sources: v.list.sourceVersions(), gaps: v.list.gaps };
}
