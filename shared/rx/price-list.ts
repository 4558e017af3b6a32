import { requireDataset } from '../catalog/datasets';
import { startOf } from '../catalog/in-force';
import type { CatalogSourceVersion, RowSource } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import { seriesHistory } from '../catalog/series-read';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import { currentRates } from './nadac';
import { NADAC_DATASET, NADAC_METHODOLOGY } from './nadac-rows';
import {
  PRICE_LIST_DATASET,
  PRICE_LIST_METHODOLOGY,
  PRICE_LIST_SERIES,
  PRICING_FORMULA_DATASET,
  type PriceListRow,
  type PricingFormulaRow,
  slugKey,
} from './price-list-rows';
import type { PriceListFormula, PriceListItem, PriceListPage, PriceListProduct } from './price-list-schemas';
import type { NadacRate } from './schemas';

/** The views one price-list answer reads: the listing snapshots, the formula table, NADAC. */
export interface PriceListViews {
  list: DatasetView;
  formula: DatasetView;
  nadac: DatasetView;
}

interface Listed {
  row: PriceListRow;
  source: RowSource;
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
const short = (s: {
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  publisher_version: string | null;
}) => ({
  source_id: s.source_id,
  doc_id: s.doc_id,
  version_id: s.version_id,
  sha256: s.sha256,
  publisher_version: s.publisher_version,
});

/** The three views as of the date, off one batch read of their heads. */
export async function priceListViews(deps: Deps, date: string): Promise<PriceListViews> {
  const [list, formula, nadac] = await viewsOf(deps, [
    { dataset: requireDataset(PRICE_LIST_DATASET), date },
    { dataset: requireDataset(PRICING_FORMULA_DATASET), date },
    { dataset: requireDataset(NADAC_DATASET), date },
  ]);
  return { list: list!, formula: formula!, nadac: nadac! };
}

/** 503 naming costplus_price_list when no snapshot is loaded and in force on the date. */
export function requireSnapshot(v: PriceListViews, date: string): void {
  if (!v.list.versions.length) {
    throw new SourceNotLoadedError(`No Cost Plus price-list snapshot is loaded and in force on ${date}.`, {
      sources: ['costplus_price_list'],
      gaps: v.list.gaps,
    });
  }
}

/** Every product of the snapshot in force (read whole once per snapshot: the listing cache). */
export async function snapshotRows(deps: Deps, view: DatasetView): Promise<Listed[]> {
  if (!view.versions.length) return [];
  const rows = await readWholeListing(deps, view.dataset, 'products', { versions: view });
  return rows.map((r) => ({ row: r.value as unknown as PriceListRow, source: r.source as RowSource }));
}

/**
 * The formula version in force on the snapshot's date, read from the curated table version in
 * force on the answer's date (the newest statement of the table), or null when none covers it.
 */
export async function formulaFor(deps: Deps, view: DatasetView, on: string): Promise<PriceListFormula | null> {
  if (!view.versions.length) return null;
  const rows = await readWholeListing(deps, view.dataset, 'versions', { versions: view });
  const hit = rows.find((r) => {
    const f = r.value as unknown as PricingFormulaRow;
    return f.effective_from <= on && (f.effective_to === null || on <= f.effective_to);
  });
  if (!hit) return null;
  const f = hit.value as unknown as PricingFormulaRow;
  return {
    formula_version: f.formula_version,
    effective_from: f.effective_from,
    effective_to: f.effective_to,
    markup_pct: f.markup_pct,
    pharmacy_fee: f.pharmacy_fee,
    shipping: f.shipping,
    dates_basis: f.dates_basis,
    citations: f.citations,
    source: short(hit.source),
  };
}

/** The day the snapshot in force starts (first observed): the date its formula is chosen by. */
export const snapshotDate = (view: DatasetView) => (view.versions[0] ? startOf(view.versions[0]) : view.date);

export const words = (s: string): string[] => s.toLowerCase().match(/[a-z]{4,}/g) ?? [];

/**
 * The NADAC side of each product: the rate of its listed NDC (an identifier), or, for a short NDC,
 * of its padded reading when NADAC's description names the drug (a checked reading, confidence 0.8).
 */
async function acquisitionCosts(
  deps: Deps,
  nadac: DatasetView,
  rows: readonly PriceListRow[],
  implied: (r: PriceListRow) => number | null,
): Promise<PriceListItem['acquisition_cost'][]> {
  const inForce = nadac.versions.length > 0;
  const ndcs = rows.flatMap((r) => (r.ndc11 ? [r.ndc11] : r.ndc_candidate ? [r.ndc_candidate] : []));
  const rates =
    inForce && ndcs.length ? await currentRates(deps, nadac, [...new Set(ndcs)]) : new Map<string, NadacRate>();
  return rows.map((r) => {
    const empty = { rates: [], median_nadac_per_unit: null, implied_minus_nadac: null, implied_vs_nadac_pct: null };
    if (!inForce) return { status: 'nadac_not_in_force', match: null, units_comparable: false, ...empty };
    let match: PriceListItem['acquisition_cost']['match'] = null;
    let rate: NadacRate | undefined;
    if (r.ndc11) {
      rate = rates.get(r.ndc11);
      if (rate)
        match = { method: 'ndc11', ndc11: r.ndc11, confidence: 1, detail: 'The listed NDC, 11 digits as published.' };
      else return { status: 'not_priced', match: null, units_comparable: false, ...empty };
    } else if (r.ndc_candidate) {
      const candidate = rates.get(r.ndc_candidate);
      const named = words(r.medication_name)[0];
      if (candidate && named && candidate.ndc_description.toLowerCase().includes(named)) {
        rate = candidate;
        match = {
          method: 'ndc_padded_name_checked',
          ndc11: r.ndc_candidate,
          confidence: 0.8,
          detail: `The listed NDC ${r.ndc_as_published} has ${r.ndc_as_published?.length} digits; padded on the left to ${r.ndc_candidate}, which NADAC describes as "${candidate.ndc_description}" (it names ${named}). A reading, not the published identifier.`,
        };
      }
    }
    if (!rate || !match) return { status: 'no_ndc', match: null, units_comparable: false, ...empty };
    const median = rate.nadac_per_unit;
    const comparable = r.pill_nonpill.toLowerCase() === 'pill' && (rate.pricing_unit ?? '').toUpperCase() === 'EA';
    const imp = implied(r);
    return {
      status: 'matched',
      match,
      median_nadac_per_unit: median,
      rates: [rate],
      units_comparable: comparable,
      implied_minus_nadac: comparable && imp !== null ? round(imp - median, 5) : null,
      implied_vs_nadac_pct: comparable && imp !== null && median > 0 ? round(((imp - median) / median) * 100, 2) : null,
    };
  });
}

/** The items of rows, with their implied acquisition cost (by `formula`) and NADAC beside them. */
export async function itemsOf(
  deps: Deps,
  nadac: DatasetView,
  listed: readonly Listed[],
  formula: PriceListFormula | null,
): Promise<PriceListItem[]> {
  const k = formula ? 1 + formula.markup_pct / 100 : null;
  const implied = (r: PriceListRow) => (k ? round(r.unit_price / k, 5) : null);
  const costs = await acquisitionCosts(
    deps,
    nadac,
    listed.map((l) => l.row),
    implied,
  );
  return listed.map(({ row: r, source }, i) => ({
    slug: r.slug,
    medication_name: r.medication_name,
    brand_name: r.brand_name,
    form: r.form,
    strength: r.strength,
    pill_nonpill: r.pill_nonpill,
    url: r.url,
    ndc: { as_published: r.ndc_as_published, ndc11: r.ndc11, reading: r.ndc_reading },
    unit_price: r.unit_price,
    price_unit: r.pill_nonpill.toLowerCase() === 'pill' ? 'each' : 'as_named',
    implied_acquisition_cost:
      k && formula
        ? {
            per_unit: implied(r)!,
            low: round(Math.max(0, r.unit_price - 0.0005) / k, 5),
            high: round((r.unit_price + 0.0005) / k, 5),
            formula_version: formula.formula_version,
            markup_pct: formula.markup_pct,
          }
        : null,
    acquisition_cost: costs[i]!,
    source,
    source_row: r.source_row,
  }));
}

export interface PriceListQuery {
  q?: string;
  /** An ndc11 (the route normalizes any NDC form). */
  ndc?: string;
  form?: string;
  pill_nonpill?: 'Pill' | 'Nonpill';
  min_unit_price?: number;
  max_unit_price?: number;
  sort: 'name' | 'unit_price' | 'slug';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
/** Default order: name, strength, form, then slug (unique within a snapshot), then record number. */
function order(sort: PriceListQuery['sort']) {
  return (a: Listed, b: Listed) => {
    const x = a.row;
    const y = b.row;
    const head =
      sort === 'unit_price'
        ? cmp(x.unit_price, y.unit_price)
        : sort === 'name'
          ? cmp(x.medication_name.toLowerCase(), y.medication_name.toLowerCase()) ||
            cmp(x.strength.toLowerCase(), y.strength.toLowerCase()) ||
            cmp(x.form.toLowerCase(), y.form.toLowerCase())
          : 0;
    return head || cmp(x.slug_key, y.slug_key) || a.source.locator.record - b.source.locator.record;
  };
}

function matches(r: PriceListRow, q: PriceListQuery): boolean {
  if (q.q) {
    const needle = q.q.toLowerCase();
    if (!r.medication_name.toLowerCase().includes(needle) && !(r.brand_name ?? '').toLowerCase().includes(needle))
      return false;
  }
  if (q.ndc && r.ndc11 !== q.ndc && r.ndc_candidate !== q.ndc) return false;
  if (q.form && r.form.toLowerCase() !== q.form.toLowerCase()) return false;
  if (q.pill_nonpill && r.pill_nonpill.toLowerCase() !== q.pill_nonpill.toLowerCase()) return false;
  if (q.min_unit_price !== undefined && r.unit_price < q.min_unit_price) return false;
  if (q.max_unit_price !== undefined && r.unit_price > q.max_unit_price) return false;
  return true;
}

function sourcesOf(v: PriceListViews, formula: PriceListFormula | null): CatalogSourceVersion[] {
  const formulaVersions = formula ? v.formula.versions.filter((x) => x.version_id === formula.source.version_id) : [];
  return [...v.list.sourceVersions(), ...v.formula.sourceVersions(formulaVersions), ...v.nadac.sourceVersions()];
}

function snapshotOf(view: DatasetView, products: number) {
  const s = view.versions[0]!;
  return { version_id: s.version_id, publisher_version: s.publisher_version, from: startOf(s), products };
}

const methodology = (v: PriceListViews) =>
  `${PRICE_LIST_METHODOLOGY}${v.nadac.versions.length ? ` ${NADAC_METHODOLOGY}` : ''}`;

/**
 * One page of the snapshot in force, filtered and sorted in memory (a snapshot is a few thousand
 * products, read whole once per snapshot), each product beside its implied acquisition cost (the
 * formula in force on the snapshot's date) and its NADAC rate (the file in force on `as_of`).
 */
export async function listPriceList(deps: Deps, q: PriceListQuery, date: string): Promise<PriceListPage> {
  if (q.min_unit_price !== undefined && q.max_unit_price !== undefined && q.min_unit_price > q.max_unit_price)
    throw ValidationError.single('query', 'min_unit_price', 'is above max_unit_price');
  const v = await priceListViews(deps, date);
  requireSnapshot(v, date);
  const [rows, formula] = await Promise.all([
    snapshotRows(deps, v.list),
    formulaFor(deps, v.formula, snapshotDate(v.list)),
  ]);
  const sorted = rows.filter((l) => matches(l.row, q)).sort(order(q.sort));
  if (q.order === 'desc') sorted.reverse();
  const page = sorted.slice(q.offset, q.offset + q.limit);
  const items = await itemsOf(deps, v.nadac, page, formula);
  return {
    items,
    total: sorted.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < sorted.length ? q.offset + items.length : null,
    sort: q.sort,
    order: q.order,
    snapshot: snapshotOf(v.list, rows.length),
    formula,
    sources: sourcesOf(v, formula),
    gaps: [...v.list.gaps, ...v.formula.gaps, ...v.nadac.gaps],
    as_of: date,
    methodology_note: methodology(v),
  };
}

/**
 * One product by slug (case-insensitive): its row in the snapshot in force beside NADAC, and its
 * change-only price history across the snapshots loaded up to the date. 404 when no snapshot up
 * to the date ever listed the slug; a product the snapshot in force no longer lists is a 200 with
 * `listed: false` and a `removed` point.
 */
export async function priceListProduct(
  deps: Deps,
  slug: string,
  q: { limit: number; cursor?: string },
  date: string,
): Promise<PriceListProduct> {
  const v = await priceListViews(deps, date);
  requireSnapshot(v, date);
  const key = slugKey(slug);
  const [rows, formula, history] = await Promise.all([
    snapshotRows(deps, v.list),
    formulaFor(deps, v.formula, snapshotDate(v.list)),
    seriesHistory(deps, v.list.dataset, PRICE_LIST_SERIES, {
      key: { slug_key: key },
      to: date,
      limit: q.limit,
      cursor: q.cursor,
    }),
  ]);
  const here = rows.find((l) => l.row.slug_key === key);
  if (!here && !history.items.length && !q.cursor)
    throw new NotFoundError(`No Cost Plus price-list snapshot loaded up to ${date} lists the slug ${slug}.`, { slug });
  const [product] = here ? await itemsOf(deps, v.nadac, [here], formula) : [null];
  const listed = new Map<number, CatalogSourceVersion>();
  for (const it of history.items) listed.set(it.source.version_id, it.source);
  for (const s of sourcesOf(v, formula)) listed.set(s.version_id, s);
  return {
    slug: here?.row.slug ?? slug,
    listed: !!here,
    product: product ?? null,
    history: history.items.map((it) => {
      const now = typeof it.value === 'number' ? it.value : null;
      const before = typeof it.previous === 'number' ? it.previous : null;
      return {
        change: it.change,
        unit_price: now,
        previous_unit_price: before,
        pct_change: now !== null && before ? round(((now - before) / before) * 100, 4) : null,
        snapshot_from: it.effective_from,
        source: short(it.source),
      };
    }),
    limit: history.limit,
    next_cursor: history.next_cursor,
    snapshots: history.versions,
    snapshot: snapshotOf(v.list, rows.length),
    formula,
    sources: [...listed.values()].sort((a, b) => a.version_id - b.version_id),
    gaps: [...v.list.gaps, ...v.formula.gaps, ...v.nadac.gaps],
    as_of: date,
    methodology_note: methodology(v),
  };
}
