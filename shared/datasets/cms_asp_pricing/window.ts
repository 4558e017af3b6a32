/**
 * Read by the parser (a lazy file: no import of the registry, the HTTP errors or the version-label
 * helpers, which bring them) and by the version reader (./source.ts).
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Month number (1-12) of a three-letter or full English month name, else null. */
function monthNumber(s: string): number | null {
  const u = s.trim().toLowerCase();
  const i = MONTHS.indexOf(u.slice(0, 3));
  if (i < 0 || (u.length > 3 && FULL[i] !== u)) return null;
  return i + 1;
}
const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
const quarterOf = (month: number) => Math.floor((month - 1) / 3) + 1;

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
