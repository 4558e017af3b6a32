/**
 * Billing-code shapes. HCPCS Level II: one letter A-V and four digits (E0601). CPT (HCPCS Level I):
 * five digits (99213) or four digits and a category letter F, T, U or M (0001U, 1036F). CPT
 * descriptors are licensed by the AMA and are never served; Level II descriptors are public.
 */
const LEVEL2 = /^[A-V][0-9]{4}$/;
const CPT = /^(?:[0-9]{5}|[0-9]{4}[FTUM])$/;

export type CodeSystem = 'hcpcs_level2' | 'cpt';

export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The code system of a well-formed code, or undefined when the shape matches neither. */
export function codeSystem(code: string): CodeSystem | undefined {
  if (LEVEL2.test(code)) return 'hcpcs_level2';
  if (CPT.test(code)) return 'cpt';
  return undefined;
}

export function isCptCode(code: string): boolean {
  return CPT.test(code);
}

export const CODE_SHAPE_MESSAGE =
  'expected a HCPCS Level II code (a letter A-V and four digits, e.g. E0601) or a CPT code (five digits, or four digits and F, T, U or M)';
