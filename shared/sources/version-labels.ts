import { isRealDate } from '../http/schemas';
import { lastDayOfMonth, MONTH_NAMES, monthNumber, pad, quarterOf } from './calendar';
import type { VersionMethod, VersionReading } from './types';

export { lastDayOfMonth, monthNumber, quarterOf };

/**
 * Small pure helpers the source declarations use to turn publisher naming habits (quarter months,
 * "Eff_07-01-2026", NCCI "v322r0", HCPCS "2019") into version labels and effective windows.
 * Every date produced is a real YYYY-MM-DD calendar date or null; nothing is guessed.
 */
export const NO_READING: VersionReading = Object.freeze({
  publisherVersion: null,
  effectiveFrom: null,
  effectiveTo: null,
  method: 'none' as const,
});

/** The effective window of a calendar quarter. */
export function quarterWindow(year: number, quarter: number): { from: string; to: string } {
  const first = (quarter - 1) * 3 + 1;
  return { from: `${year}-${pad(first)}-01`, to: lastDayOfMonth(year, first + 2) };
}

/** MM-DD-YYYY or MM/DD/YYYY (publisher style) to YYYY-MM-DD, or null when not a real date. */
export function fromMdy(s: string): string | null {
  const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(s.trim());
  if (!m) return null;
  const iso = `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}`;
  return isRealDate(iso) ? iso : null;
}

/** YYYYMMDD to YYYY-MM-DD, or null. */
export function fromYmdCompact(s: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isRealDate(iso) ? iso : null;
}

/** Two-digit year (publisher style "dme25", "2607EXCL") to a four-digit year in 2000-2099. */
export function fullYear(two: string): number {
  return 2000 + Number(two);
}

export function reading(
  method: VersionMethod,
  publisherVersion: string | null,
  window?: { from: string | null; to: string | null },
): VersionReading {
  return { publisherVersion, effectiveFrom: window?.from ?? null, effectiveTo: window?.to ?? null, method };
}

/** The first match of a "Month YYYY" phrase (e.g. "January 2025 Fee Schedule") in text. */
export function monthYearIn(text: string): { year: number; month: number } | null {
  const m = new RegExp(`\\b(${MONTH_NAMES.join('|')})\\s+(\\d{4})\\b`, 'i').exec(text);
  if (!m) return null;
  return { month: monthNumber(m[1]!)!, year: Number(m[2]) };
}
