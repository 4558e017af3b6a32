import { lastDayOfMonth, monthNumber, monthYearIn, quarterOf, quarterWindow } from '../../sources/version-labels';

/** `Effective January 1, 2025 through March 31, 2025`, as the files' preamble prints it. */
const EFFECTIVE =
  /Effective\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})\s+(?:through|to|-)\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/i;

export interface AspWindow {
  quarter: string;
  from: string;
  to: string;
}

const iso = (month: string, day: string, year: string) => {
  const m = monthNumber(month);
  if (!m) return null;
  const d = `${year}-${String(m).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return d <= lastDayOfMonth(Number(year), m) ? d : null;
};

/** The quarter and window a preamble line states, or null. */
export function windowInText(text: string): AspWindow | null {
  const m = EFFECTIVE.exec(text);
  if (!m) return null;
  const from = iso(m[1]!, m[2]!, m[3]!);
  const to = iso(m[4]!, m[5]!, m[6]!);
  if (!from || !to) return null;
  return { quarter: `${from.slice(0, 4)} Q${quarterOf(Number(from.slice(5, 7)))}`, from, to };
}

/**
 * The quarter a file name names (`... Jan 2025 ASP Pricing File ...`, `April 2025 ASP NDC-HCPCS
 * Crosswalk`): CMS names each quarter's files after its first month. Null when no month and year.
 */
export function windowInName(name: string): AspWindow | null {
  const short = /\b(jan|apr|jul|oct)[a-z]*\.?\s+(\d{4})\b/i.exec(name);
  const my = monthYearIn(name) ?? (short ? { month: monthNumber(short[1]!)!, year: Number(short[2]) } : null);
  if (!my) return null;
  const q = quarterOf(my.month);
  const w = quarterWindow(my.year, q);
  return { quarter: `${my.year} Q${q}`, from: w.from, to: w.to };
}
