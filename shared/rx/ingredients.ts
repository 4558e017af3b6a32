import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import type { CatalogSourceVersion } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError } from '../http/errors';
import { ingredientJoins, type JoinProvenance } from './ingredient-joins';
import type { Ingredient, IngredientDetail, IngredientList } from './ingredient-schemas';
import { currentRates } from './nadac';
import { NADAC_DATASET, NADAC_METHODOLOGY } from './nadac-rows';
import { NDC_PACKAGES, NDC_PRODUCTS, type NdcPackageRow, type NdcProductRow } from './ndc-directory-rows';
import { statusOf } from './ndc-profile';
import {
  conceptsOf,
  drugsOf,
  mainRow,
  ndcsOfDrugs,
  type RxnormViews,
  requireRxnorm,
  rowsOf,
  rxnormViews,
} from './rxnorm-read';
import { type IngredientTty, isIngredientTty, RXNORM_METHODOLOGY, type RxConceptRow } from './rxnorm-rows';
import type { NadacRate } from './schemas';
import { medianByPricingUnit } from './unit-medians';

/** Ingredients per page at most: each carries counts and medians joined over its NDCs. */
export const MAX_INGREDIENT_PAGE = 25;
/** NDCs listed in a detail answer at most (all are counted). */
export const MAX_DETAIL_NDCS = 1000;

export const INGREDIENT_ORDER = 'name (lower case) ascending, then rxcui ascending (unique within a term type)';

const METHOD = `${RXNORM_METHODOLOGY}Counts: \`total\` is the distinct NDCs RXNSAT attaches to the ingredient's drug concepts; \`active\` counts those the FDA NDC Directory in force lists as active by the /rx/ndcs/{ndc11} rule (listed, not in the excluded file, no end-marketing date passed), null with a gap when no directory version is in force. Acquisition cost: the median NADAC per unit of the ingredient's NDCs that the weekly NADAC file in force classifies G (generic: Classification for Rate Setting), one median per pricing unit (EA, ML, GM are never pooled), with the count of NDCs it is taken over; brand NDCs are left out; computed from the loaded rows on each read, never typed in. Spending (CMS Spending by Drug, Part D, Part B and Medicaid: gross of rebates), price-list matches (the Cost Plus snapshot in force) and shortages (FDA's export in force) are joined on read, each block saying how (\`join\`) and \`not_in_force\` with a gap when its source has no version in force. NADAC: `;

interface Joined {
  rx: RxnormViews;
  packages: DatasetView;
  products: DatasetView;
  nadac: DatasetView;
}

async function joinedViews(deps: Deps, date: string): Promise<Joined> {
  const rx = await rxnormViews(deps, date);
  requireRxnorm(rx, date);
  const [packages, products, nadac] = await viewsOf(deps, [
    { dataset: requireDataset(NDC_PACKAGES), date },
    { dataset: requireDataset(NDC_PRODUCTS), date },
    { dataset: requireDataset(NADAC_DATASET), date },
  ]);
  return { rx, packages: packages!, products: products!, nadac: nadac! };
}

interface NdcFacts {
  ndc11: string;
  drug_rxcui: string;
  status: 'active' | 'obsolete' | 'unknown' | null;
  rate: NadacRate | undefined;
}

interface Summary {
  ingredient: Ingredient;
  ndcs: NdcFacts[];
}

/** Status per NDC by the directory in force (null without one). */
async function statusesOf(deps: Deps, j: Joined, ndcs: string[], date: string, priced: Set<string>) {
  const out = new Map<string, NdcFacts['status']>();
  if (!j.packages.versions.length) return out;
  const found = await lookupMany(deps, j.packages.dataset, 'ndc11', ndcs, j.packages.versions);
  const order = ['finished', 'unfinished', 'excluded'];
  const pkgs = new Map<string, NdcPackageRow>();
  for (const n of ndcs) {
    const rows = rowsOf<NdcPackageRow>(found, n).sort(
      (a, b) => order.indexOf(a.directory_file) - order.indexOf(b.directory_file),
    );
    if (rows[0]) pkgs.set(n, rows[0]);
  }
  const productIds = [...new Set([...pkgs.values()].map((p) => p.product_id))];
  const prods = await lookupMany(deps, j.products.dataset, 'product_id', productIds, j.products.versions);
  for (const n of ndcs) {
    const pkg = pkgs.get(n);
    const candidates = pkg ? rowsOf<NdcProductRow>(prods, pkg.product_id) : [];
    const product = candidates.find((c) => c.directory_file === pkg?.directory_file) ?? candidates[0];
    const s = statusOf({
      date,
      pkg,
      product,
      directoryInForce: true,
      lastListed: null,
      nadacCurrent: priced.has(n),
      nadacEver: priced.has(n),
    });
    out.set(n, s.status);
  }
  return out;
}

