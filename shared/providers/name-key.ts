import type { RegistryProvider } from './record';

/**
 * Person names as the registry is searched by them (issue 23, point 4: investigators of
 * ClinicalTrials.gov studies to NPIs). A registry row of an individual carries one search token
 * `n:<last>_<first initial>_<practice state>`, so a name and a state find a few hundred rows at
 * most (even SMITH J in CA), read by one partition query; the full first name, middle initial,
 * city and ZIP are compared afterwards, in memory, where they score the match.
 */

/** Letters only, lower case, accents dropped: `Garcia-López` and `GARCIA LOPEZ` are `garcialopez`. */
export const nameKey = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export interface PersonName {
  first: string;
  /** Middle names or initials as keys (`a` for `A.`). */
  middle: string[];
  last: string;
}

const TITLES = new Set(['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'miss', 'sir']);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);
/** Degrees and titles written after a comma (`Ravi Patel, MD, PhD`), compared as keys. */
const CREDENTIALS = new Set(
  'md do phd mph msc ms ma mba rn np pa pac pharmd dds dmd mbbs frcp frcpc facp facc od dnp crnp aprn bsn msn ccrp mscr ba bs bsc'.split(
    ' ',
  ),
);

/**
 * A person's name as a study registers it: `First [Middle] Last` with degrees after commas, a
 * leading title, a trailing suffix, or `Last, First [Middle]`. Null when no first and last name
 * can be told apart (one word, a role such as `Study Coordinator` is still two words: it simply
 * finds no one).
 */
export function parsePersonName(raw: string | null): PersonName | null {
  if (!raw) return null;
  const parts = raw.split(',').map((p) => p.trim());
  const wordsOf = (s: string) => s.split(/\s+/).map(nameKey).filter(Boolean);
  let words = wordsOf(parts[0] ?? '');
  const second = parts[1] !== undefined ? wordsOf(parts[1]) : [];
  // `Last, First`: one word before the comma and a given name (not a degree) after it.
  if (words.length === 1 && second.length && !second.every((w) => CREDENTIALS.has(w))) {
    words = [...second, words[0]!];
  }
  while (words.length && TITLES.has(words[0]!)) words = words.slice(1);
  while (words.length > 2 && SUFFIXES.has(words.at(-1)!)) words = words.slice(0, -1);
  if (words.length < 2) return null;
  return { first: words[0]!, middle: words.slice(1, -1), last: words.at(-1)! };
}

/** The token of a last name, a first initial and a USPS state. */
export const personToken = (last: string, first: string, state: string): string =>
  `n:${last}_${first[0]}_${state.toLowerCase()}`;

/** The registry's search tokens: one per individual with a last and first name and a practice state. */
export function registryNameTokens(p: RegistryProvider): string[] {
  if (p.entity_type !== 'individual' || !p.last_name || !p.first_name || !p.practice_state) return [];
  const last = nameKey(p.last_name);
  const first = nameKey(p.first_name);
  if (!last || !first || !/^[A-Za-z]{2}$/.test(p.practice_state)) return [];
  return [personToken(last, first, p.practice_state)];
}
