/**
 * Name and address normalization for facility matching: upper case, punctuation dropped, the
 * usual abbreviations expanded one way (USPS Publication 28 street suffixes and directionals; the
 * common hospital-name abbreviations), so `1200 N Lake Shore Dr.` and `1200 NORTH LAKE SHORE DRIVE`
 * compare equal. Pure functions; no locale.
 */

const STREET: Record<string, string> = {
  N: 'NORTH',
  S: 'SOUTH',
  E: 'EAST',
  W: 'WEST',
  NE: 'NORTHEAST',
  NW: 'NORTHWEST',
  SE: 'SOUTHEAST',
  SW: 'SOUTHWEST',
  ST: 'STREET',
  AVE: 'AVENUE',
  AV: 'AVENUE',
  BLVD: 'BOULEVARD',
  DR: 'DRIVE',
  RD: 'ROAD',
  LN: 'LANE',
  CT: 'COURT',
  PL: 'PLACE',
  PKWY: 'PARKWAY',
  HWY: 'HIGHWAY',
  CIR: 'CIRCLE',
  TER: 'TERRACE',
  TRL: 'TRAIL',
  SQ: 'SQUARE',
  PLZ: 'PLAZA',
  EXPY: 'EXPRESSWAY',
  FWY: 'FREEWAY',
  STE: 'SUITE',
  FL: 'FLOOR',
};

const NAME: Record<string, string> = {
  ST: 'SAINT',
  STE: 'SAINTE',
  MT: 'MOUNT',
  HOSP: 'HOSPITAL',
  MED: 'MEDICAL',
  CTR: 'CENTER',
  CNTR: 'CENTER',
  CENTRE: 'CENTER',
  REG: 'REGIONAL',
  MEM: 'MEMORIAL',
  UNIV: 'UNIVERSITY',
  COMM: 'COMMUNITY',
  HLTH: 'HEALTH',
  REHAB: 'REHABILITATION',
  GEN: 'GENERAL',
  CHILDRENS: 'CHILDREN',
  SVCS: 'SERVICES',
};

/** Words that say nothing about which facility: legal forms and articles. */
const NAME_NOISE = new Set(['THE', 'OF', 'AND', 'INC', 'LLC', 'CORP', 'CORPORATION', 'CO', 'LTD', 'LP', 'PC', 'DBA']);

function words(raw: string | null | undefined): string[] {
  return (raw ?? '')
    .toUpperCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' AND ')
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/** A facility name as comparable tokens: abbreviations expanded, legal forms and articles dropped. */
export function nameTokens(raw: string | null | undefined): string[] {
  return words(raw)
    .map((w) => NAME[w] ?? w)
    .filter((w) => !NAME_NOISE.has(w));
}

/** The normalized name as one string (tokens joined by a space). */
export function normalizeName(raw: string | null | undefined): string {
  return nameTokens(raw).join(' ');
}

/**
 * A street address as `<house number> <street words>`, suite and floor parts dropped, or null when
 * it has no house number (a PO box, an intersection): such an address identifies no building.
 */
export function normalizeAddress(raw: string | null | undefined): string | null {
  const w = words(raw).map((x) => STREET[x] ?? x);
  const cut = w.findIndex((x, i) => i > 0 && (x === 'SUITE' || x === 'FLOOR' || x === 'UNIT' || x === 'ROOM'));
  const kept = cut > 0 ? w.slice(0, cut) : w;
  if (kept.length < 2 || !/^\d+[A-Z]?$/.test(kept[0]!)) return null;
  return kept.join(' ');
}

/** City as comparable text (upper case, single spaces). */
export function normalizeCity(raw: string | null | undefined): string | null {
  const w = words(raw).map((x) => (x === 'ST' ? 'SAINT' : x === 'MT' ? 'MOUNT' : x));
  return w.length ? w.join(' ') : null;
}

/** ZIP as five digits, or null. */
export function zip5(raw: string | null | undefined): string | null {
  const m = /^(\d{4,5})(?:-?\d{4})?-?$/.exec((raw ?? '').trim());
  return m ? m[1]!.padStart(5, '0') : null;
}

/**
 * Token similarity of two names: Dice's coefficient over token sets (2|A∩B| / (|A|+|B|)), 1 for
 * identical normalized names, 0 when either is empty.
 */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const x = new Set(a);
  const y = new Set(b);
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return (2 * both) / (x.size + y.size);
}
