import { ValidationError } from '../http/errors';
import type { Condition } from '../storage/table';
import type { CatalogDataset, FilterKind } from './dataset';
import type { ListingSpec } from './declaration';
import { WHOLE } from './keys';
import { partOf } from './listing-items';
import {
  bounds,
  compareKeys,
  encodeString,
  encodeValue,
  type FieldType,
  MAX_STRING,
  NULLS_RANGE,
  normalizeDate,
  type Scalar,
  VALUE_TAG,
  VALUES_RANGE,
} from './sort-keys';

/**
 * A filter as a caller gives it. The declared kind of the field decides how it is read: `eq`
 * takes a value (or `{ eq }`), `prefix` a string (or `{ prefix }`), `token` a text (or
 * `{ token }`), `range` bounds (`gte`/`gt`/`lte`/`lt`; a bare value is an exact match). Values may
 * be strings as query strings carry them: numbers, dates and booleans are parsed by field type.
 */
export type FilterInput =
  | Scalar
  | { eq?: Scalar; prefix?: string; token?: string; gte?: Scalar; gt?: Scalar; lte?: Scalar; lt?: Scalar };

/**
 * Query parameter names, the convention routes follow (and `listingParams` reads): a filter is
 * the field's name, a range is `<field>_min` and `<field>_max` (inclusive). Errors name them.
 */
export const paramOf = (field: string, bound?: 'min' | 'max') => (bound ? `${field}_${bound}` : field);

export interface Plan {
  spec: ListingSpec;
  /** The listing copy read: the whole listing or one partition field's value. */
  part: string;
  /** Inclusive key ranges read in turn (each in the query's direction): the values, then the nulls. */
  segments: [string, string][];
  /** Filter expressions on the listed fields (`f.<field>`). */
  where: Condition[];
  /** A token filter: the partition of the longest word drives, the other words are conditions. */
  token?: { param: string; driver: string; words: string[] };
  descending: boolean;
}

const bad = (param: string, msg: string, type = 'invalid') => ValidationError.single('query', param, msg, type);

