import { getDataset } from '../catalog/datasets';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import type { FacilityRow } from '../facilities/facility-rows';
import { createFacilityMatcher, type FacilityMatcher } from '../facilities/matcher';
import { CCN_DATASET, type CcnLink, type CcnLinks } from './link-schemas';
import type { StudySite, TrialStudyRow } from './study-rows';

/** States (partitions of the hospital reference) one study reads at most; sites past them are `not_searched`. */
export const MAX_STATE_READS = 12;

export const CCN_METHOD =
  'Each US site (facility name, city, state, ZIP) against the CMS hospital general information file in force on the date, with the shared facility matcher (shared/facilities): candidates are the hospitals of the site’s ZIP or city in its state; the same normalized name (legal forms dropped, hospital abbreviations expanded) scores 0.85 (`name_city`), names sharing most words 0.5 to 0.79 (`name_fuzzy`); a street address would add more, but trial sites give none. A CCN is claimed (`matched`) only when the best hospital reaches 0.8 and the next is at least 0.1 below; otherwise the candidates are listed and none is claimed. The reference is read one state at a time, at most 12 states per study.';

interface Reference {
  matcher: FacilityMatcher;
  rows: Map<string, { row: FacilityRow; source: RowSource }>;
}

/** A state's hospitals in force (one partition of the `facilities` listing), as matcher and rows by CCN. */
async function referenceOf(deps: Deps, view: DatasetView, state: string): Promise<Reference> {
  const rows = new Map<string, { row: FacilityRow; source: RowSource }>();
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, view.dataset, 'facilities', {
      versions: view,
      filters: { state: { eq: state } },
      limit: 1000,
      cursor,
      maxScanned: 5000,
    });
    for (const item of page.items) {
      const row = item.value as unknown as FacilityRow;
      const version = view.version(item.source.version_id);
      const source = version
        ? rowSourceOf(version, row.locator)
        : { ...item.source, locator: item.source.locator ?? row.locator };
      rows.set(row.ccn, { row, source });
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  const matcher = createFacilityMatcher(
    [...rows.values()].map(({ row }) => ({
      ccn: row.ccn,
      name: row.facility_name,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
    })),
  );
  return { matcher, rows };
}

const notSearched = (i: number, s: StudySite, reason: string): CcnLink => ({
  site_index: i,
  facility: s.facility,
  city: s.city,
  state_code: s.state_code!,
  zip: s.zip,
  status: 'not_searched',
  ccn: null,
  name: null,
  confidence: null,
  method: null,
  reason,
  reference: null,
  candidates: [],
});

/**
 * The CCN links of a study's US sites: each site's facility, city, state and ZIP matched by the
 * facility matcher against the hospitals of its state in the reference in force on the date, a CCN
 * claimed only when one hospital clearly wins. No reference in force: an honest `not_loaded` gap,
 * not a failure of the study's answer. Bounded: MAX_STATE_READS state partitions a study.
 */
export async function ccnLinksOf(deps: Deps, row: TrialStudyRow, date: string): Promise<CcnLinks> {
  const sites = row.sites.map((s, i) => ({ s, i })).filter(({ s }) => s.state_code);
  const dataset = getDataset(CCN_DATASET);
  const view = dataset ? await viewOf(deps, dataset, date) : undefined;
  if (!view?.versions.length) {
    const detail = `${CCN_DATASET} (CMS hospital general information) has no version ${dataset ? 'in force' : 'installed'} on ${date}: none of the study's ${sites.length} US site(s) is linked to a CCN.`;
    return {
      status: 'not_loaded',
      dataset: CCN_DATASET,
      method: CCN_METHOD,
      links: [],
      sources: [],
      // The block's own gap first, then what the catalog says of the reference on the date.
      gaps: [{ source_id: CCN_DATASET, doc_id: null, reason: 'not_loaded', detail }, ...(view?.gaps ?? [])],
    };
  }
  // The states to read, in the order of the sites that need them, at most MAX_STATE_READS.
  const states: string[] = [];
  for (const { s } of sites) {
    const st = s.state_code!;
    if (s.facility?.trim() && !states.includes(st) && states.length < MAX_STATE_READS) states.push(st);
  }
  const refs = new Map(await Promise.all(states.map(async (st) => [st, await referenceOf(deps, view, st)] as const)));
  const links = sites.map(({ s, i }): CcnLink => {
    if (!s.facility?.trim()) return notSearched(i, s, 'the site names no facility to match');
    const ref = refs.get(s.state_code!);
    if (!ref)
      return notSearched(i, s, `not searched: the study's first ${MAX_STATE_READS} states of the reference are read`);
    const m = ref.matcher.match({ name: s.facility, city: s.city, state: s.state_code, zip: s.zip });
    return {
      site_index: i,
      facility: s.facility,
      city: s.city,
      state_code: s.state_code!,
      zip: s.zip,
      status: m.status,
      ccn: m.ccn,
      name: m.name,
      confidence: m.confidence,
      method: m.method,
      reason: null,
      reference: m.ccn ? (ref.rows.get(m.ccn)?.source ?? null) : null,
      candidates: m.candidates.map((c) => ({ ...c, zip: ref.rows.get(c.ccn)?.row.zip ?? null })),
    };
  });
  return {
    status: 'searched',
    dataset: CCN_DATASET,
    method: CCN_METHOD,
    links,
    sources: view.sourceVersions(),
    gaps: view.gaps,
  };
}
