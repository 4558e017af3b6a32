import { pad9 } from './keys';

/**
 * Order-preserving encodings of listing values into DynamoDB sort keys. DynamoDB compares string
 * keys by their UTF-8 bytes, which is the order of Unicode code points: every encoding below is
 * built so that this byte order is the order of the values it encodes.
 *
 * A listing sort key is `<value>#<record 9>`: the encoded sort value, then the record number, so
 * equal values still give unique, stable keys. The value part is a tag and a body:
 *
 * | value              | encoding                                                                  |
 * |--------------------|---------------------------------------------------------------------------|
 * | number             | `1` + 16 hex digits of the IEEE-754 double, sign bit flipped for positives and every bit flipped for negatives (so -1e9 < -0.5 < 0 < 0.25 < 3 < 1e300 byte-wise); -0 is 0 |
 * | date               | `1` + the ISO date as given (`YYYY-MM-DD`), or a date-time normalized to UTC `YYYY-MM-DDTHH:MM:SS.sssZ` |
 * | string             | `1` + the string (first 200 code points), each character at or below `$` written as `$` + one letter |
 * | null, NaN, ''-date | `9` alone: after every value (nulls last; descending reads run the values, then the nulls) |
 *
 * No body contains a character at or below `$` except the escapes, which begin with `$`, so the
 * characters below `$` are free to separate: `#` before the record number, `"` ending a group key
 * (and bounding below a value), `!` between the parts of a composite key (rollup groups, series
 * keys). A shorter string therefore sorts before a longer one it begins (`ab#` < `abc#`), and
 * bounds can be written exactly (see `bounds`).
 */
export type SortType = 'number' | 'date' | 'string';
/** The type of a listed field: a sort type, or a boolean (filters and groups only). */
export type FieldType = SortType | 'boolean';
export type Scalar = string | number | boolean;

export const VALUE_TAG = '1';
export const NULL_TAG = '9';
export const RECORD_SEP = '#';
export const PART_SEP = '!';
export const GROUP_END = '"';
const ESC = '$';
/** Strings are cut to this many code points (DynamoDB sort keys hold at most 1,024 bytes). */
export const MAX_STRING = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The IEEE-754 bits of a double as 16 hex digits ordered like the numbers. */
export function encodeNumber(n: number): string {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(n === 0 ? 0 : n); // -0 sorts as 0
  if (n < 0) for (let i = 0; i < 8; i++) buf[i] = ~buf[i]! & 0xff;
  else buf[0] = buf[0]! ^ 0x80;
  return buf.toString('hex');
}

export function decodeNumber(hex: string): number {
  const buf = Buffer.from(hex, 'hex');
  if (buf[0]! & 0x80) buf[0] = buf[0]! ^ 0x80;
  else for (let i = 0; i < 8; i++) buf[i] = ~buf[i]! & 0xff;
  return buf.readDoubleBE(0);
}

/** A date or date-time in its sortable form, or undefined when it is neither. */
export function normalizeDate(s: string): string | undefined {
  if (DATE.test(s)) {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) ? s : undefined;
  }
  if (!DATE_TIME.test(s)) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function encodeString(s: string): string {
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ >= MAX_STRING) break;
    const c = ch.codePointAt(0)!;
    out += c <= 0x24 ? ESC + String.fromCharCode(0x41 + c) : ch;
  }
  return out;
}

/**
 * A value as the type reads it: numbers from numbers or numeric strings, dates from ISO strings,
 * strings from anything scalar; null when absent or unreadable (a listing sorts those last).
 */
export function typedValue(type: FieldType, v: unknown): Scalar | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return Number.isNaN(n) ? null : n;
    }
    case 'date':
      return typeof v === 'string' ? (normalizeDate(v) ?? null) : v instanceof Date ? v.toISOString() : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null;
    default:
      return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
  }
}

/** The tagged encoding of a value already read by `typedValue` (null: the null tag). */
export function encodeValue(type: FieldType, v: Scalar | null): string {
  if (v === null) return NULL_TAG;
  switch (type) {
    case 'number':
      return VALUE_TAG + encodeNumber(v as number);
    case 'boolean':
      return VALUE_TAG + (v ? 't' : 'f');
    default:
      return VALUE_TAG + encodeString(String(v));
  }
}

/** `typedValue` then `encodeValue`. */
export const sortValue = (type: FieldType, v: unknown) => encodeValue(type, typedValue(type, v));

export const sortKey = (encoded: string, record: number) => `${encoded}${RECORD_SEP}${pad9(record)}`;

/** A composite key (rollup group, series key): each part encoded, joined by `!`. */
export const compositeKey = (parts: readonly string[]) => parts.join(PART_SEP);

/** Splits a listing sort key into its encoded value and record number. */
export function parseSortKey(sk: string): { value: string; record: number } {
  const i = sk.lastIndexOf(RECORD_SEP);
  return { value: sk.slice(0, i), record: Number(sk.slice(i + 1)) };
}

/**
 * Inclusive key bounds around an encoded value `e`, for any record number:
 * - `atLeast(e)`: the first key with value e; `above(e)`: after every key with value e (and before
 *   any longer string starting with e's characters);
 * - `atMost(e)`: the last key with value e; `below(e)`: before every key with value e.
 * - `prefixEnd(p)`: after every value starting with p.
 */
export const bounds = {
  atLeast: (e: string) => e + RECORD_SEP,
  above: (e: string) => e + ESC,
  atMost: (e: string) => `${e}${RECORD_SEP}~`,
  below: (e: string) => e + GROUP_END,
  prefixEnd: (p: string) => `${p}\u{10FFFF}`,
};

/** Every non-null value, and the nulls, as inclusive key ranges. */
export const VALUES_RANGE: [string, string] = [VALUE_TAG, String(Number(VALUE_TAG) + 1)];
export const NULLS_RANGE: [string, string] = [NULL_TAG, `${NULL_TAG}~`];

/**
 * Compares two keys as DynamoDB does (UTF-8 bytes, i.e. code points). JavaScript's `<` compares
 * UTF-16 units, which puts characters beyond U+FFFF (surrogates) before U+E000-U+FFFF: the units
 * are remapped so that surrogates come last.
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

const rank = (u: number) => (u >= 0xd800 && u <= 0xdfff ? u + 0x2000 : u >= 0xe000 ? u - 0x800 : u);
