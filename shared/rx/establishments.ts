import { requireDataset } from '../catalog/datasets';
import { wholeListingKey } from '../catalog/listing-cache';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing, readWholeListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { MAX_LIMIT } from '../http/paging';
import {
  ESTABLISHMENTS_DATASET,
  ESTABLISHMENTS_LISTING,
  ESTABLISHMENTS_METHODOLOGY,
  type EstablishmentRow,
  OPERATIONS_ROLLUP,
} from './establishment-rows';
import type { Establishment, EstablishmentList, EstablishmentOperationList } from './establishment-schemas';
import { contains, pageOf } from './list-text';
import { memoByRelease } from './release-memo';

export interface EstablishmentsQuery {
  /** Upper case, inner spaces collapsed. */
  operation?: string;
  /** ISO-3, upper case. */
  country?: string;
  firm?: string;
  registrant?: string;
  fei?: string;
  sort: 'firm_name' | 'fei_number';
  limit: number;
  offset: number;
}

/** The file in force on the date, or a 503 naming fda_decrs. */
async function decrsView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(ESTABLISHMENTS_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No FDA drug establishments registration file is loaded and in force on ${date}.`, {
      sources: [ESTABLISHMENTS_DATASET],
      gaps: view.gaps,
    });
  }
  return view;
}

const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
const byFei = (a: Establishment, b: Establishment) =>
  cmp(a.fei_number, b.fei_number) || a.source.locator.record - b.source.locator.record;
const byFirm = (a: Establishment, b: Establishment) =>
  cmp(a.firm_name?.toUpperCase() ?? null, b.firm_name?.toUpperCase() ?? null) || byFei(a, b);

/** Every establishment line of the file in force, by firm name: read once per process and file (./release-memo.ts). */
async function establishmentsOf(deps: Deps, view: DatasetView): Promise<Establishment[]> {
  const key = wholeListingKey(view.dataset, 'establishments:held', view.versions, {});
  return memoByRelease(deps, key, async () => {
    const out: Establishment[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryListing(deps, view.dataset, ESTABLISHMENTS_LISTING, {
        versions: view,
        filters: { kind: { eq: 'establishment' } },
        limit: MAX_LIMIT,
        cursor,
      });
      for (const r of page.items) {
        const { locator, kind: _k, operation: _o, ...row } = r.value as unknown as EstablishmentRow;
        out.push({ ...row, source: rowSourceOf(view.version(r.source.version_id)!, locator) });
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out.sort(byFirm);
  });
}

const provenance = (view: DatasetView, date: string) => ({
  sources: view.sourceVersions(),
  gaps: view.gaps,
  as_of: date,
  methodology_note: ESTABLISHMENTS_METHODOLOGY,
});

/** GET /rx/establishments: registration lines of the file in force, filtered and paged in memory. */
export async function listEstablishments(deps: Deps, q: EstablishmentsQuery, date: string): Promise<EstablishmentList> {
  const view = await decrsView(deps, date);
  const hits = (await establishmentsOf(deps, view)).filter(
    (e) =>
      (!q.operation || e.operations.includes(q.operation)) &&
      (!q.country || e.country_iso3 === q.country) &&
      (!q.fei || e.fei_number === q.fei) &&
      contains(e.firm_name, q.firm) &&
      contains(e.registrant_name, q.registrant),
  );
  if (q.sort === 'fei_number') hits.sort(byFei);
  return { ...pageOf(hits, q), sort: q.sort, order: 'asc', ...provenance(view, date) };
}

/** GET /rx/establishments/operations: the operations rollup computed when the file loaded, most lines first. */
export async function establishmentOperations(
  deps: Deps,
  q: { limit: number; offset: number },
  date: string,
): Promise<EstablishmentOperationList> {
  const view = await decrsView(deps, date);
  const rows = await readWholeListing(deps, view.dataset, OPERATIONS_ROLLUP, {
    versions: view,
    filters: { kind: { eq: 'operation' } },
  });
  const all = rows
    .map((r) => r.value as { operation: string | null; establishments: number })
    .filter((r): r is { operation: string; establishments: number } => r.operation !== null)
    .map((r) => ({ operation: r.operation, establishments: r.establishments }))
    .sort((a, b) => b.establishments - a.establishments || cmp(a.operation, b.operation));
  return { ...pageOf(all, q), sort: 'establishments', order: 'desc', ...provenance(view, date) };
}