/**
 * Counts and medians of several ingredients, joined by identifier on one read: the drugs of each
 * (RXNREL links, computed when RXNREL loaded), their NDCs (RXNSAT), and for those NDCs the NADAC
 * file in force and the FDA NDC Directory in force, each looked up in batches. Memory is the NDCs
 * of the page's ingredients.
 */
async function summarize(
  deps: Deps,
  j: Joined,
  concepts: RxConceptRow[],
  date: string,
): Promise<{ summaries: Summary[]; joins: JoinProvenance }> {
  const linksIn = j.rx.links.versions.length > 0;
  const ndcsIn = j.rx.ndcs.versions.length > 0;
  const drugsBy = new Map<string, string[]>();
  if (linksIn) await Promise.all(concepts.map(async (c) => drugsBy.set(c.rxcui, await drugsOf(deps, j.rx, c.rxcui))));
  const allDrugs = [...new Set([...drugsBy.values()].flat())];
  const ndcsBy = ndcsIn && allDrugs.length ? await ndcsOfDrugs(deps, j.rx, allDrugs) : new Map();
  const perIngredient = new Map<string, Map<string, string>>();
  for (const c of concepts) {
    const m = new Map<string, string>();
    for (const d of drugsBy.get(c.rxcui) ?? [])
      for (const r of ndcsBy.get(d) ?? []) if (!m.has(r.ndc11)) m.set(r.ndc11, d);
    perIngredient.set(c.rxcui, m);
  }
  const allNdcs = [...new Set([...perIngredient.values()].flatMap((m) => [...m.keys()]))];
  const rates = j.nadac.versions.length ? await currentRates(deps, j.nadac, allNdcs) : new Map<string, NadacRate>();
  const statuses = await statusesOf(deps, j, allNdcs, date, new Set(rates.keys()));
  const weekly = j.nadac.versions[0]?.publisher_version ?? null;
  const joins = await ingredientJoins(
    deps,
    concepts.map((c) => ({ rxcui: c.rxcui, name: c.str, ndc11s: [...perIngredient.get(c.rxcui)!.keys()] })),
    date,
  );
  const summaries = concepts.map((c) => {
    const ndcs: NdcFacts[] = [...perIngredient.get(c.rxcui)!]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([ndc11, drug]) => ({
        ndc11,
        drug_rxcui: drug,
        status: j.packages.versions.length ? (statuses.get(ndc11) ?? 'unknown') : null,
        rate: rates.get(ndc11),
      }));
    const generic = ndcs.filter((n) => n.rate && n.rate.classification_for_rate_setting === 'G');
    const byUnit = medianByPricingUnit(generic.map((n) => n.rate!));
    const counted = linksIn && ndcsIn;
    const active = j.packages.versions.length && counted ? ndcs.filter((n) => n.status === 'active').length : null;
    return {
      ndcs,
      ingredient: {
        rxcui: c.rxcui,
        name: c.str,
        tty: c.tty as IngredientTty,
        suppress: c.suppress,
        ndc_counts: {
          total: counted ? ndcs.length : null,
          active,
          not_active: active === null ? null : ndcs.length - active,
          drugs: linksIn ? (drugsBy.get(c.rxcui) ?? []).length : null,
        },
        generic_acquisition_cost: j.nadac.versions.length
          ? { by_pricing_unit: byUnit, ndc_count: generic.length, weekly_file: weekly }
          : null,
        ...joins.blocks.get(c.rxcui)!,
      },
    };
  });
  return { summaries, joins: { sources: joins.sources, gaps: joins.gaps } };
}

