import { nameKey, type PersonName, parsePersonName } from './name-key';
import type { RegistryProvider } from './record';

/**
 * Study persons (overall officials and site investigators of ClinicalTrials.gov studies) against
 * registry individuals, by name and place: one scoring for both directions, so a study's
 * `npi_links` (shared/trials/npi-links.ts) and a provider's name-and-site trials (./trials.ts)
 * give the same pair the same confidence. The study is read through the structural types below
 * (shared/trials imports this folder, so this folder does not import its row types).
 */

/** Words of letters and digits, lower case, accents dropped, at least two characters. */
export const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

/** A city as one token: its words joined by `_` (`San Francisco` -> `san_francisco`). */
export const cityKey = (city: string): string => words(city).join('_');

/** The first five digits of a US ZIP (`94110-1234` -> `94110`); null for other postal codes. */
export const zip5 = (zip: string): string | null => /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim())?.[1] ?? null;

/** A study site as far as matching reads it. */
export interface SiteInput {
  facility: string | null;
  city: string | null;
  state_code: string | null;
  zip: string | null;
  investigators: { name: string | null; role: string | null }[];
}

/** A study as far as matching reads it. */
export interface StudyPersonsInput {
  officials: { name: string | null; affiliation: string | null; role: string | null }[];
  sites: SiteInput[];
}

/** A US place a person is put at: USPS state, city key, ZIP5, and the site it comes from. */
export interface Place {
  state: string;
  city: string | null;
  zip: string | null;
  /** Index in the study's `sites`; null for an official placed in a state by the study's sites only. */
  site_index: number | null;
}

export interface StudyPerson {
  /** As the study registers it. */
  name: string | null;
  role: string | null;
  kind: 'overall_official' | 'site_investigator';
  /** Index in `sites` of a site investigator; null for an official. */
  site_index: number | null;
  parsed: PersonName | null;
  places: Place[];
}

const placeOf = (s: SiteInput, i: number): Place | null =>
  s.state_code
    ? { state: s.state_code, city: s.city ? cityKey(s.city) : null, zip: s.zip ? zip5(s.zip) : null, site_index: i }
    : null;

/** Indexes of the sites whose facility holds every word of the affiliation (or the reverse): where an official works. */
function affiliatedSites(affiliation: string | null, sites: SiteInput[]): number[] {
  const keys = (s: string) => new Set(s.split(/\s+/).map(nameKey).filter(Boolean));
  if (!affiliation) return [];
  const a = keys(affiliation);
  if (!a.size) return [];
  const out: number[] = [];
  sites.forEach((s, i) => {
    if (!s.facility) return;
    const f = keys(s.facility);
    if ([...a].every((w) => f.has(w)) || [...f].every((w) => a.has(w))) out.push(i);
  });
  return out;
}

/**
 * The persons of a study with the places they are put at: a site investigator at the site; an
 * overall official at the sites whose facility names the official's affiliation, else in the
 * states of every US site, by state only (no city, no ZIP).
 */
export function studyPersons(row: StudyPersonsInput): StudyPerson[] {
  const usPlaces = row.sites.map(placeOf).filter((p): p is Place => p !== null);
  const out: StudyPerson[] = row.officials.map((o) => {
    const own = affiliatedSites(o.affiliation, row.sites)
      .map((i) => placeOf(row.sites[i]!, i))
      .filter((p): p is Place => p !== null);
    const statesOnly = [...new Set(usPlaces.map((p) => p.state))].map((state) => ({
      state,
      city: null,
      zip: null,
      site_index: null,
    }));
    return {
      name: o.name,
      role: o.role,
      kind: 'overall_official' as const,
      site_index: null,
      parsed: parsePersonName(o.name),
      places: own.length ? own : statesOnly,
    };
  });
  row.sites.forEach((site, i) => {
    const place = placeOf(site, i);
    for (const inv of site.investigators) {
      out.push({
        name: inv.name,
        role: inv.role,
        kind: 'site_investigator',
        site_index: i,
        parsed: parsePersonName(inv.name),
        places: place ? [place] : [],
      });
    }
  });
  return out;
}

