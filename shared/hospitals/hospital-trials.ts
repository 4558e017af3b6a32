import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { type FacilityRow, HOSPITAL_FACILITIES, placeKeys } from '../facilities/facility-rows';
import { createFacilityMatcher } from '../facilities/matcher';
import { zip5 } from '../facilities/normalize';
import { NotFoundError } from '../http/errors';
import { CTGOV_STUDIES, type TrialStudyRow } from '../trials/study-rows';
import type { HospitalTrials } from './hospital-trials-schemas';
import { HOSPITAL_TRIALS_METHOD, HOSPITAL_TRIALS_METHODOLOGY } from './hospital-trials-schemas';
import { provenance, requireInForce } from './profile-read';

/** Studies read at most per request (those with a site in the hospital's ZIP); more is `truncated`. */
export const MAX_STUDIES = 1000;
const PAGE = 1000;

type Item = HospitalTrials['items'][number];

/**
 * The trials at a hospital on the date: the studies of the ClinicalTrials.gov set in force with a US
 * site in the hospital's ZIP (the set's `zip:` search token), each such site matched by the shared
 * facility matcher (shared/facilities) against the hospitals of its ZIP and city in Hospital General
 * Information, as /clinical-trials/{nct_id} `ccn_links` does. A study is listed when one of its sites
 * is `matched` to the CCN, or `ambiguous` with the CCN among its candidates (then `match.status` says
 * so and no claim is made); the best site answers. Ordered by confidence, then NCT id (unique).
 */
export async function hospitalTrials(
  deps: Deps,
  ccn: string,
  date: string,
  page: { limit: number; offset: number },
): Promise<HospitalTrials> {
  const [hgi, ctgov] = await viewsOf(deps, [
    { dataset: requireDataset(HOSPITAL_FACILITIES), date },
    { dataset: requireDataset(CTGOV_STUDIES), date },
  ]);
  requireInForce(hgi!, date);
  requireInForce(ctgov!, date);
  const found = (await lookupMany(deps, hgi!.dataset, 'ccn', [ccn], hgi!.versions)).get(ccn)?.at(-1);
  const version = found ? hgi!.version(found.version_id) : undefined;
  if (!found || !version) {
    throw new NotFoundError(`${ccn} is not in Hospital General Information in force on ${date}.`, { ccn });
  }
  const hospital = found.value as unknown as FacilityRow;
  const zip = zip5(hospital.zip);
  // Every study with a site in the hospital's ZIP, in NCT order, up to MAX_STUDIES.
  const ncts: string[] = [];
  let cursor: string | undefined;
  let truncated = false;
  if (zip) {
    do {
      const p = await queryListing(deps, ctgov!.dataset, 'studies', {
        versions: ctgov!,
        filters: { nct_id: { token: `zip:${zip}` } },
        limit: PAGE,
        cursor,
      });
      for (const it of p.items) ncts.push(String(it.value.nct_id));
      cursor = p.next_cursor ?? undefined;
      if (ncts.length >= MAX_STUDIES) {
        truncated = cursor !== undefined || ncts.length > MAX_STUDIES;
        break;
      }
    } while (cursor);
  }
  const wanted = ncts.slice(0, MAX_STUDIES);
  const [studies, refs] = await Promise.all([
    lookupMany(deps, ctgov!.dataset, 'nct', wanted, ctgov!.versions),
    lookupMany(deps, hgi!.dataset, 'place', placeKeys(hospital), hgi!.versions),
  ]);
  const reference = new Map<string, FacilityRow>();
  for (const stored of [...refs.values()].flat()) {
    if (stored.version_id !== found.version_id) continue;
    const r = stored.value as unknown as FacilityRow;
    reference.set(r.ccn, r);
  }
  reference.set(ccn, hospital);
  const matcher = createFacilityMatcher(
    [...reference.values()].map((r) => ({
      ccn: r.ccn,
      name: r.facility_name,
      address: r.address,
      city: r.city,
      state: r.state,
      zip: r.zip,
    })),
  );
  const items: Item[] = [];
  for (const nct of wanted) {
    const stored = studies.get(nct)?.at(-1);
    const sv = stored ? ctgov!.version(stored.version_id) : undefined;
    if (!stored || !sv) continue;
    const study = stored.value as unknown as TrialStudyRow;
    let best: Item['match'] | null = null;
    study.sites.forEach((s, i) => {
      if (!s.state_code || !s.facility?.trim() || zip5(s.zip) !== zip) return;
      const m = matcher.match({ name: s.facility, city: s.city, state: s.state_code, zip: s.zip });
      const mine = m.candidates.find((c) => c.ccn === ccn);
      if (!mine || (m.status === 'matched' && m.ccn !== ccn)) return;
      const match: Item['match'] = {
        status: m.status === 'matched' ? 'matched' : 'ambiguous',
        confidence: mine.confidence,
        method: mine.method,
        site_index: i,
        facility: s.facility,
        city: s.city,
        zip: s.zip,
        site_status: s.status,
        candidates: m.candidates,
      };
      const rank = (x: Item['match']) => (x.status === 'matched' ? 1 : 0) + x.confidence;
      if (!best || rank(match) > rank(best)) best = match;
    });
    if (!best) continue;
    items.push({
      nct_id: study.nct_id,
      brief_title: study.brief_title,
      overall_status: study.overall_status,
      phases: study.phases,
      conditions: study.conditions,
      lead_sponsor: study.lead_sponsor,
      last_update_posted: study.last_update_posted,
      match: best,
      source: rowSourceOf(sv, study.locator),
    });
  }
  const order = (x: Item) => (x.match.status === 'matched' ? 1 : 0) + x.match.confidence;
  items.sort((a, b) => order(b) - order(a) || (a.nct_id < b.nct_id ? -1 : 1));
  const slice = items.slice(page.offset, page.offset + page.limit);
  const next = page.offset + page.limit;
  return {
    ccn,
    hospital: {
      facility_name: hospital.facility_name,
      address: hospital.address,
      city: hospital.city,
      state: hospital.state,
      zip: hospital.zip,
      source: rowSourceOf(version, hospital.locator),
    },
    items: slice,
    total: items.length,
    limit: page.limit,
    offset: page.offset,
    next_offset: next < items.length ? next : null,
    searched: { zip, studies_with_a_site_in_zip: wanted.length, truncated },
    method: HOSPITAL_TRIALS_METHOD,
    ...provenance([hgi!, ctgov!], date, HOSPITAL_TRIALS_METHODOLOGY),
  };
}
