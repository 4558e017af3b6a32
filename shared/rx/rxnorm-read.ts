import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { readWholeListing } from '../catalog/query';
import { type DatasetView, viewsOf } from '../catalog/view';
import { MAX_ROWS_PER_KEY, type StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import type { NdcRxnorm } from './ingredient-schemas';
import {
  isIngredientTty,
  RXNORM_CONCEPTS,
  RXNORM_LINKS,
  RXNORM_NDCS,
  RXNORM_SOURCE,
  type RxConceptRow,
  type RxIngredientLinkRow,
  type RxNdcRow,
} from './rxnorm-rows';

/** The three RxNorm datasets as of a date (one release each: RXNCONSO, RXNSAT, RXNREL). */
export interface RxnormViews {
  concepts: DatasetView;
  ndcs: DatasetView;
  links: DatasetView;
}

export async function rxnormViews(deps: Deps, date: string): Promise<RxnormViews> {
  const [concepts, ndcs, links] = await viewsOf(deps, [
    { dataset: requireDataset(RXNORM_CONCEPTS), date },
    { dataset: requireDataset(RXNORM_NDCS), date },
    { dataset: requireDataset(RXNORM_LINKS), date },
  ]);
  return { concepts: concepts!, ndcs: ndcs!, links: links! };
}

/** 503 naming nlm_rxnorm when no RXNCONSO release is loaded and in force (the ingredients are its rows). */
export function requireRxnorm(v: RxnormViews, date: string): void {
  if (v.concepts.versions.length) return;
  throw new SourceNotLoadedError(`No RxNorm release (RXNCONSO) is loaded and in force on ${date}.`, {
    sources: [RXNORM_SOURCE],
    gaps: [...v.concepts.gaps, ...v.ndcs.gaps, ...v.links.gaps],
  });
}

export const rowsOf = <R>(found: Map<string, StoredRow[]>, key: string): R[] =>
  (found.get(key) ?? []).map((s) => s.value as unknown as R);

/** The RXNCONSO rows of each rxcui in the release in force. */
export async function conceptsOf(deps: Deps, v: RxnormViews, rxcuis: readonly string[]) {
  const found = await lookupMany(deps, v.concepts.dataset, 'rxcui', rxcuis, v.concepts.versions);
  return new Map(rxcuis.map((c) => [c, rowsOf<RxConceptRow>(found, c)]));
}

/** A concept's name row: the row of its own term type (not PSN, SY, TMSY). */
export const mainRow = (rows: readonly RxConceptRow[]) =>
  rows.find((r) => !['PSN', 'SY', 'TMSY', 'ET'].includes(r.tty)) ?? rows[0];

/** The drug concepts of an ingredient (RXNREL links computed at load), read page by page from its partition. */
export async function drugsOf(deps: Deps, v: RxnormViews, ingredient: string): Promise<string[]> {
  const rows = await readWholeListing(deps, v.links.dataset, 'by_ingredient', {
    versions: v.links,
    filters: { ingredient_rxcui: ingredient },
  });
  return [...new Set(rows.map((r) => String((r.value as unknown as RxIngredientLinkRow).drug_rxcui)))];
}

/**
 * The NDCs of each drug concept in the RXNSAT release in force: batched gets of the rxcui index, and
 * for a drug whose index entry is full (MAX_ROWS_PER_KEY rows: more may have been left out) its
 * whole `by_drug` partition.
 */
export async function ndcsOfDrugs(deps: Deps, v: RxnormViews, drugs: readonly string[]) {
  const found = await lookupMany(deps, v.ndcs.dataset, 'rxcui', drugs, v.ndcs.versions);
  const out = new Map(drugs.map((d) => [d, rowsOf<RxNdcRow>(found, d)]));
  const full = drugs.filter((d) => out.get(d)!.length >= MAX_ROWS_PER_KEY);
  await Promise.all(
    full.map(async (d) => {
      const rows = await readWholeListing(deps, v.ndcs.dataset, 'by_drug', { versions: v.ndcs, filters: { rxcui: d } });
      out.set(
        d,
        rows.map((r) => r.value as unknown as RxNdcRow),
      );
    }),
  );
  return out;
}

/**
 * The RxNorm link of one NDC: its drug concepts (RXNSAT) and their ingredients (RXNREL links,
 * kept when RXNCONSO names them IN, PIN or MIN). Null when RXNSAT has no release in force.
 */
export async function rxnormLinkOf(deps: Deps, v: RxnormViews, ndc11: string): Promise<NdcRxnorm | null> {
  if (!v.ndcs.versions.length) return null;
  const found = await lookupMany(deps, v.ndcs.dataset, 'ndc11', [ndc11], v.ndcs.versions);
  const drugs = [...new Set(rowsOf<RxNdcRow>(found, ndc11).map((r) => r.rxcui))].sort();
  const links = v.links.versions.length
    ? await lookupMany(deps, v.links.dataset, 'drug', drugs, v.links.versions)
    : new Map<string, StoredRow[]>();
  const via = new Map<string, string>();
  for (const d of drugs)
    for (const l of rowsOf<RxIngredientLinkRow>(links, d))
      if (!via.has(l.ingredient_rxcui)) via.set(l.ingredient_rxcui, l.via);
  const names = await conceptsOf(deps, v, [...drugs, ...via.keys()]);
  const release = v.ndcs.versions[0]?.publisher_version ?? null;
  return {
    drugs: drugs.map((rxcui) => {
      const m = mainRow(names.get(rxcui) ?? []);
      return { rxcui, tty: m?.tty ?? null, name: m?.str ?? null };
    }),
    ingredients: [...via]
      .flatMap(([rxcui, how]) => {
        const m = (names.get(rxcui) ?? []).find((r) => isIngredientTty(r.tty));
        return m && isIngredientTty(m.tty) ? [{ rxcui, tty: m.tty, name: m.str, via: how }] : [];
      })
      .sort((a, b) => Number(a.rxcui) - Number(b.rxcui)),
    release,
  };
}

/**
 * The ingredients of many NDCs at once (three batched reads: RXNSAT by ndc11, RXNREL by drug,
 * RXNCONSO names), by ndc11; an NDC RXNSAT does not list has none. Empty when RXNSAT has no release
 * in force.
 */
export async function ingredientsOfNdcs(
  deps: Deps,
  v: RxnormViews,
  ndc11s: readonly string[],
): Promise<Map<string, { rxcui: string; tty: string; name: string }[]>> {
  const out = new Map<string, { rxcui: string; tty: string; name: string }[]>();
  if (!v.ndcs.versions.length || !v.links.versions.length || !ndc11s.length) return out;
  const found = await lookupMany(deps, v.ndcs.dataset, 'ndc11', ndc11s, v.ndcs.versions);
  const drugsOf = new Map(ndc11s.map((n) => [n, [...new Set(rowsOf<RxNdcRow>(found, n).map((r) => r.rxcui))]]));
  const drugs = [...new Set([...drugsOf.values()].flat())];
  const links = drugs.length ? await lookupMany(deps, v.links.dataset, 'drug', drugs, v.links.versions) : new Map();
  const ingredientsOf = new Map(
    drugs.map((d) => [d, rowsOf<RxIngredientLinkRow>(links, d).map((l) => l.ingredient_rxcui)]),
  );
  const all = [...new Set([...ingredientsOf.values()].flat())];
  const names = all.length ? await conceptsOf(deps, v, all) : new Map<string, RxConceptRow[]>();
  for (const n of ndc11s) {
    const seen = new Map<string, { rxcui: string; tty: string; name: string }>();
    for (const d of drugsOf.get(n) ?? [])
      for (const i of ingredientsOf.get(d) ?? []) {
        const m = (names.get(i) ?? []).find((r) => isIngredientTty(r.tty));
        if (m && !seen.has(i)) seen.set(i, { rxcui: i, tty: m.tty, name: m.str });
      }
    out.set(n, [...seen.values()]);
  }
  return out;
}
