/**
 * NPI check digit: the Luhn algorithm over the 9-digit base prefixed with the card issuer
 * identifier 80840 (CMS, "NPI check digit" in the NPI final rule's standard), so a valid NPI
 * satisfies Luhn over "80840" + all 10 digits.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^[12][0-9]{9}$/.test(npi)) return false;
  return luhnValid(`80840${npi}`);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The check digit that completes a 9-digit NPI base (for fixtures and tests). */
export function npiCheckDigit(base9: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`80840${base9}${d}`)) return String(d);
  throw new Error('unreachable');
}
