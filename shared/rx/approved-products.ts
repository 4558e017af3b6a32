import { requireDataset } from '../catalog/datasets';
import { wholeListingKey } from '../catalog/listing-cache';
import type { RowSource } from '../catalog/provenance';
import type { ListingRow } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { OB_DATASET, type ObRow, type ObTable } from './approvals-rows';
import type { ApprovedProduct, ApprovedProductsPage, LaunchRadarItem, LaunchRadarPage } from './approvals-schemas';
import { contains, pageOf } from './list-text';
import { memoByRelease, readTable } from './release-memo';

const OB_SCOPE =
  'Source: the FDA Orange Book data files (fda_orange_book), the monthly release in force on `as_of` (a release is in force from the day it was archived until the next). The Orange Book lists drug products approved under NDAs (`N`, brand and 505(b)(2)) and ANDAs (`A`, generic), prescription, OTC and discontinued (`DISCN`), with therapeutic-equivalence codes; it omits biologics licensed under BLAs (the Purple Book), OTC monograph drugs and unapproved drugs. Patents are those the NDA holder listed (unlisted patents, process patents and litigation are not in it); a patent or exclusivity that left a later release no longer counts from that release on. No suppression applies (no patient data). ';

export const OB_METHODOLOGY = OB_SCOPE;

export const RADAR_METHODOLOGY = `${OB_SCOPE}Launch radar rule: a brand product is an \`N\` product of type RX or OTC; it is on the radar when no \`A\` product of type RX or OTC in the same release has the same ingredient, dosage form, route and strength (compared as published, case and spacing ignored; a discontinued generic is not competition, a tentative approval is not in the Orange Book). \`loss_of_exclusivity\` is an outer bound: the latest of the expiry dates of the product's listed patents (pediatric extensions are their own rows, \`*PED\`) and of its exclusivity end dates; generic entry can come earlier (a patent invalidated, settled, licensed or not blocking a carved-out label) or later (unlisted patents, 30-month stays, citizen petitions). \`protected\` is \`loss_of_exclusivity\` on or after \`as_of\`; \`unprotected=true\` keeps the others (every barrier passed, or none listed). Computed once per process and Orange Book release, not per request. `;

