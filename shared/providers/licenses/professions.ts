import type { Profession } from './rows';

/**
 * A board's licence type, as printed, to a profession (the directory's and the reads' vocabulary).
 * Order matters: "Osteopathic Physician" before "Physician", "Physician Assistant" before both.
 * Colorado's two-letter prefixes (`DR`, `PA`, `RN`) are listed with the words.
 */
const RULES: readonly [RegExp, Profession][] = [
  [/physician assistant|\bPA\b|\bPA-C\b/i, 'physician_assistant'],
  [/osteopath|\bDO\b/i, 'osteopathic_physician'],
  [/physician|surgeon|medicine|\bMD\b|\bDR\b/i, 'physician'],
  [/nurse|\bRN\b|\bLPN\b|\bAPN\b|\bAPRN\b|\bARNP\b|\bNP\b/i, 'nurse'],
  [/pharmacist|\bRPH\b|\bPHARM\b/i, 'pharmacist'],
  [/dentist|\bDDS\b|\bDEN\b/i, 'dentist'],
];

export function professionOf(...printed: (string | null | undefined)[]): Profession {
  for (const p of printed) {
    if (!p) continue;
    for (const [re, prof] of RULES) if (re.test(p)) return prof;
  }
  return 'other';
}
