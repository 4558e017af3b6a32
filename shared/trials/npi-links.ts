import { getDataset } from '../catalog/datasets';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { findByNameTokens } from '../providers/by-name';
import { nameKey, type PersonName, parsePersonName, personToken } from '../providers/name-key';
import type { RegistryProvider } from '../providers/record';
import { PROVIDER_REGISTRY } from '../providers/record';
import { registryDate } from '../providers/resolve';
import type { NpiLink, NpiLinks } from './link-schemas';
import type { StudySite, TrialStudyRow } from './study-rows';
import { cityKey, zip5 } from './tokens';

/** A candidate at or above this confidence, alone there, is linked; otherwise nothing is claimed. */
export const LINK_THRESHOLD = 0.8;
/** Name tokens (a name in a state) one study reads at most; persons past it are `not_searched`. */
export const MAX_NAME_SEARCHES = 40;
const SHOWN = 10;

export const NPI_METHOD =
  'Name and place against the NPPES registry (individuals, as loaded today: an NPI is permanent). The registered name is read as first, middle and last name (degrees after commas, titles and suffixes dropped); registry individuals with that last name and first initial practising in the site’s state are candidates, unless both first names are given in full and differ (no nicknames) or the NPI is deactivated. An overall official is placed at the sites whose facility names the official’s affiliation, else in the states of every US site, by state only. Confidence: full first name and practice ZIP 0.95, and city 0.85, and state only 0.6; first initial only 0.75, 0.6, 0.35; a middle initial that differs takes 0.15 off. Linked only when exactly one candidate reaches 0.8.';

interface Place {
  state: string;
  city: string | null;
  zip: string | null;
}

interface Person {
  link: NpiLink['person'];
  name: PersonName | null;
  places: Place[];
}

const placeOf = (s: StudySite): Place | null =>
  s.state_code ? { state: s.state_code, city: s.city ? cityKey(s.city) : null, zip: s.zip ? zip5(s.zip) : null } : null;

/** Sites whose facility holds every word of the affiliation (or the reverse): where an official works. */
function affiliatedSites(affiliation: string | null, sites: StudySite[]): StudySite[] {
  const words = (s: string) => new Set(s.split(/\s+/).map(nameKey).filter(Boolean));
  if (!affiliation) return [];
  const a = words(affiliation);
  if (!a.size) return [];
  return sites.filter((s) => {
    if (!s.facility) return false;
    const f = words(s.facility);
    return [...a].every((w) => f.has(w)) || [...f].every((w) => a.has(w));
  });
}

function personsOf(row: TrialStudyRow): Person[] {
  const usPlaces = row.sites.map(placeOf).filter((p): p is Place => p !== null);
  const out: Person[] = row.officials.map((o) => {
    const own = affiliatedSites(o.affiliation, row.sites)
      .map(placeOf)
      .filter((p): p is Place => p !== null);
    // Not placed at a site the affiliation does not name: then the sites' states only are evidence.
    const statesOnly = usPlaces.map((p) => ({ state: p.state, city: null, zip: null }));
    return {
      link: { name: o.name, role: o.role, kind: 'overall_official' as const, site_index: null },
      name: parsePersonName(o.name),
      places: own.length ? own : statesOnly,
    };
  });
  row.sites.forEach((site, i) => {
    const place = placeOf(site);
    for (const inv of site.investigators) {
      out.push({
        link: { name: inv.name, role: inv.role, kind: 'site_investigator', site_index: i },
        name: parsePersonName(inv.name),
        places: place ? [place] : [],
      });
    }
  });
  return out;
}

type Candidate = NpiLink['candidates'][number];

/** Two full first names that differ rule a registry individual out (nicknames are not matched). */
const firstNamesDiffer = (name: PersonName, p: RegistryProvider) => {
  const first = nameKey(p.first_name ?? '');
  return name.first.length > 1 && first.length > 1 && first !== name.first;
};

