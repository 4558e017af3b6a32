/**
 * National Drug Codes (FDA, 21 CFR 207.33): a labeler, product and package segment, 10 digits in
 * one of three configurations, 4-4-2, 5-3-2 or 5-4-1. Billing (HIPAA NCPDP and CMS files: NADAC,
 * ASP crosswalk) uses the 11-digit 5-4-2 form, each short segment padded with a leading zero:
 * that is `ndc11`, the one identifier every drug answer is keyed by.
 *
 * Accepted: 11 digits (`00071015523`), a hyphenated 10-digit code in any of the three
 * configurations (`0071-0155-23`, `00071-155-23`, `00071-0155-3`) and the hyphenated 5-4-2 form
 * (`00071-0155-23`); spaces around are ignored. A 10-digit code without hyphens cannot be
 * padded: the zero may belong in any of the three segments (`0071015523` reads as 4-4-2, 5-3-2 or
 * 5-4-1), so it is `ambiguous` with its three candidates, and the caller decides (the rx routes
 * answer 400 naming the candidates rather than guess).
 */
export type NdcParse =
  | { kind: 'ndc11'; ndc11: string; form: NdcForm }
  | { kind: 'ambiguous'; candidates: readonly string[] }
  | { kind: 'invalid'; reason: string };

export type NdcForm = '11-digit' | '4-4-2' | '5-3-2' | '5-4-1' | '5-4-2';

const SEGMENTED = /^(\d{4,5})-(\d{3,4})-(\d{1,2})$/;

export function parseNdc(input: string): NdcParse {
  const s = input.trim();
  if (/^\d{11}$/.test(s)) return { kind: 'ndc11', ndc11: s, form: '11-digit' };
  if (/^\d{10}$/.test(s)) return { kind: 'ambiguous', candidates: tenDigitCandidates(s) };
  const m = SEGMENTED.exec(s);
  if (!m) {
    return {
      kind: 'invalid',
      reason: 'expected an NDC: 11 digits, or labeler-product-package hyphenated as 4-4-2, 5-3-2 or 5-4-1',
    };
  }
  const [, lab, prod, pkg] = m as unknown as [string, string, string, string];
  const form = `${lab.length}-${prod.length}-${pkg.length}`;
  if (form !== '4-4-2' && form !== '5-3-2' && form !== '5-4-1' && form !== '5-4-2') {
    return { kind: 'invalid', reason: `segments ${form} are not an NDC configuration (4-4-2, 5-3-2, 5-4-1)` };
  }
  return {
    kind: 'ndc11',
    ndc11: lab.padStart(5, '0') + prod.padStart(4, '0') + pkg.padStart(2, '0'),
    form: form as NdcForm,
  };
}

/** The three 11-digit readings of an unhyphenated 10-digit NDC, in 4-4-2, 5-3-2, 5-4-1 order. */
export function tenDigitCandidates(ten: string): string[] {
  return [
    `0${ten}`, // 4-4-2: labeler padded
    `${ten.slice(0, 5)}0${ten.slice(5)}`, // 5-3-2: product padded
    `${ten.slice(0, 9)}0${ten.slice(9)}`, // 5-4-1: package padded
  ];
}

/** The 11-digit NDC as 5-4-2 with hyphens (`00071-0155-23`), for display. */
export function formatNdc11(ndc11: string): string {
  return `${ndc11.slice(0, 5)}-${ndc11.slice(5, 9)}-${ndc11.slice(9)}`;
}

/**
 * The 9-digit product code (labeler and product, 5-4) of a hyphenated product NDC as the FDA
 * directory prints it (`0069-4200`, `00069-420`), or of an ndc11's first nine digits.
 */
export function productNdc9(productNdc: string): string | null {
  const m = /^(\d{4,5})-(\d{3,4})$/.exec(productNdc.trim());
  if (!m) return null;
  const [, lab, prod] = m as unknown as [string, string, string];
  if (lab.length === 4 && prod.length === 3) return null; // 4-3 is no configuration
  return lab.padStart(5, '0') + prod.padStart(4, '0');
}

/** The ndc11 of a hyphenated package code, or null when it is not one (the directory always hyphenates). */
export function ndc11Of(code: string): string | null {
  const p = parseNdc(code);
  return p.kind === 'ndc11' ? p.ndc11 : null;
}