/** Validates the filters against the listing's declaration and decides which keys to read. */
export function planQuery(
  dataset: CatalogDataset,
  spec: ListingSpec,
  filters: Readonly<Record<string, FilterInput | undefined>>,
  direction: 'asc' | 'desc',
): Plan {
  const where: Condition[] = [];
  const given = Object.entries(filters).filter((e): e is [string, FilterInput] => e[1] !== undefined);
  let part: string | undefined;
  let sortRange: [string, string] | undefined;
  let token: Plan['token'];
  const known = [...spec.filters.keys()].sort().join(', ') || 'none';

  for (const [field, input] of given) {
    const kind = spec.filters.get(field);
    if (!kind) throw bad(field, `is not a filter of this list (filters: ${known})`, 'unknown_filter');
    const type: FieldType = spec.types.get(field) ?? 'string';
    const f = readInput(field, kind, input);
    if (f.kind === 'token') {
      const words = (dataset.searchTokens ?? defaultTokens)(f.text);
      if (!words.length) throw bad(field, 'needs at least one word of two letters or more');
      const [driver, ...rest] = [...new Set(words)].sort(driverOrder);
      token = { param: field, driver: driver!, words: rest };
      continue;
    }
    if (f.kind === 'eq') {
      const v = parseValue(type, f.value, paramOf(field));
      if (part === undefined && spec.partitionBy.includes(field)) {
        part = partOf(field, type, v);
        continue;
      }
      if (field === spec.sort.field) sortRange = intersect(sortRange, exactRange(type, v));
      else where.push({ path: ['f', field], op: '=', value: v });
      continue;
    }
    if (f.kind === 'prefix') {
      if (field === spec.sort.field) {
        const p = VALUE_TAG + encodeString(f.prefix);
        sortRange = intersect(sortRange, [p, bounds.prefixEnd(p)]);
        if ([...f.prefix].length > MAX_STRING) where.push({ path: ['f', field], op: 'begins_with', value: f.prefix });
      } else where.push({ path: ['f', field], op: 'begins_with', value: f.prefix });
      continue;
    }
    const lo = f.gte ?? f.gt;
    const hi = f.lte ?? f.lt;
    const loV = lo === undefined ? undefined : parseValue(type, lo, paramOf(field, 'min'));
    const hiV = hi === undefined ? undefined : parseValue(type, hi, paramOf(field, 'max'));
    if (loV !== undefined && hiV !== undefined && (loV > hiV || (loV === hiV && (f.gt ?? f.lt) !== undefined))) {
      throw bad(paramOf(field, 'min'), `is above ${paramOf(field, 'max')}: the range is empty`);
    }
    const conds: Condition[] = [];
    if (loV !== undefined) conds.push({ path: ['f', field], op: f.gte !== undefined ? '>=' : '>', value: loV });
    if (hiV !== undefined) conds.push({ path: ['f', field], op: f.lte !== undefined ? '<=' : '<', value: hiV });
    if (field === spec.sort.field) {
      const enc = (v: Scalar) => encodeValue(type, v);
      sortRange = intersect(sortRange, [
        loV === undefined ? VALUES_RANGE[0] : f.gte !== undefined ? bounds.atLeast(enc(loV)) : bounds.above(enc(loV)),
        hiV === undefined ? VALUES_RANGE[1] : f.lte !== undefined ? bounds.atMost(enc(hiV)) : bounds.below(enc(hiV)),
      ]);
      // Strings beyond the encoded length share keys: the exact comparison settles them.
      if (type === 'string' && [loV, hiV].some((v) => typeof v === 'string' && [...v].length > MAX_STRING)) {
        where.push(...conds);
      }
    } else where.push(...conds);
  }

  if (part === undefined && spec.partitionRequired) {
    throw bad(paramOf(spec.partitionBy[0]!), `is required (or one of ${spec.partitionBy.join(', ')})`, 'missing');
  }
  if (token) {
    // Token rows are read from the token partition and sorted in memory: sort-field conditions filter.
    if (sortRange) where.push(...sortConditions(spec, filters));
    // A partial entry (`tp`: a row with more tokens than an entry carries) passes here and is
    // checked against the row's whole token list after the read (query.ts).
    for (const w of token.words) where.push({ path: ['tk'], op: 'contains', value: w, orExists: 'tp' });
    if (part !== undefined) where.push(partCondition(spec, filters, part));
    return { spec, part: WHOLE, segments: [VALUES_RANGE, NULLS_RANGE], where, token, descending: direction === 'desc' };
  }
  const segments: [string, string][] = sortRange
    ? compareKeys(sortRange[0], sortRange[1]) <= 0
      ? [sortRange]
      : []
    : [VALUES_RANGE, NULLS_RANGE];
  return { spec, part: part ?? WHOLE, segments, where, descending: direction === 'desc' };
}

/**
 * The order a word search takes its words in: the first drives (its token partition is read), the
 * others are checked on its entries. Longest first (the rarest, as a rule), then alphabetical. A
 * search entry of a token therefore needs only the row's tokens that come after it (writer.ts).
 */
export const driverOrder = (a: string, b: string): number => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0);

type ReadFilter =
  | { kind: 'eq'; value: Scalar }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'token'; text: string }
  | { kind: 'range'; gte?: Scalar; gt?: Scalar; lte?: Scalar; lt?: Scalar };

