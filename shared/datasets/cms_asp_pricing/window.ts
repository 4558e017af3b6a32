import { lastDayOfMonth, monthNumber, pad, quarterOf } from '../../sources/calendar';

/**
 * Read by the parser (a lazy file: no import of the registry, the HTTP errors or the version-label
 * helpers, which bring them: the month rules come from the import-free ../../sources/calendar.ts)
 * and by the version reader (./source.ts).
 */
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
  const m = /\b([a-z]{3,9})\.?\s+(\d{4})\b/gi;
  for (let hit = m.exec(name); hit; hit = m.exec(name)) {
    const month = monthNumber(hit[1]!);
    if (!month) continue;
    const year = Number(hit[2]);
    const q = quarterOf(month);
    const first = (q - 1) * 3 + 1;
    return { quarter: `${year} Q${q}`, from: `${year}-${pad(first)}-01`, to: lastDayOfMonth(year, first + 2) };
  }
  return null;
}