/** The study search token of a person's last name, first initial and a USPS state (`inv:doe_j_ny`). */
export const investigatorToken = (last: string, first: string, state: string): string =>
  `inv:${last}_${first[0]}_${state.toLowerCase()}`;

/** A study's investigator tokens: one per person with a first and last name and each state they are put in. */
export function investigatorTokens(row: StudyPersonsInput): string[] {
  const out = new Set<string>();
  for (const p of studyPersons(row)) {
    if (!p.parsed) continue;
    for (const pl of p.places) out.add(investigatorToken(p.parsed.last, p.parsed.first, pl.state));
  }
  return [...out];
}

export type MatchField = 'last_name' | 'first_name' | 'first_initial' | 'middle_initial' | 'zip' | 'city' | 'state';

export interface NamePlaceMatch {
  /** From 0 to 1, two decimals (see MATCH_TABLE). */
  confidence: number;
  matched_on: MatchField[];
  differs_on: 'middle_initial'[];
  /** The place that agreed best; null when none is in the practice state. */
  place: Place | null;
}

/**
 * Confidence by how much of the first name and of the place agree (the last name always does):
 * full first name and practice ZIP5 0.95, and city 0.85, and state only 0.6; first initial only
 * 0.75, 0.6, 0.35; a middle initial given on both sides that differs takes 0.15 off.
 */
export const MATCH_TABLE = {
  first_name: { zip: 0.95, city: 0.85, state: 0.6 },
  first_initial: { zip: 0.75, city: 0.6, state: 0.35 },
  middle_initial_differs: -0.15,
} as const;

type RegistryPerson = Pick<
  RegistryProvider,
  'first_name' | 'middle_name' | 'last_name' | 'practice_city' | 'practice_state' | 'practice_postal_code'
>;

/** Two full first names that differ rule a registry individual out (nicknames are not matched). */
export const firstNamesDiffer = (name: PersonName, p: RegistryPerson): boolean => {
  const first = nameKey(p.first_name ?? '');
  return name.first.length > 1 && first.length > 1 && first !== name.first;
};

/** A study person's name and places against a registry individual's name and practice location. */
export function matchNameAndPlace(name: PersonName, p: RegistryPerson, places: Place[]): NamePlaceMatch {
  const first = nameKey(p.first_name ?? '');
  const fullFirst = name.first.length > 1 && first === name.first;
  const matched: MatchField[] = ['last_name', fullFirst ? 'first_name' : 'first_initial'];
  const differs: 'middle_initial'[] = [];
  const mid = nameKey(p.middle_name ?? '')[0];
  const theirMid = name.middle[0]?.[0];
  if (mid && theirMid && mid === theirMid) matched.push('middle_initial');
  if (mid && theirMid && mid !== theirMid) differs.push('middle_initial');
  const zip = p.practice_postal_code ? p.practice_postal_code.slice(0, 5) : null;
  const city = p.practice_city ? cityKey(p.practice_city) : null;
  const state = p.practice_state?.toUpperCase() ?? null;
  let where: 'zip' | 'city' | 'state' | null = null;
  let place: Place | null = null;
  for (const pl of places) {
    if (pl.state !== state) continue;
    if (pl.zip && zip === pl.zip) {
      if (where !== 'zip') place = pl;
      where = 'zip';
    } else if (where !== 'zip' && where !== 'city' && pl.city && city === pl.city) {
      where = 'city';
      place = pl;
    } else if (!where) {
      where = 'state';
      place = pl;
    }
  }
  const table = fullFirst ? MATCH_TABLE.first_name : MATCH_TABLE.first_initial;
  let confidence = where ? table[where] : 0;
  if (where) matched.push(where);
  if (differs.length) confidence += MATCH_TABLE.middle_initial_differs;
  return {
    confidence: Math.round(Math.max(0, confidence) * 100) / 100,
    matched_on: matched,
    differs_on: differs,
    place,
  };
}
