import type { SignalCategory } from '../../signals/signal-rows';

/**
 * The health-facility rule for a city permit feed: a permit is a construction signal when its work
 * description or one of its contact names holds one of these words or phrases (whole words, any
 * case), and none of the exclusions. The same words, fewer of them, pre-filter the SODA request
 * (source.ts); the parser applies the whole rule. A permit at a hospital's address that names no
 * health word is not kept (the feed is too large to keep whole).
 */
export const HEALTH_WORDS = [
  'HOSPITAL',
  'MEDICAL CENTER',
  'MEDICAL OFFICE',
  'MEDICAL BUILDING',
  'HEALTH CENTER',
  'HEALTH SYSTEM',
  'HEALTHCARE',
  'HEALTH CARE',
  'CLINIC',
  'SURGERY CENTER',
  'SURGICAL',
  'DIALYSIS',
  'NURSING HOME',
  'SKILLED NURSING',
  'EMERGENCY DEPARTMENT',
  'PATIENT',
  'MRI',
  'CT SCANNER',
  'LINEAR ACCELERATOR',
  'CATH LAB',
  'ONCOLOGY',
  'URGENT CARE',
] as const;

/** Phrases that hold a health word but are no health facility. */
export const NOT_HEALTH = ['HEALTH CLUB', 'ANIMAL HOSPITAL', 'VETERINARY', 'DOLL HOSPITAL'] as const;

const wordRe = (w: string) => new RegExp(`\\b${w.replace(/ /g, '\\s+')}\\b`, 'i');
const HEALTH_RES = HEALTH_WORDS.map((w) => [w, wordRe(w)] as const);
const NOT_RES = NOT_HEALTH.map(wordRe);

/** The health words a text holds (empty when it holds an exclusion). */
export function healthWords(text: string | null): string[] {
  if (!text || NOT_RES.some((r) => r.test(text))) return [];
  return HEALTH_RES.filter(([, r]) => r.test(text)).map(([w]) => w);
}

const EQUIPMENT = /\b(MRI|CT SCANNER|LINEAR ACCELERATOR|CATH LAB|PET\/CT|IMAGING EQUIPMENT)\b/i;
const EXPANSION = /\b(ADDITION|EXPANSION|EXPAND|NEW WING)\b/i;

/**
 * Chicago permit type → category:
 * - `PERMIT - NEW CONSTRUCTION` → new_construction, or expansion when the description says
 *   addition/expansion/new wing (a building added to);
 * - `PERMIT - RENOVATION/ALTERATION`, `PERMIT - EASY PERMIT PROCESS` → renovation; expansion when the
 *   description says addition/expansion; equipment when it installs imaging or therapy equipment
 *   (MRI, CT scanner, linear accelerator, cath lab);
 * - `PERMIT - WRECKING/DEMOLITION` → demolition;
 * - `PERMIT - ELECTRIC WIRING`, `PERMIT - ELEVATOR EQUIPMENT` → equipment;
 * - anything else (`SIGNS`, `SCAFFOLDING`, `PORCH CONSTRUCTION`, `REINSTATE REVOKED PMT`) → other.
 */
export function categoryOf(permitType: string | null, description: string | null): SignalCategory {
  const t = (permitType ?? '')
    .toUpperCase()
    .replace(/^PERMIT\s*-\s*/, '')
    .trim();
  const d = description ?? '';
  if (t === 'NEW CONSTRUCTION') return EXPANSION.test(d) ? 'expansion' : 'new_construction';
  if (t === 'RENOVATION/ALTERATION' || t === 'EASY PERMIT PROCESS') {
    if (EQUIPMENT.test(d)) return 'equipment';
    return EXPANSION.test(d) ? 'expansion' : 'renovation';
  }
  if (t === 'WRECKING/DEMOLITION') return 'demolition';
  if (t === 'ELECTRIC WIRING' || t === 'ELEVATOR EQUIPMENT') return 'equipment';
  return 'other';
}
