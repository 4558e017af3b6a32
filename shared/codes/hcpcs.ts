/**
 * Billing-code grammar: every code a claim line, an MUE table or a PTP table can carry.
 *
 * - HCPCS Level II: one letter A-V and four digits (E0601). "Level II alphanumeric procedure and
 *   modifier codes comprise the A to V range" (CMS HCPCS readme). Among them the D codes are the
 *   ADA's Current Dental Terminology (CDT): CMS lists them, but "this file does not contain ... the
 *   American Dental Association's CDT codes" descriptors (HCPCS readme and record layout), so
 *   their descriptors are withheld like CPT's.
 * - CPT (HCPCS Level I, AMA): Category I five digits (99213); four digits and a letter for the
 *   rest: Category II `F` (1036F), Category III `T` (0591T), Proprietary Laboratory Analyses `U`
 *   (0001U), Multianalyte Assays `M` (0001M), and the vaccine product / administration codes `A`
 *   (0001A). Any other trailing letter the AMA adds is read as CPT too, so a code a loaded MUE or
 *   PTP row carries can always be queried.
 *
 * Descriptors of CPT and CDT codes are never served (third-party licences); codes are.
 */
const LEVEL2 = /^[A-V][0-9]{4}$/;
const CPT = /^(?:[0-9]{5}|[0-9]{4}[A-Z])$/;

export type CodeSystem = 'hcpcs_level2' | 'cpt';

/** The finer kind of a well-formed code, as reported in answers. */
export type CodeCategory =
  | 'hcpcs_level2'
  | 'cdt'
  | 'cpt_category_1'
  | 'cpt_category_2'
  | 'cpt_category_3'
  | 'cpt_pla'
  | 'cpt_maaa'
  | 'cpt_vaccine'
  | 'cpt_other';

export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The code system of a well-formed code, or undefined when the shape matches neither. */
export function codeSystem(code: string): CodeSystem | undefined {
  if (LEVEL2.test(code)) return 'hcpcs_level2';
  if (CPT.test(code)) return 'cpt';
  return undefined;
}

export function codeCategory(code: string): CodeCategory | undefined {
  if (LEVEL2.test(code)) return code.startsWith('D') ? 'cdt' : 'hcpcs_level2';
  if (!CPT.test(code)) return undefined;
  switch (code[4]) {
    case 'F':
      return 'cpt_category_2';
    case 'T':
      return 'cpt_category_3';
    case 'U':
      return 'cpt_pla';
    case 'M':
      return 'cpt_maaa';
    case 'A':
      return 'cpt_vaccine';
    default:
      return /[0-9]/.test(code[4]!) ? 'cpt_category_1' : 'cpt_other';
  }
}

export function isCptCode(code: string): boolean {
  return CPT.test(code);
}

/**
 * The licensor of the code's descriptors when they are under a third-party licence (AMA for CPT,
 * ADA for CDT), else null (Level II descriptors are public domain).
 */
export function descriptorLicensor(code: string): 'AMA' | 'ADA' | null {
  if (CPT.test(code)) return 'AMA';
  if (LEVEL2.test(code) && code.startsWith('D')) return 'ADA';
  return null;
}

export const CODE_SHAPE_MESSAGE =
  'expected a HCPCS Level II code (a letter A-V and four digits, e.g. E0601) or a CPT code (five digits, e.g. 99213, or four digits and a letter: F Category II, T Category III, U PLA, M MAAA, A vaccine, e.g. 0001A)';
