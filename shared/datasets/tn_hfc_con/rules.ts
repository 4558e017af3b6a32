import type { SignalCategory } from '../../signals/signal-rows';

/**
 * The agency's action codes (the "Historical CON Projects" page: "Action Codes (alone or in
 * combination with another)"): A approved, D denied, E extension of expiration date, M modified,
 * V or VS voluntarily surrendered, Void voided, W withdrawn, X expired.
 */
export const ACTION_CODES = {
  A: 'approved',
  D: 'denied',
  E: 'expiration extended',
  M: 'modified',
  V: 'voluntarily surrendered',
  VS: 'voluntarily surrendered',
  VOID: 'voided',
  W: 'withdrawn',
  X: 'expired',
} as const;
export type ActionCode = keyof typeof ACTION_CODES;

/** Codes after which no project will be built under the certificate. */
const ENDED: ReadonlySet<ActionCode> = new Set(['D', 'V', 'VS', 'VOID', 'W', 'X']);

export type ConStatus = 'approved' | 'pending' | 'ended';

/**
 * The codes of an action cell (`A`, `A, E`, `A/M`, `VS`, `Void`), upper case, in cell order, or null
 * when a token is no documented code (the caller reports it as a format error).
 */
export function actionCodes(cell: string | null): ActionCode[] | null {
  if (!cell) return [];
  const tokens = cell
    .toUpperCase()
    .split(/[\s,;/&+-]+/)
    .filter((t) => t !== '' && t !== 'AND');
  return tokens.every((t) => t in ACTION_CODES) ? (tokens as ActionCode[]) : null;
}

/**
 * Which projects are signals (decided here, stated in the methodology):
 * - `approved` (A, M, E without an ending code): a certificate in force, the project may be built;
 * - `pending` (no action yet): an application on file, not yet heard;
 * - `ended` (D, W, V/VS, Void, X, alone or after an approval): denied, withdrawn, surrendered, voided
 *   or expired: nothing will be built under it, so it is **not a signal**. It still takes part in
 *   the merge (a withdrawn application re-filed is shown in the new filing's `merged_from`).
 */
export function statusOf(codes: readonly ActionCode[]): ConStatus {
  if (codes.some((c) => ENDED.has(c))) return 'ended';
  return codes.length ? 'approved' : 'pending';
}

/** The status text a signal shows: `approved`, `approved, modified`, `pending`, `withdrawn` … */
export function statusText(codes: readonly ActionCode[]): string {
  if (!codes.length) return 'pending';
  const words = [...new Set(codes.map((c) => ACTION_CODES[c]))];
  // M and E act on a certificate already granted: say so when the row has no A of its own.
  return (codes.includes('A') || !codes.every((c) => c === 'M' || c === 'E') ? words : ['approved', ...words]).join(
    ', ',
  );
}

const EQUIPMENT =
  /\b(MRI|MAGNETIC RESONANCE|CT SCANNER|COMPUTED TOMOGRAPHY|PET\b|PET\/CT|POSITRON EMISSION|LINEAR ACCELERATOR|LINAC|CARDIAC CATHETERIZATION|CATH(ETERIZATION)? LAB|GAMMA KNIFE|LITHOTRIPT|MAJOR MEDICAL EQUIPMENT)\b/i;
const EQUIPMENT_ACT = /^\s*(THE\s+)?(ACQUISITION|INITIATION|REPLACEMENT|ADDITION)\b/i;
const DEMOLITION = /\bDEMOLI(TION|SH)\b/i;
const NEW_BUILDING =
  /\b(CONSTRUCTION OF (A |AN )?NEW|NEW (BUILDING|FACILITY|HOSPITAL|TOWER)|REPLACEMENT (HOSPITAL|FACILITY|NURSING HOME)|REPLACEMENT OF (A |AN |THE )?[\w\s-]*?(HOSPITAL|NURSING HOME|FACILITY|CENTER)\b)/i;
const ESTABLISH_FACILITY =
  /^\s*(THE\s+)?ESTABLISHMENT OF (A |AN )?[\w\s,/()-]*?\b(HOSPITAL|AMBULATORY SURGICAL TREATMENT CENTER|ASTC|NURSING HOME|OUTPATIENT DIAGNOSTIC CENTER|FREESTANDING EMERGENCY DEPARTMENT|SATELLITE EMERGENCY DEPARTMENT|PSYCHIATRIC HOSPITAL|REHABILITATION HOSPITAL)\b/i;
const EXPANSION = /\b(ADDITION OF \d+|EXPANSION|EXPAND|NEW WING|INCREAS(E|ING) (THE )?(LICENSED )?(BED|CAPACITY))/i;
const RENOVATION = /\b(RENOVAT|MODERNI[SZ]|REMODEL|RECONFIGUR|BUILD-?OUT)/i;

/**
 * CON project → signal category, read from the project description (the list's `Project Type` is a
 * number whose code table no document found gives, so it is kept as `published_type` and not
 * mapped). First rule that holds:
 * - acquisition, initiation, replacement or addition of major medical equipment (MRI, CT, PET,
 *   linear accelerator, cardiac catheterization, gamma knife, lithotripsy) → `equipment`;
 * - demolition → `demolition`;
 * - addition of beds or space, expansion, a new wing (also when built as a new tower: an existing
 *   facility grows, as Chicago's `NEW CONSTRUCTION` of an addition is) → `expansion`;
 * - construction of a new building, a replacement facility, or the establishment of a new hospital,
 *   ASTC, nursing home, outpatient diagnostic center or freestanding emergency department →
 *   `new_construction`;
 * - renovation, modernization, remodelling, build-out → `renovation`;
 * - anything else (home health and hospice establishment, service-area additions, relocations
 *   without construction, discontinuation of a service or decertification of beds, changes of
 *   ownership) → `other`.
 */
export function categoryOf(description: string | null): SignalCategory {
  const d = description ?? '';
  if (EQUIPMENT.test(d) && (EQUIPMENT_ACT.test(d) || /\bACQUI/i.test(d))) return 'equipment';
  if (DEMOLITION.test(d)) return 'demolition';
  if (EXPANSION.test(d)) return 'expansion';
  if (NEW_BUILDING.test(d) || ESTABLISH_FACILITY.test(d)) return 'new_construction';
  if (RENOVATION.test(d)) return 'renovation';
  return 'other';
}

export interface DescribedPlace {
  address: string | null;
  city: string | null;
  zip: string | null;
}

/**
 * The site a description names, when it follows the agency's phrasing `located at <street>,
 * <city> (<County> County), TN <ZIP>` (or `at <street>, <city>, TN <ZIP>`). The list has no address
 * columns; a description naming no street address gives none (the signal is then not matched).
 */
export function placeIn(description: string | null): DescribedPlace {
  const m =
    /\bat (\d+[A-Z]?\s[^,;()]+?),\s*([A-Za-z][A-Za-z .'-]*?)\s*(?:\(\s*[A-Za-z .'-]+\s+County\s*\))?\s*,?\s*(?:TN|Tennessee)\b\.?\s*(\d{5}(?:-\d{4})?)?/i.exec(
      description ?? '',
    );
  if (!m) return { address: null, city: null, zip: null };
  return { address: m[1]!.trim(), city: m[2]!.trim(), zip: m[3] ? m[3].slice(0, 5) : null };
}
