import { requireDataset } from '../catalog/datasets';
import { queryListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { FACILITY_LIST_METHODOLOGY, type Facility, type FacilityList } from './facility-list-schemas';
import { FACILITY_DOC, type FacilityType, type Ownership, PDC_FACILITIES, type PdcFacilityRow } from './pdc-rows';

export interface FacilityListQuery {
  state?: string;
  zip?: string;
  county?: string;
  ownership?: Ownership;
  /** `all` (default): active and terminated. */
  status?: 'active' | 'terminated' | 'all';
  limit?: number;
  cursor?: string;
}

/**
 * One page of a facility type's list as of a date: the listing of the file's release in force
 * (its own facilities and those carried in as terminated when it loaded), in CCN order, filtered
 * by state (the partition), ZIP, county, ownership and status (filter expressions, honestly paged).
 * No release of the file in force is a 503 naming cms_pdc_facilities and the document.
 */
export async function listFacilities(
  deps: Deps,
  type: FacilityType,
  date: string,
  q: FacilityListQuery,
): Promise<FacilityList> {
  const view = await viewOf(deps, requireDataset(PDC_FACILITIES), date);
  const doc = FACILITY_DOC[type];
  const versions = view.versions.filter((v) => v.doc_id === doc);
  const gaps = view.gaps.filter((g) => g.doc_id === null || g.doc_id === doc);
  if (!versions.length) {
    throw new SourceNotLoadedError(
      `No release of the ${type.replace('_', ' ')} file of cms_pdc_facilities (document ${doc}) is loaded and in force on ${date}.`,
      { sources: [PDC_FACILITIES], gaps },
    );
  }
  const eq = (v: string | undefined): FilterInput | undefined => (v === undefined ? undefined : { eq: v });
  const page = await queryListing(deps, view.dataset, 'facilities', {
    versions,
    filters: {
      state: eq(q.state),
      zip: eq(q.zip),
      county_key: eq(q.county?.replace(/\s+/g, ' ').trim().toUpperCase()),
      ownership: eq(q.ownership),
      status: q.status && q.status !== 'all' ? { eq: q.status } : undefined,
    },
    limit: q.limit,
    cursor: q.cursor,
  });
  const items = page.items.map((it): Facility => {
    const { county_key: _k, locator: _l, ...row } = it.value as unknown as PdcFacilityRow;
    return { ...row, source: it.source };
  });
  return {
    facility_type: type,
    items,
    limit: page.limit,
    next_cursor: page.next_cursor,
    scanned: page.scanned,
    sources: view.sourceVersions(versions),
    gaps,
    as_of: date,
    methodology_note: FACILITY_LIST_METHODOLOGY,
  };
}
