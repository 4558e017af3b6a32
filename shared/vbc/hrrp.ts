import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import {
  HRRP_HOSPITALS,
  HRRP_SUPPLEMENTAL,
  type HrrpHospitalRow,
  type HrrpSupplementalRow,
  type ListedHrrpHospital,
  type ListedHrrpSupplemental,
} from './hrrp-rows';
import {
  HRRP_METHODOLOGY,
  type HrrpHospital,
  type HrrpHospitalDetail,
  type HrrpList,
  type HrrpMeasures,
} from './hrrp-schemas';

interface Located<R> {
  row: R;
  source: RowSource;
}

interface Views {
  hospitals: DatasetView;
  supplemental: DatasetView;
  date: string;
}

/** Both HRRP views on the date; a 503 naming both sources when neither can answer. */
async function hrrpViews(deps: Deps, date: string, need: 'any' | 'hospitals' = 'any'): Promise<Views> {
  const [hospitals, supplemental] = await viewsOf(deps, [
    { dataset: requireDataset(HRRP_HOSPITALS), date },
    { dataset: requireDataset(HRRP_SUPPLEMENTAL), date },
  ]);
  const none = !hospitals!.versions.length && (need === 'hospitals' || !supplemental!.versions.length);
  if (none) {
    const gaps = [...hospitals!.gaps, ...(need === 'hospitals' ? [] : supplemental!.gaps)];
    const names = need === 'hospitals' ? 'cms_hrrp' : 'cms_hrrp and cms_hrrp_supplemental';
    throw new SourceNotLoadedError(`No version of ${names} is loaded and in force on ${date}.`, {
      sources: need === 'hospitals' ? ['cms_hrrp'] : ['cms_hrrp', 'cms_hrrp_supplemental'],
      gaps,
    });
  }
  return { hospitals: hospitals!, supplemental: supplemental!, date };
}

/**
 * Every row of a listing in force (the HRRP files list at most one row per subsection (d) hospital,
 * about 3,100): read whole, page after page, so the list can be joined, filtered and sorted.
 */
async function readListing<R>(
  deps: Deps,
  view: DatasetView,
  filters: Record<string, { eq: string }> = {},
): Promise<Located<R>[]> {
  if (!view.versions.length) return [];
  const items = await readWholeListing(deps, view.dataset, 'hospitals', { versions: view, filters, maxScanned: 5000 });
  return items.map((item) => {
    const { locator, ...src } = item.source;
    return { row: item.value as R, source: { ...src, locator: locator ?? { line: 0, record: 0 } } };
  });
}

async function lookup<R extends { locator: { line: number; record: number } }>(
  deps: Deps,
  view: DatasetView,
  ccns: readonly string[],
): Promise<Map<string, Located<R>>> {
  const out = new Map<string, Located<R>>();
  if (!view.versions.length || !ccns.length) return out;
  const found = await lookupMany(deps, view.dataset, 'ccn', ccns, view.versions);
  for (const [ccn, rows] of found) {
    const stored = rows[rows.length - 1];
    const version = stored ? view.version(stored.version_id) : undefined;
    if (!stored || !version) continue;
    const row = stored.value as unknown as R;
    out.set(ccn, { row, source: rowSourceOf(version as CatalogVersion, row.locator) });
  }
  return out;
}

function summary(
  ccn: string,
  h: Located<ListedHrrpHospital> | undefined,
  s: Located<ListedHrrpSupplemental> | undefined,
): HrrpHospital {
  return {
    ccn,
    facility_name: h?.row.facility_name ?? null,
    state: h?.row.state ?? null,
    penalized: s ? s.row.penalized : null,
    payment_adjustment_factor: s ? s.row.payment_adjustment_factor : null,
    payment_reduction_pct: s ? s.row.payment_reduction_pct : null,
    sources: { hospital_file: h?.source ?? null, supplemental: s?.source ?? null },
  };
}

function provenance(v: Views) {
  return {
    sources: [...v.hospitals.sourceVersions(), ...v.supplemental.sourceVersions()],
    gaps: [...v.hospitals.gaps, ...v.supplemental.gaps],
    as_of: v.date,
    methodology_note: HRRP_METHODOLOGY,
  };
}

export type HrrpSort = 'ccn' | 'payment_reduction_pct' | 'facility_name';