function provenance(
  j: Joined,
  joins: JoinProvenance,
): { sources: CatalogSourceVersion[]; gaps: IngredientList['gaps'] } {
  const views = [j.rx.concepts, j.rx.ndcs, j.rx.links, j.packages, j.products, j.nadac];
  const sources = new Map<number, CatalogSourceVersion>();
  for (const v of views) for (const s of v.sourceVersions()) sources.set(s.version_id, s);
  for (const s of joins.sources) sources.set(s.version_id, s);
  const gaps = new Map<string, IngredientList['gaps'][number]>();
  for (const g of [...views.flatMap((v) => v.gaps), ...joins.gaps])
    gaps.set(`${g.source_id}|${g.doc_id}|${g.reason}`, g);
  return {
    sources: [...sources.values()].sort((a, b) => a.version_id - b.version_id),
    gaps: [...gaps.values()],
  };
}

export interface IngredientQuery {
  name?: string;
  q?: string;
  tty: IngredientTty;
  limit: number;
  cursor?: string;
}

/**
 * Ingredients of the RxNorm release in force, by name prefix (`name`, a key condition on the
 * listing's order) or by the words of the name (`q`), one term type per read (default IN), in
 * INGREDIENT_ORDER, each with its counts and medians.
 */
export async function ingredientList(deps: Deps, q: IngredientQuery, date: string): Promise<IngredientList> {
  const j = await joinedViews(deps, date);
  const page = await queryListing(deps, j.rx.concepts.dataset, 'ingredients', {
    versions: j.rx.concepts,
    filters: {
      ingredient_tty: q.tty,
      ...(q.name ? { sort_name: { prefix: q.name.toLowerCase() } } : {}),
      ...(q.q ? { str: { token: q.q } } : {}),
    },
    limit: q.limit,
    cursor: q.cursor,
  });
  const concepts = page.items.map((r) => r.value as unknown as RxConceptRow);
  const { summaries, joins } = await summarize(deps, j, concepts, date);
  return {
    items: summaries.map((s) => s.ingredient),
    limit: q.limit,
    next_cursor: page.next_cursor,
    order: INGREDIENT_ORDER,
    ...provenance(j, joins),
    as_of: date,
    methodology_note: `${METHOD}${NADAC_METHODOLOGY}`,
  };
}

/** One ingredient (IN, PIN or MIN) of the release in force with its NDCs; 404 when the release has no such ingredient. */
export async function ingredientDetail(deps: Deps, rxcui: string, date: string): Promise<IngredientDetail> {
  const j = await joinedViews(deps, date);
  const rows = (await conceptsOf(deps, j.rx, [rxcui])).get(rxcui) ?? [];
  const concept = rows.find((r) => isIngredientTty(r.tty));
  if (!concept) {
    const release = j.rx.concepts.versions.map((v) => v.publisher_version ?? v.name).join(', ');
    throw new NotFoundError(
      rows.length
        ? `RxNorm concept ${rxcui} is a ${mainRow(rows)!.tty}, not an ingredient (IN, PIN, MIN), in the release in force on ${date} (${release}).`
        : `No RxNorm concept ${rxcui} in the release in force on ${date} (${release}).`,
      { rxcui },
    );
  }
  const {
    summaries: [s],
    joins,
  } = await summarize(deps, j, [concept], date);
  const listed = s!.ndcs.slice(0, MAX_DETAIL_NDCS);
  const drugNames = await conceptsOf(deps, j.rx, [...new Set(listed.map((n) => n.drug_rxcui))]);
  return {
    ...s!.ingredient,
    synonyms: rows.filter((r) => r !== concept).map((r) => ({ tty: r.tty, str: r.str })),
    ndcs: listed.map((n) => {
      const d = mainRow(drugNames.get(n.drug_rxcui) ?? []);
      return {
        ndc11: n.ndc11,
        drug_rxcui: n.drug_rxcui,
        drug_tty: d?.tty ?? null,
        drug_name: d?.str ?? null,
        status: n.status,
        nadac_per_unit: n.rate?.nadac_per_unit ?? null,
        pricing_unit: n.rate?.pricing_unit ?? null,
        classification_for_rate_setting: n.rate?.classification_for_rate_setting ?? null,
      };
    }),
    ndcs_truncated: s!.ndcs.length > listed.length,
    ...provenance(j, joins),
    as_of: date,
    methodology_note: `${METHOD}${NADAC_METHODOLOGY}`,
  };
}
