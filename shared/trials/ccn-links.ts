import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { type FacilityRow, placeKeys } from '../facilities/facility-rows';
import { createFacilityMatcher, type FacilityMatcher } from '../facilities/matcher';
import { CCN_DATASET, type CcnLink, type CcnLinks } from './link-schemas';
import type { StudySite, TrialStudyRow } from './study-rows';

export const CCN_METHOD =
  'Each US site (facility name, city, state, ZIP) against the CMS hospital general information file in force on the date, with the shared facility matcher (shared/facilities): candidates are the hospitals of the site’s ZIP or city in its state; the same normalized name (legal forms dropped, hospital abbreviations expanded) scores 0.85 (`name_city`), names sharing most words 0.5 to 0.79 (`name_fuzzy`); a street address would add more, but trial sites give none. A CCN is claimed (`matched`) only when the best hospital reaches 0.8 and the next is at least 0.1 below; otherwise the candidates are listed and none is claimed. Only the sites’ ZIP and city blocks of the reference are read (its `place` index), which are exactly the hospitals the matcher can score.';

interface Reference {
  matcher: FacilityMatcher;
  rows: Map<string, { row: FacilityRow; source: RowSource }>;
}

/**
 * The hospitals the matcher can score for these sites: the reference rows under the sites' ZIP and
 * city keys (`place` index, shared/facilities/facility-rows.ts `placeKeys`), read by key, so a study's
 * cost grows with its sites' distinct places, never with the size of a state.
 */
async function referenceFor(deps: Deps, view: DatasetView, sites: readonly StudySite[]): Promise<Reference> {
  const keys = [...new Set(sites.flatMap((s) => placeKeys({ state: s.state_code, city: s.city, zip: s.zip })))];
  const rows = new Map<string, { row: FacilityRow; source: RowSource }>();
  const found = keys.length ? await lookupMany(deps, view.dataset, 'place', keys, view.versions) : new Map();
  for (const stored of [...found.values()].flat()) {
    const version = view.version(stored.version_id);
    if (!version) continue;
    const row = stored.value as unknown as FacilityRow;
    rows.set(row.ccn, { row, source: rowSourceOf(version, row.locator) });
  }
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
 * not a failure of the study's answer. Bounded by the sites' distinct ZIP and city keys.
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
  const ref = await referenceFor(
    deps,
    view,
    sites.filter(({ s }) => s.facility?.trim()).map(({ s }) => s),
  );
  const links = sites.map(({ s, i }): CcnLink => {
    if (!s.facility?.trim()) return notSearched(i, s, 'the site names no facility to match');
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
