import { PublisherFormatError } from './errors';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isReal(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS[m - 1]!);
}

function pad(n: string): string {
  return n.length === 1 ? `0${n}` : n;
}

const YMD = /^(\d{4})(\d{2})(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i;

/** Dates repeat heavily in publisher files (PTP: a few thousand distinct values over millions of rows). */
const cache = new Map<string, string | undefined>();

function toIso(s: string): string | undefined {
  let hit = cache.get(s);
  if (hit !== undefined || cache.has(s)) return hit;
  let y = '';
  let mo = '';
  let d = '';
  const ymd = YMD.exec(s) ?? ISO.exec(s);
  const mdy = ymd ? null : MDY.exec(s);
  if (ymd) [, y, mo, d] = ymd as unknown as [string, string, string, string];
  else if (mdy) [, mo, d, y] = mdy as unknown as [string, string, string, string];
  const m = ymd ?? mdy;
  hit = m && isReal(Number(y), Number(mo), Number(d)) ? `${y}-${pad(mo)}-${pad(d)}` : undefined;
  if (cache.size > 50_000) cache.clear();
  cache.set(s, hit);
  return hit;
}

/**
 * A publisher date to YYYY-MM-DD, or null when the field is empty or a documented "none" sentinel
 * (`00000000`, the PTP `*`). Accepted shapes: YYYYMMDD, YYYY-MM-DD (optionally followed by a time,
 * as the MCD tables write `2025-09-23 19:55:07.497000000`), M/D/YYYY (NPPES, Excel exports).
 * Anything else, or an impossible calendar date, is a format error: a date we cannot read must
 * not silently become "no date".
 */
export function parseDate(
  raw: string,
  parserId: string,
  line: number,
  sentinels: readonly string[] = [],
): string | null {
  const s = raw.trim();
  if (s === '' || s === '00000000' || sentinels.includes(s)) return null;
  const iso = toIso(s);
  if (!iso) throw new PublisherFormatError(parserId, line, `unreadable date ${JSON.stringify(raw)}`);
  return iso;
}