/** The Orange Book release as of the date: the view, or a 503 naming fda_orange_book when no file is in force. */
export async function obView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(OB_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No Orange Book release is loaded and in force on ${date}.`, {
      sources: ['fda_orange_book'],
      gaps: view.gaps,
    });
  }
  return view;
}

const rowsOf = (deps: Deps, view: DatasetView, table: ObTable) => readTable(deps, view, table);

const located = (r: ListingRow) => ({
  row: r.value as unknown as ObRow,
  source: { ...r.source, locator: r.source.locator ?? { line: 0, record: 0 } } as RowSource,
});

const productKey = (r: { appl_type: string; appl_no: string; product_no: string }) =>
  `${r.appl_type}:${r.appl_no}:${r.product_no}`;
const norm = (s: string | null) => (s ?? '').toUpperCase().replace(/\s+/g, ' ').trim();
const sameProductKey = (r: ObRow) => [r.ingredient, r.dosage_form, r.route, r.strength].map(norm).join('|');

interface Joined {
  products: ApprovedProduct[];
  radar: Omit<LaunchRadarItem, 'protected'>[];
}

function productFields(row: ObRow, source: RowSource) {
  return {
    appl_type: row.appl_type,
    appl_no: row.appl_no,
    product_no: row.product_no,
    trade_name: row.trade_name,
    ingredient: row.ingredient,
    dosage_form: row.dosage_form,
    route: row.route,
    strength: row.strength,
    applicant: row.applicant,
    applicant_full_name: row.applicant_full_name,
    product_type: row.product_type,
    te_code: row.te_code,
    approval_date: row.approval_date,
    approved_before_1982: row.approved_before_1982,
    rld: row.rld,
    rs: row.rs,
    source,
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpNullsLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : cmp(a, b);

/**
 * The release's products with their patent and exclusivity counts, and its launch radar (brand
 * products without a same ingredient/form/route/strength generic, each with its barriers and
 * loss_of_exclusivity), joined once per process and release set (./release-memo.ts).
 */
async function joined(deps: Deps, view: DatasetView): Promise<Joined> {
  const key = wholeListingKey(view.dataset, 'approved-products:joined', view.versions, {});
  return memoByRelease(deps, key, async (): Promise<Joined> => {
    const [products, patents, excl] = await Promise.all(
      (['products', 'patent', 'exclusivity'] as const).map(async (t) => (await rowsOf(deps, view, t)).map(located)),
    );
    const barriersOf = new Map<string, LaunchRadarItem['barriers']>();
    const add = (k: string, b: LaunchRadarItem['barriers'][number]) => {
      const list = barriersOf.get(k) ?? [];
      list.push(b);
      barriersOf.set(k, list);
    };
    for (const { row, source } of patents!)
      add(productKey(row), {
        kind: 'patent',
        id: row.patent_no ?? '',
        date: row.patent_expire_date,
        drug_substance: row.drug_substance_flag,
        drug_product: row.drug_product_flag,
        use_code: row.patent_use_code,
        delist_requested: row.delist_flag,
        source,
      });
    for (const { row, source } of excl!)
      add(productKey(row), {
        kind: 'exclusivity',
        id: row.exclusivity_code ?? '',
        date: row.exclusivity_date,
        drug_substance: null,
        drug_product: null,
        use_code: null,
        delist_requested: null,
        source,
      });
    const marketed = (r: ObRow) => r.product_type === 'RX' || r.product_type === 'OTC';
    const generics = new Set(
      products!.filter(({ row }) => row.appl_type === 'A' && marketed(row)).map(({ row }) => sameProductKey(row)),
    );
    const listed: ApprovedProduct[] = [];
    const radar: Joined['radar'] = [];
    for (const { row, source } of products!) {
      const barriers = barriersOf.get(productKey(row)) ?? [];
      listed.push({
        ...productFields(row, source),
        patent_count: barriers.filter((b) => b.kind === 'patent').length,
        exclusivity_count: barriers.filter((b) => b.kind === 'exclusivity').length,
      });
      if (row.appl_type !== 'N' || !marketed(row) || generics.has(sameProductKey(row))) continue;
      const sorted = [...barriers].sort(
        (a, b) => -cmpNullsLast(a.date, b.date) || cmp(a.kind, b.kind) || cmp(a.id, b.id),
      );
      radar.push({
        ...productFields(row, source),
        loss_of_exclusivity: sorted.find((b) => b.date)?.date ?? null,
        barriers: sorted,
      });
    }
    const byProduct = (a: { appl_no: string; product_no: string; appl_type: string }, b: typeof a) =>
      cmp(a.appl_no, b.appl_no) || cmp(a.product_no, b.product_no) || cmp(a.appl_type, b.appl_type);
    listed.sort((a, b) => cmpNullsLast(a.trade_name, b.trade_name) || byProduct(a, b));
    radar.sort((a, b) => cmpNullsLast(a.loss_of_exclusivity, b.loss_of_exclusivity) || byProduct(a, b));
    return { products: listed, radar };
  });
}

export interface ApprovedProductsQuery {
  trade_name?: string;
  ingredient?: string;
  applicant?: string;
  appl_type?: 'N' | 'A';
  product_type?: 'RX' | 'OTC' | 'DISCN';
  te_code?: string;
  limit: number;
  offset: number;
}

/** Approved products of the release in force, filtered, by trade name then application and product number. */
export async function listApprovedProducts(
  deps: Deps,
  q: ApprovedProductsQuery,
  date: string,
): Promise<ApprovedProductsPage> {
  const view = await obView(deps, date);
  const { products } = await joined(deps, view);
  const te = q.te_code?.trim().toUpperCase();
  const hits = products.filter(
    (p) =>
      (!q.appl_type || p.appl_type === q.appl_type) &&
      (!q.product_type || p.product_type === q.product_type) &&
      (!te || (p.te_code ?? '').toUpperCase() === te) &&
      contains(p.trade_name, q.trade_name) &&
      contains(p.ingredient, q.ingredient) &&
      (contains(p.applicant, q.applicant) || contains(p.applicant_full_name, q.applicant)),
  );
  return {
    ...pageOf(hits, q),
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: OB_METHODOLOGY,
  };
}

export interface LaunchRadarQuery {
  ingredient?: string;
  applicant?: string;
  loe_from?: string;
  loe_to?: string;
  unprotected?: boolean;
  limit: number;
  offset: number;
}

/** The launch radar of the release in force: by loss_of_exclusivity (none last), then application and product number. */
export async function launchRadar(deps: Deps, q: LaunchRadarQuery, date: string): Promise<LaunchRadarPage> {
  const view = await obView(deps, date);
  const { radar } = await joined(deps, view);
  const windowed = q.loe_from !== undefined || q.loe_to !== undefined;
  const hits = radar
    .map((r) => ({ ...r, protected: r.loss_of_exclusivity !== null && r.loss_of_exclusivity >= date }))
    .filter(
      (r) =>
        contains(r.ingredient, q.ingredient) &&
        (contains(r.applicant, q.applicant) || contains(r.applicant_full_name, q.applicant)) &&
        (q.unprotected === undefined || r.protected === !q.unprotected) &&
        (!windowed ||
          (r.loss_of_exclusivity !== null &&
            (!q.loe_from || r.loss_of_exclusivity >= q.loe_from) &&
            (!q.loe_to || r.loss_of_exclusivity <= q.loe_to))),
    );
  return {
    ...pageOf(hits, q),
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: RADAR_METHODOLOGY,
  };
}
