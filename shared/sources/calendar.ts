/**
 * English month names and calendar arithmetic, with no imports: publisher parsers loaded lazily
 * (which must not bring in the registry or the HTTP layer) and the version-label helpers
 * (./version-labels.ts) read dates with the same rules.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
export const MONTH_NAMES = [
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

export function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Last day of a month (1-12) as YYYY-MM-DD. */
export function lastDayOfMonth(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  return `${year}-${pad(month)}-${pad(d.getUTCDate())}`;
}

/** Month number (1-12) of a three-letter or full English month name, else null. */
export function monthNumber(s: string): number | null {
  const u = s.trim().toUpperCase();
  const i = MONTHS.indexOf(u.slice(0, 3));
  if (i < 0) return null;
  if (u.length > 3 && MONTH_NAMES[i] !== u.toLowerCase()) return null;
  return i + 1;
}

/** Calendar quarter (1-4) containing a month. */
export function quarterOf(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}
