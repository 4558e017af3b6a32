import { isValidNpi } from '../codes/npi';
import { isStateCode } from '../codes/states';
import { type Cell, cellText, excelSerialToIsoDate } from '../formats/xlsx';
import { toChunks } from '../publishers/common/bytes';
import { parseDate } from '../publishers/common/dates';
import { PublisherFormatError } from '../publishers/common/errors';
import type { ByteInput } from '../publishers/common/types';

/**
 * Cell readers the state layouts share. State lists fill empty cells with placeholders (`N/A`, a
 * lone space, `--`) and write non-date ends in date columns (`PERMANENT`, `Indefinitely
 * effective`); these become null plus a note. A date cell holding anything else is a format error
 * naming the line: a date we cannot read never silently becomes "no date".
 */
const PLACEHOLDERS = new Set(['', 'N/A', 'NA', 'N.A.', 'NONE', '-', '--', 'NULL', '#N/A']);

/** Trimmed text with inner whitespace (line breaks, no-break spaces) collapsed; placeholders are null. */
export function clean(raw: Cell | string | undefined): string | null {
  const s = (typeof raw === 'string' ? raw : cellText(raw ?? null)).replace(/[\s\u00a0]+/g, ' ').trim();
  return PLACEHOLDERS.has(s.toUpperCase()) ? null : s;
}

/**
 * The NPIs in a cell (`1467062539; \n1225667264`, `PHA410230, 1821137118`, a number): every
 * 10-digit run with a valid check digit. `text` keeps the cell as published when it held anything
 * else (`SSN`, `P1 - 1027986`, a 9-digit number), so nothing is dropped unseen.
 */
export function npisIn(raw: Cell | string | undefined): { npis: string[]; text: string | null } {
  const s = clean(raw);
  if (!s) return { npis: [], text: null };
  const npis = [...new Set((s.match(/\d+/g) ?? []).filter((d) => d.length === 10 && isValidNpi(d)))];
  const rest = s.replace(/\d{10}/g, '').replace(/[\s,;/&]+|\band\b/gi, '');
  return { npis, text: npis.length && rest === '' ? null : s };
}

/** A date cell: a date, a non-date end note (`PERMANENT`), or nothing. */
export function dateCell(
  raw: Cell | string | undefined,
  parserId: string,
  line: number,
  date1904 = false,
): { date: string | null; note: string | null } {
  if (typeof raw === 'number') {
    const d = excelSerialToIsoDate(raw, date1904);
    if (!d) throw new PublisherFormatError(parserId, line, `unreadable date serial ${raw}`);
    return { date: d, note: null };
  }
  const s = clean(raw);
  if (!s) return { date: null, note: null };
  if (!/\d/.test(s)) return { date: null, note: s };
  return { date: parseDate(s, parserId, line), note: null };
}

/** A USPS state code, or null for anything else. */
export function stateCode(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim().toUpperCase();
  return isStateCode(s) ? s : null;
}

/** The state of a free-text US address: the code before its ZIP, or the last code in it. */
export function addressState(address: string | null): string | null {
  if (!address) return null;
  const first = address.split(';')[0]!;
  const zip = /\b([A-Z]{2})[,\s]+\d{5}(?:-\d{4})?\b/.exec(first);
  if (zip && stateCode(zip[1])) return zip[1]!;
  const codes = [...first.matchAll(/(?:^|[,\s])([A-Z]{2})(?=[,\s]*$|,)/g)]
    .map((m) => m[1]!)
    .filter((c) => stateCode(c));
  return codes.length ? codes[codes.length - 1]! : null;
}

/** Workbooks are not streamable: gather the bytes (state workbooks are at most a few MB). */
export async function wholeBuffer(input: ByteInput): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  return Buffer.concat(parts);
}
