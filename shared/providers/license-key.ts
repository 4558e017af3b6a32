/**
 * The key a state licence is found by across sources: USPS state, `#`, the licence number in
 * upper case with everything but letters and digits removed and leading zeros of its digit run
 * dropped (`MD 0012345`, `md-12345` and `MD12345` are one licence). Boards print numbers with
 * prefixes, dashes, dots and zero padding (Colorado `DR.0012345`, Washington `MD60123456`); the
 * NPPES registry holds what the provider typed. A licence of one state never matches another's.
 */
export function licenseKey(state: string, number: string): string {
  const n = number
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^([A-Z]*)0+(?=\d)/, '$1');
  return `${state.trim().toUpperCase()}#${n}`;
}
