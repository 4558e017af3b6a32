import type { EntityType } from './record';

/**
 * Name normalization for matching. Lists print the same person as `ALDERMAN, JOSEPH R., M.D.`,
 * `Alderman Joseph R    MD` or `Joseph Alderman`, and the same firm with or without `, INC`;
 * matching compares normalized keys:
 *
 * - individual: `I|<last>|<first>`: last name with spaces, hyphens and apostrophes removed
 *   (`DE LA CRUZ`, `DELA-CRUZ` -> `DELACRUZ`), first given name only (middle names and initials are
 *   too unevenly published to compare), suffixes and credentials dropped;
 * - organization: `O|<words>`: the words of the name without legal forms (`INC`, `LLC`, `PC`...)
 *   or a leading `THE`, `&` read as `AND`.
 *
 * Accents are folded to ASCII and case is ignored throughout.
 */
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V']);
const CREDENTIALS = new Set(
  (
    'MD DO RN LPN LVN CNA HHA PCA CSW LCSW LMSW LMFT LPC LCPC NP FNP APRN CRNA PA PAC RPH PHARMD PHD PSYD DDS DMD DPM DC OD ' +
    'DN PT OT SLP RRT CHHA RDH EMT MA BSC BSN MSN DNP MS MR MRS MISS DR OWNER DIREC FACP FCCP FACC FACS'
  ).split(' '),
);
const LEGAL_FORMS = new Set(
  'INC INCORPORATED LLC LLP LP LTD PC PLLC PLC PSC PA CORP CORPORATION CO COMPANY'.split(' '),
);
/** Words that mark a name as an organization's when a layout does not say. */
const ORG_WORDS = new Set(
  (
    'INC LLC LLP LTD CORP CORPORATION COMPANY PLLC PSC PHARMACY PHARMACIES DRUG DRUGS CLINIC CLINICS CENTER CENTERS ' +
    'CENTRE HOSPITAL HOSPICE MEDICAL HEALTH HEALTHCARE CARE SERVICES SERVICE SUPPLY SUPPLIES ASSOCIATES GROUP ' +
    'TRANSPORT TRANSPORTATION AMBULANCE LABORATORY LABORATORIES LAB LABS DENTAL HOME HOMES AGENCY SOLUTIONS ' +
    'BEHAVIORAL THERAPY THERAPIES COUNSELING RESIDENTIAL FOUNDATION INSTITUTE NETWORK PARTNERS ENTERPRISES ' +
    'MANAGEMENT SYSTEMS EQUIPMENT DME PRACTICE FAMILY WELLNESS RECOVERY LIVING FACILITY MART STORE'
  ).split(' '),
);

/** Upper-case ASCII words: accents folded, `&` as AND, apostrophes dropped, other punctuation a space. */
export function words(raw: string | null | undefined): string[] {
  if (!raw) return [];
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/['\u2019`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0);
}

/** The name's words without credentials and generational suffixes. */
export function personWords(raw: string | null | undefined): string[] {
  return words(raw).filter((w) => !CREDENTIALS.has(w) && !SUFFIXES.has(w));
}

/** The words of a person's name as printed (case kept), without punctuation, credentials and suffixes. */
export function personParts(raw: string | null | undefined): string[] {
  return (raw ?? '')
    .split(/[\s,]+/)
    .map((w) => trimWord(w).replace(/\.$/, ''))
    .filter((w) => w.length > 0)
    .filter((w) => {
      const k = words(w).join('');
      return k !== '' && !CREDENTIALS.has(k) && !SUFFIXES.has(k);
    });
}

/** Matching key of an individual, or null without both a last and a first name. */
export function personKey(last: string | null | undefined, first: string | null | undefined): string | null {
  const l = personWords(stripParenthetical(last)).join('');
  const f = personWords(first)[0];
  return l && f ? `I|${l}|${f}` : null;
}

/** Matching key of an organization, or null when nothing distinctive is left. */
export function organizationKey(name: string | null | undefined): string | null {
  let w = words(name).filter((x) => !LEGAL_FORMS.has(x));
  if (w[0] === 'THE') w = w.slice(1);
  return w.length ? `O|${w.join(' ')}` : null;
}

/** True when a name reads as an organization's (a legal form or a business word in it). */
export function looksLikeOrganization(name: string | null | undefined): boolean {
  return words(name).some((w) => ORG_WORDS.has(w));
}

/** `Hargis, MD (Sunbelt Radiology)` -> `Hargis, MD`: parenthetical notes are not part of a name. */
export function stripParenthetical(s: string | null | undefined): string {
  // Each `(` up to the next `)` becomes a space, as /\([^)]*\)/g would, in one pass (that regex
  // rescans to the end from every unclosed `(`: quadratic on long publisher cells).
  const text = s ?? '';
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('(', at);
    const close = open < 0 ? -1 : text.indexOf(')', open + 1);
    if (close < 0) break;
    out += `${text.slice(at, open)} `;
    at = close + 1;
  }
  return (out + text.slice(at)).trim();
}

const ALNUM = /[\p{L}\p{N}]/u;
const WORD_END = /[\p{L}\p{N}.'-]/u;

/**
 * A word without leading characters other than letters and digits, and without trailing ones other
 * than letters, digits, `.`, `'` and `-`: what /^[^\p{L}\p{N}]+|[^\p{L}\p{N}.'-]+$/gu removes, in
 * linear time (the regex retries its trailing branch from every position: quadratic).
 */
export function trimWord(w: string): string {
  const chars = Array.from(w);
  let start = 0;
  while (start < chars.length && !ALNUM.test(chars[start]!)) start++;
  let end = chars.length;
  while (end > start && !WORD_END.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/**
 * The keys a listed name can be matched by. An `unknown` entity gets both readings: a single name
 * column in `FIRST LAST` or `LAST FIRST` order gives the person key both ways, plus the
 * organization key.
 */
export function nameKeys(r: {
  entity_type: EntityType;
  last_name: string | null;
  first_name: string | null;
  organization_name: string | null;
  name: string;
  other_names?: readonly string[];
}): string[] {
  const keys = new Set<string>();
  const add = (k: string | null) => {
    if (k) keys.add(k);
  };
  if (r.entity_type !== 'organization') add(personKey(r.last_name, r.first_name));
  if (r.entity_type !== 'individual') {
    add(organizationKey(r.organization_name ?? r.name));
    for (const n of r.other_names ?? []) add(organizationKey(n));
  }
  if (r.entity_type === 'unknown' && !r.last_name) {
    const w = personWords(stripParenthetical(r.name));
    if (w.length >= 2) {
      add(`I|${w[w.length - 1]}|${w[0]}`);
      add(`I|${w[0]}|${w[1]}`);
    }
  }
  return [...keys];
}

/** Search tokens of a name: its distinctive words (no legal forms, credentials or one-letter initials). */
export function searchTokens(...names: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const n of names) {
    for (const w of words(n)) {
      if (w.length < 2 || LEGAL_FORMS.has(w) || CREDENTIALS.has(w) || SUFFIXES.has(w) || w === 'THE' || w === 'AND')
        continue;
      out.add(w);
    }
  }
  return [...out];
}

/** A sortable form of a display name (for the default order of listings). */
export function sortName(name: string): string {
  return words(name).join(' ').slice(0, 200);
}
