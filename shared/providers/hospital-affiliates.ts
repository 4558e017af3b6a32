import { requireDataset } from '../catalog/datasets';
import { queryListing } from '../catalog/query';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { AFFILIATES_METHODOLOGY, type HospitalAffiliates } from './dac-schemas';
import { PROVIDER_LINKS, type ProviderLinkRow } from './links-rows';

const DOC = 'dac:2';

/**
 * One page of the clinicians affiliated with a hospital CCN (issue 21 point 7): the
 * `hospital_affiliates` listing of the facility-affiliation file in force, partitioned by CCN, in
 * NPI order ending on version and record. Two reads: the view, then one query of the CCN's
 * partition. 503 naming cms_dac when no facility-affiliation file is in force; 404 when it lists
 * no clinician for the CCN.
 */
export async function hospitalAffiliates(
  deps: Deps,
  ccn: string,
  date: string,
  q: { limit?: number; cursor?: string },
): Promise<HospitalAffiliates> {
  const view = await viewOf(deps, requireDataset(PROVIDER_LINKS), date, ['cms_dac']);
  const versions = view.versions.filter((v) => v.doc_id === DOC);
  const gaps = view.gaps.filter((g) => g.doc_id === null || g.doc_id === DOC);
  if (!versions.length) {
    throw new SourceNotLoadedError(
      `No facility-affiliation file of cms_dac (document ${DOC}) is loaded and in force on ${date}.`,
      { sources: ['cms_dac'], gaps },
    );
  }
  const page = await queryListing(deps, view.dataset, 'hospital_affiliates', {
    versions,
    filters: { hospital_ccn: { eq: ccn } },
    limit: q.limit,
    cursor: q.cursor,
  });
  if (!q.cursor && !page.items.length && !page.next_cursor) {
    throw new NotFoundError(
      `The facility-affiliation file in force on ${date} affiliates no clinician with hospital CCN ${ccn}.`,
      { ccn },
    );
  }
  return {
    ccn,
    items: page.items.map((it) => {
      const row = it.value as unknown as ProviderLinkRow;
      const f = row.facility!;
      return {
        npi: row.npi,
        ind_pac_id: f.ind_pac_id,
        last_name: f.last_name,
        first_name: f.first_name,
        facility_type_published: f.facility_type_published,
        parent_ccn: f.parent_ccn,
        source: it.source,
      };
    }),
    limit: page.limit,
    next_cursor: page.next_cursor,
    scanned: page.scanned,
    sources: view.sourceVersions(versions),
    gaps,
    as_of: date,
    methodology_note: AFFILIATES_METHODOLOGY,
  };
}