function readInput(field: string, kind: FilterKind, input: FilterInput): ReadFilter {
  const o = typeof input === 'object' && input !== null ? input : undefined;
  const has = (k: string) => o !== undefined && (o as Record<string, unknown>)[k] !== undefined;
  const boundsGiven = ['gte', 'gt', 'lte', 'lt'].filter(has);
  if (boundsGiven.length && kind !== 'range') {
    const bound = boundsGiven[0]!.startsWith('g') ? 'min' : 'max';
    throw bad(paramOf(field, bound), `${field} is not a range filter (it takes ${kind})`, 'not_a_range');
  }
  if (has('prefix') && kind !== 'prefix') throw bad(field, `is not a prefix filter (it takes ${kind})`);
  if (has('token') && kind !== 'token') throw bad(field, `is not a word search (it takes ${kind})`);
  switch (kind) {
    case 'token': {
      const text = o ? o.token : input;
      if (typeof text !== 'string') throw bad(field, 'must be a text');
      return { kind, text };
    }
    case 'prefix': {
      const p = o ? o.prefix : input;
      if (typeof p !== 'string' || p === '') throw bad(field, 'must be a non-empty text');
      return { kind, prefix: p };
    }
    case 'range':
      if (!o) return { kind: 'eq', value: input as Scalar };
      if (o.eq !== undefined) return { kind: 'eq', value: o.eq };
      if (o.gte !== undefined && o.gt !== undefined) throw bad(paramOf(field, 'min'), 'is given twice (gte and gt)');
      if (o.lte !== undefined && o.lt !== undefined) throw bad(paramOf(field, 'max'), 'is given twice (lte and lt)');
      if (!boundsGiven.length) throw bad(field, 'needs a bound');
      return { kind, gte: o.gte, gt: o.gt, lte: o.lte, lt: o.lt };
    default: {
      const v = o ? o.eq : input;
      if (v === undefined || (typeof v === 'object' && v !== null)) throw bad(field, 'must be a value');
      return { kind: 'eq', value: v };
    }
  }
}

/** A number as a query string spells it: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;

/** A value of the field's type, from a typed value or its query-string spelling. */
export function parseValue(type: FieldType, raw: Scalar, param: string): Scalar {
  switch (type) {
    case 'number': {
      // Decimal notation only: ' 1 ', '0x10', '1e3' and 'Infinity' are refused, not read as numbers.
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n)) throw bad(param, 'must be a number in decimal notation (e.g. 12 or -0.5)');
      return n;
    }
    case 'date': {
      const d = typeof raw === 'string' ? normalizeDate(raw) : undefined;
      if (!d) throw bad(param, 'must be a date (YYYY-MM-DD) or an ISO date-time');
      return d;
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw bad(param, 'must be true or false');
    default:
      return String(raw);
  }
}

function exactRange(type: FieldType, v: Scalar): [string, string] {
  const e = encodeValue(type, v);
  return [bounds.atLeast(e), bounds.atMost(e)];
}

function intersect(a: [string, string] | undefined, b: [string, string]): [string, string] {
  if (!a) return b;
  return [compareKeys(a[0], b[0]) >= 0 ? a[0] : b[0], compareKeys(a[1], b[1]) <= 0 ? a[1] : b[1]];
}

/** The sort-field filters as conditions (token queries read no sort keys). */
function sortConditions(spec: ListingSpec, filters: Readonly<Record<string, FilterInput | undefined>>): Condition[] {
  const field = spec.sort.field;
  const input = filters[field]!;
  const type = spec.sort.type;
  const f = readInput(field, spec.filters.get(field)!, input);
  const path = ['f', field];
  if (f.kind === 'eq') return [{ path, op: '=', value: parseValue(type, f.value, field) }];
  if (f.kind === 'prefix') return [{ path, op: 'begins_with', value: f.prefix }];
  if (f.kind !== 'range') return [];
  const out: Condition[] = [];
  const lo = f.gte ?? f.gt;
  const hi = f.lte ?? f.lt;
  if (lo !== undefined) out.push({ path, op: f.gte !== undefined ? '>=' : '>', value: parseValue(type, lo, field) });
  if (hi !== undefined) out.push({ path, op: f.lte !== undefined ? '<=' : '<', value: parseValue(type, hi, field) });
  return out;
}

function partCondition(spec: ListingSpec, filters: Readonly<Record<string, FilterInput | undefined>>, part: string) {
  const field = part.slice(0, part.indexOf('='));
  const raw = filters[field]!;
  const v = typeof raw === 'object' && raw !== null ? raw.eq! : raw;
  return { path: ['f', field], op: '=' as const, value: parseValue(spec.types.get(field) ?? 'string', v, field) };
}

/** Lower-case letters and digits (accents dropped), words of two or more. */
export function defaultTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
}