export interface HrrpListQuery {
  state?: string;
  penalized?: boolean;
  payment_reduction_pct_min?: number;
  payment_reduction_pct_max?: number;
  sort: HrrpSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Nulls last in both directions; ties always broken by CCN ascending (unique). */
function compareBy(sort: HrrpSort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: HrrpHospital, b: HrrpHospital): number => {
    if (sort !== 'ccn') {
      const x = a[sort];
      const y = b[sort];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
      return a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0;
    }
    return (a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0) * sign;
  };
}

/**
 * The HRRP hospitals in force on the date: the hospital file (name, state) and the supplemental
 * file (payment adjustment factor) joined by CCN: the hospital file's list (its state partition with
 * `state`) and the supplemental file's list, each read whole through the listing cache.
 */
export async function listHrrp(deps: Deps, q: HrrpListQuery, date: string): Promise<HrrpList> {
  const v = await hrrpViews(deps, date);
  const [hospitals, supplemental] = await Promise.all([
    readListing<ListedHrrpHospital>(deps, v.hospitals, q.state ? { state: { eq: q.state } } : {}),
    readListing<ListedHrrpSupplemental>(deps, v.supplemental).then((rows) => new Map(rows.map((r) => [r.row.ccn, r]))),
  ]);
  const byCcn = new Map(hospitals.map((h) => [h.row.ccn, h]));
  const ccns = q.state ? [...byCcn.keys()] : [...new Set([...byCcn.keys(), ...supplemental.keys()])];
  const order = q.order ?? (q.sort === 'payment_reduction_pct' ? 'desc' : 'asc');
  const all = ccns
    .map((ccn) => summary(ccn, byCcn.get(ccn), supplemental.get(ccn)))
    .filter(
      (h) =>
        (q.penalized === undefined || h.penalized === q.penalized) &&
        (q.payment_reduction_pct_min === undefined ||
          (h.payment_reduction_pct !== null && h.payment_reduction_pct >= q.payment_reduction_pct_min)) &&
        (q.payment_reduction_pct_max === undefined ||
          (h.payment_reduction_pct !== null && h.payment_reduction_pct <= q.payment_reduction_pct_max)),
    )
    .sort(compareBy(q.sort, order));
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    order,
    ...provenance(v),
  };
}

async function both(deps: Deps, v: Views, ccn: string) {
  const [h, s] = await Promise.all([
    lookup<HrrpHospitalRow>(deps, v.hospitals, [ccn]),
    lookup<HrrpSupplementalRow>(deps, v.supplemental, [ccn]),
  ]);
  return { h: h.get(ccn), s: s.get(ccn) };
}

const notFound = (ccn: string, date: string) =>
  new NotFoundError(`CCN ${ccn} is in neither HRRP file in force on ${date}.`, { ccn });

/** One hospital: its penalty, the supplemental file's inputs and the rows it was read from. */
export async function hrrpHospital(deps: Deps, ccn: string, date: string): Promise<HrrpHospitalDetail> {
  const v = await hrrpViews(deps, date);
  const { h, s } = await both(deps, v, ccn);
  if (!h && !s) throw notFound(ccn, date);
  const dual = s?.row.dual_proportion;
  return {
    ...summary(ccn, h, s),
    dual_proportion_pct: dual === null || dual === undefined ? null : Math.round(dual * 100 * 1e6) / 1e6,
    peer_group: s?.row.peer_group ?? null,
    neutrality_modifier: s?.row.neutrality_modifier ?? null,
    conditions_penalized: (s?.row.conditions ?? []).filter((c) => c.penalty_indicator).map((c) => c.condition),
    supplemental_conditions: s?.row.conditions ?? [],
    source_row: { supplemental: s?.row.source_row ?? null },
    ...provenance(v),
  };
}

/** The hospital file's measures of one hospital, each with the supplemental columns of its condition. */
export async function hrrpMeasures(deps: Deps, ccn: string, date: string): Promise<HrrpMeasures> {
  const v = await hrrpViews(deps, date, 'hospitals');
  const { h, s } = await both(deps, v, ccn);
  if (!h && !s) throw notFound(ccn, date);
  const version = h ? v.hospitals.version(h.source.version_id) : undefined;
  const payment = new Map((s?.row.conditions ?? []).map((c) => [c.condition, c]));
  return {
    ccn,
    facility_name: h?.row.facility_name ?? null,
    state: h?.row.state ?? null,
    measures: (h?.row.measures ?? []).map(({ locator, ...m }) => ({
      ...m,
      source: rowSourceOf(version!, locator),
      payment: (m.condition && payment.get(m.condition)) || null,
    })),
    ...provenance(v),
  };
}