function score(name: PersonName, p: RegistryProvider, places: Place[], versionId: number): Candidate {
  const first = nameKey(p.first_name ?? '');
  const fullFirst = name.first.length > 1 && first === name.first;
  const matched: Candidate['matched_on'] = ['last_name', fullFirst ? 'first_name' : 'first_initial'];
  const differs: Candidate['differs_on'] = [];
  const mid = nameKey(p.middle_name ?? '')[0];
  const theirMid = name.middle[0]?.[0];
  if (mid && theirMid && mid === theirMid) matched.push('middle_initial');
  if (mid && theirMid && mid !== theirMid) differs.push('middle_initial');
  const zip = p.practice_postal_code ? p.practice_postal_code.slice(0, 5) : null;
  const city = p.practice_city ? cityKey(p.practice_city) : null;
  const state = p.practice_state?.toUpperCase() ?? null;
  let where: 'zip' | 'city' | 'state' | null = null;
  for (const pl of places) {
    if (pl.state !== state) continue;
    if (pl.zip && zip === pl.zip) where = 'zip';
    else if (where !== 'zip' && pl.city && city === pl.city) where = 'city';
    else if (!where) where = 'state';
  }
  const table = fullFirst ? { zip: 0.95, city: 0.85, state: 0.6 } : { zip: 0.75, city: 0.6, state: 0.35 };
  let confidence = where ? table[where] : 0;
  if (where) matched.push(where);
  if (differs.length) confidence -= 0.15;
  const display = [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');
  return {
    npi: p.npi,
    name: p.credential ? `${display}, ${p.credential}` : display,
    practice_city: p.practice_city,
    practice_state: p.practice_state,
    practice_postal_code: p.practice_postal_code,
    primary_taxonomy: p.primary_taxonomy,
    confidence: Math.round(Math.max(0, confidence) * 100) / 100,
    matched_on: matched,
    differs_on: differs,
    registry_version_id: versionId,
  };
}

/** A registry row that no longer names an active provider on the date: left out of candidates. */
const deactivated = (p: RegistryProvider) =>
  !!p.deactivation_date && !(p.reactivation_date && p.reactivation_date >= p.deactivation_date);

/**
 * The NPI links of a study's overall officials and site investigators: each person searched by
 * name in the states of their places, candidates scored by name and place (NPI_METHOD), and a
 * link claimed only when one candidate alone reaches LINK_THRESHOLD. No registry loaded: an honest
 * gap, not a failure of the study's answer. Bounded: MAX_NAME_SEARCHES partition reads a study.
 */
export async function npiLinksOf(deps: Deps, row: TrialStudyRow): Promise<NpiLinks> {
  const registry = getDataset(PROVIDER_REGISTRY);
  const view = registry ? await viewOf(deps, registry, registryDate(deps)) : undefined;
  if (!view?.versions.length) {
    const gaps = view?.gaps.length
      ? view.gaps
      : [
          {
            source_id: 'nppes',
            doc_id: null,
            reason: 'not_loaded' as const,
            detail: 'No NPPES registry version is loaded.',
          },
        ];
    return { status: 'not_loaded', method: NPI_METHOD, links: [], sources: [], gaps };
  }
  const persons = personsOf(row);
  const plan = new Map<Person, { tokens: string[]; states: string[]; reason: string | null }>();
  const budget = new Set<string>();
  for (const person of persons) {
    const states = [...new Set(person.places.map((p) => p.state))].sort();
    const why = !person.name
      ? 'the registered name has no first and last name to search by'
      : !states.length
        ? 'no US site with a state to search in'
        : null;
    const tokens = why ? [] : states.map((s) => personToken(person.name!.last, person.name!.first, s));
    const fresh = tokens.filter((t) => !budget.has(t));
    if (budget.size + fresh.length > MAX_NAME_SEARCHES) {
      plan.set(person, {
        tokens: [],
        states,
        reason: `not searched: the study's first ${MAX_NAME_SEARCHES} name searches are spent`,
      });
      continue;
    }
    for (const t of fresh) budget.add(t);
    plan.set(person, { tokens, states, reason: why });
  }
  const found = await findByNameTokens(deps, view, budget);
  const links = persons.map((person): NpiLink => {
    const { tokens, states, reason } = plan.get(person)!;
    const base = { person: person.link, method: NPI_METHOD, searched_states: tokens.length ? states : [] };
    if (!tokens.length) {
      return {
        ...base,
        status: 'not_searched',
        npi: null,
        confidence: null,
        reason,
        candidates: [],
        candidate_count: 0,
      };
    }
    const common = tokens.filter((t) => found.get(t)?.tooCommon);
    const all = tokens
      .flatMap((t) => found.get(t)?.providers ?? [])
      .filter((r) => !deactivated(r.provider) && !firstNamesDiffer(person.name!, r.provider))
      .map((r) => score(person.name!, r.provider, person.places, r.version.version_id))
      .sort((a, b) => b.confidence - a.confidence || (a.npi < b.npi ? -1 : 1));
    const unique = all.filter((c, i) => all.findIndex((d) => d.npi === c.npi) === i);
    const strong = unique.filter((c) => c.confidence >= LINK_THRESHOLD);
    // A name too common to read in one of the states: what was read is shown, nothing is claimed.
    const status = common.length
      ? unique.length
        ? 'unconfirmed'
        : 'not_searched'
      : strong.length === 1
        ? 'linked'
        : strong.length > 1
          ? 'ambiguous'
          : unique.length
            ? 'unconfirmed'
            : 'no_match';
    return {
      ...base,
      status,
      npi: status === 'linked' ? strong[0]!.npi : null,
      confidence: status === 'linked' ? strong[0]!.confidence : null,
      reason: common.length
        ? `the name is too common to search in ${common.map((t) => t.slice(-2).toUpperCase()).join(', ')} (more registry rows than one search reads); nothing is claimed`
        : null,
      candidates: unique.slice(0, SHOWN),
      candidate_count: unique.length,
    };
  });
  return { status: 'searched', method: NPI_METHOD, links, sources: view.sourceVersions(), gaps: view.gaps };
}
