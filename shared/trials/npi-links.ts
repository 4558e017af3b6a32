import { getDataset } from '../catalog/datasets';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { findByNameTokens } from '../providers/by-name';
import { firstNamesDiffer, matchNameAndPlace, type StudyPerson, studyPersons } from '../providers/investigator-match';
import { personToken } from '../providers/name-key';
import type { RegistryProvider } from '../providers/record';
import { PROVIDER_REGISTRY } from '../providers/record';
import { registryDate } from '../providers/resolve';
import type { NpiLink, NpiLinks } from './link-schemas';
import type { TrialStudyRow } from './study-rows';

/** A candidate at or above this confidence, alone there, is linked; otherwise nothing is claimed. */
export const LINK_THRESHOLD = 0.8;
/** Name tokens (a name in a state) one study reads at most; persons past it are `not_searched`. */
export const MAX_NAME_SEARCHES = 40;
const SHOWN = 10;

export const NPI_METHOD =
  'Name and place against the NPPES registry (individuals, as loaded today: an NPI is permanent). The registered name is read as first, middle and last name (degrees after commas, titles and suffixes dropped); registry individuals with that last name and first initial practising in the site’s state are candidates, unless both first names are given in full and differ (no nicknames) or the NPI is deactivated. An overall official is placed at the sites whose facility names the official’s affiliation, else in the states of every US site, by state only. Confidence: full first name and practice ZIP 0.95, and city 0.85, and state only 0.6; first initial only 0.75, 0.6, 0.35; a middle initial that differs takes 0.15 off. Linked only when exactly one candidate reaches 0.8.';

type Candidate = NpiLink['candidates'][number];

function score(person: StudyPerson, p: RegistryProvider, versionId: number): Candidate {
  const m = matchNameAndPlace(person.parsed!, p, person.places);
  const display = [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');
  return {
    npi: p.npi,
    name: p.credential ? `${display}, ${p.credential}` : display,
    practice_city: p.practice_city,
    practice_state: p.practice_state,
    practice_postal_code: p.practice_postal_code,
    primary_taxonomy: p.primary_taxonomy,
    confidence: m.confidence,
    matched_on: m.matched_on,
    differs_on: m.differs_on,
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
  const persons = studyPersons(row);
  const plan = new Map<StudyPerson, { tokens: string[]; states: string[]; reason: string | null }>();
  const budget = new Set<string>();
  for (const person of persons) {
    const states = [...new Set(person.places.map((p) => p.state))].sort();
    const why = !person.parsed
      ? 'the registered name has no first and last name to search by'
      : !states.length
        ? 'no US site with a state to search in'
        : null;
    const tokens = why ? [] : states.map((s) => personToken(person.parsed!.last, person.parsed!.first, s));
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
    const base = {
      person: { name: person.name, role: person.role, kind: person.kind, site_index: person.site_index },
      method: NPI_METHOD,
      searched_states: tokens.length ? states : [],
    };
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
      .filter((r) => !deactivated(r.provider) && !firstNamesDiffer(person.parsed!, r.provider))
      .map((r) => score(person, r.provider, r.version.version_id))
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
