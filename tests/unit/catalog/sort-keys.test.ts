import {
  bounds,
  compareKeys,
  decodeNumber,
  encodeNumber,
  encodeValue,
  NULL_TAG,
  normalizeDate,
  parseSortKey,
  sortKey,
  sortValue,
  typedValue,
} from '../../../shared/catalog/sort-keys';

/** A deterministic generator (tests must not flake). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

describe('number encoding', () => {
  const r = rng(7);
  const numbers = [
    0,
    -0,
    1,
    -1,
    0.1,
    -0.1,
    0.25,
    -0.5,
    1e-300,
    -1e-300,
    5e-324,
    -5e-324,
    123.456,
    -123.456,
    1e21,
    -1e21,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    ...Array.from({ length: 2000 }, () => (r() - 0.5) * 10 ** Math.floor(r() * 12 - 4)),
    ...Array.from({ length: 200 }, () => Math.round((r() - 0.5) * 1000) / 100),
  ];

  it('orders byte-wise exactly as the numbers do (negatives, decimals, extremes)', () => {
    const sorted = [...numbers].sort((a, b) => a - b);
    const byKey = [...numbers].sort((a, b) => byteOrder(encodeNumber(a), encodeNumber(b)));
    expect(byKey.map((n) => (n === 0 ? 0 : n))).toEqual(sorted.map((n) => (n === 0 ? 0 : n)));
    for (let i = 0; i + 1 < numbers.length; i++) {
      const [a, b] = [numbers[i]!, numbers[i + 1]!];
      expect(sign(byteOrder(encodeNumber(a), encodeNumber(b)))).toBe(sign(a - b));
    }
  });

  it('is fixed-length hex and decodes back (-0 reads as 0)', () => {
    for (const n of numbers) {
      expect(encodeNumber(n)).toMatch(/^[0-9a-f]{16}$/);
      expect(decodeNumber(encodeNumber(n))).toBe(n === 0 ? 0 : n);
    }
    expect(encodeNumber(-0)).toBe(encodeNumber(0));
  });
});

describe('dates', () => {
  it('keeps ISO dates, normalizes date-times to UTC and refuses the rest', () => {
    expect(normalizeDate('2025-01-31')).toBe('2025-01-31');
    expect(normalizeDate('2025-02-30')).toBeUndefined();
    expect(normalizeDate('2025-13-01')).toBeUndefined();
    expect(normalizeDate('01/31/2025')).toBeUndefined();
    expect(normalizeDate('2025-01-31T10:00:00+02:00')).toBe('2025-01-31T08:00:00.000Z');
    expect(typedValue('date', 'not a date')).toBeNull();
  });

  it('orders chronologically, a date before the instants of its day', () => {
    const ds = ['2025-01-01', '2024-12-31', '1999-06-15', '2025-01-01T00:00:00Z', '2025-01-01T23:59:59Z', '2100-01-01'];
    const byKey = [...ds].sort((a, b) => byteOrder(sortValue('date', a), sortValue('date', b)));
    expect(byKey).toEqual([
      '1999-06-15',
      '2024-12-31',
      '2025-01-01',
      '2025-01-01T00:00:00Z',
      '2025-01-01T23:59:59Z',
      '2100-01-01',
    ]);
  });
});

describe('strings', () => {
  const words = [
    '',
    'a',
    'ab',
    'abc',
    'ab c',
    'ab!',
    'ab#',
    'ab$',
    'ab%',
    'a\u0000',
    'A',
    'Z',
    'é',
    'ÿ',
    '\uFFFD',
    '😀',
    'ab😀',
    'ab\uFFFD',
    '#',
    '$',
  ];

  it('orders by code points, a string before the longer ones it begins', () => {
    const cp = (a: string, b: string) => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    for (const a of words) {
      for (const b of words) {
        const ka = sortKey(sortValue('string', a), 5);
        const kb = sortKey(sortValue('string', b), 1);
        if (a === b) continue;
        expect([a, b, sign(byteOrder(ka, kb))]).toEqual([a, b, sign(cp(a, b))]);
      }
    }
  });

  it('never writes a separator character into a value', () => {
    for (const w of words) {
      expect([...sortValue('string', w).slice(1)].filter((c) => c.codePointAt(0)! <= 0x23)).toEqual([]);
    }
  });

  it('compareKeys agrees with DynamoDB byte order (surrogates after U+FFFF)', () => {
    for (const a of words) for (const b of words) expect(sign(compareKeys(a, b))).toBe(sign(byteOrder(a, b)));
  });
});

describe('nulls and record numbers', () => {
  it('puts nulls after every value of every type', () => {
    for (const [type, v] of [
      ['number', Number.POSITIVE_INFINITY],
      ['date', '9999-12-31'],
      ['string', '\u{10FFFF}\u{10FFFF}'],
    ] as const) {
      expect(byteOrder(sortKey(encodeValue(type, v), 999999999), sortKey(NULL_TAG, 0))).toBeLessThan(0);
      expect(sortValue(type, null)).toBe(NULL_TAG);
      expect(sortValue(type, undefined)).toBe(NULL_TAG);
    }
    expect(sortValue('number', 'n/a')).toBe(NULL_TAG);
    expect(sortValue('number', '12.50')).toBe(sortValue('number', 12.5));
  });

  it('breaks ties by record number and parses back', () => {
    const e = sortValue('number', 3);
    expect(byteOrder(sortKey(e, 2), sortKey(e, 10))).toBeLessThan(0);
    expect(parseSortKey(sortKey(e, 42))).toEqual({ value: e, record: 42 });
  });
});

describe('bounds', () => {
  const r = rng(11);
  const strings = Array.from({ length: 120 }, () =>
    Array.from({ length: Math.floor(r() * 4) }, () => 'a$#!b '[Math.floor(r() * 6)]).join(''),
  );

  it('bracket every key of a value, and only those', () => {
    for (const s of strings) {
      const e = sortValue('string', s);
      const key = sortKey(e, Math.floor(r() * 1e6));
      expect(compareKeys(bounds.atLeast(e), key)).toBeLessThanOrEqual(0);
      expect(compareKeys(key, bounds.atMost(e))).toBeLessThanOrEqual(0);
      expect(compareKeys(bounds.below(e), key)).toBeLessThan(0);
      expect(compareKeys(key, bounds.above(e))).toBeLessThan(0);
      for (const t of strings) {
        const other = sortKey(sortValue('string', t), 7);
        if (t > s) {
          expect(compareKeys(bounds.above(e), other)).toBeLessThanOrEqual(0);
          expect(compareKeys(bounds.atMost(e), other)).toBeLessThan(0);
        } else if (t < s) {
          expect(compareKeys(other, bounds.below(e))).toBeLessThan(0);
          expect(compareKeys(other, bounds.atLeast(e))).toBeLessThan(0);
        }
      }
    }
  });

  it('a prefix range holds exactly the strings that begin with it', () => {
    const p = sortValue('string', 'a$');
    for (const t of strings) {
      const k = sortKey(sortValue('string', t), 1);
      const inside = compareKeys(p, k) <= 0 && compareKeys(k, bounds.prefixEnd(p)) <= 0;
      expect([t, inside]).toEqual([t, t.startsWith('a$')]);
    }
  });
});
