import type { Schema } from './contract-ops';
import type { Rng } from './prng';

/** Valid-looking values by parameter or property name (harvested from seeded data where possible). */
export type Pools = Record<string, readonly unknown[]>;

const HUGE = 'x'.repeat(10_000);

/**
 * Generic junk for any string slot: wrong types spelled as text, empty and huge strings, unicode
 * (RTL override, astral, combining, NUL), malformed dates, numbers out of every range, SQL/NoSQL
 * and JSON fragments, path traversal, bad percent-encodings, template and prototype keys.
 */
export const JUNK: readonly string[] = [
  '',
  ' ',
  HUGE,
  `${'é漢🙂'.repeat(3000)}`,
  'é漢字🙂\u202e\u0301',
  '\u0000',
  '\uFFFF\uFFFE',
  '-1',
  '0',
  '-999999999999999999999',
  '99999999999999999999999',
  '9007199254740993',
  '1e309',
  '1.5',
  '0x1F',
  'NaN',
  'Infinity',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2025-13-45',
  '2025-02-30',
  '0000-00-00',
  '9999-99-99',
  '2025-1-1',
  '20250315',
  '2025-03-15T00:00:00Z',
  '+275760-09-13',
  "' OR '1'='1' --",
  '"; DROP TABLE keys; --',
  '{"$ne":null}',
  '{"a":',
  '[[[[[[[[[[',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  ['$', '{jndi:ldap://x/a}'].join(''),
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'a,b,,c,',
  ',,,,',
  'E0601,'.repeat(400),
  'A'.repeat(64),
  'g'.repeat(64),
  'mue:0',
  'mue:9999999999',
  'zz:1',
  'ed25519-ffffffffffffffff',
  'ed25519-',
];

function rangeJunk(s: Schema): string[] {
  const out: string[] = [];
  if (typeof s.minimum === 'number') out.push(String(s.minimum - 1), String(s.minimum - 0.5));
  if (typeof s.maximum === 'number') out.push(String(s.maximum + 1), String(s.maximum * 10));
  if (typeof s.maxLength === 'number') out.push('a'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push('a'.repeat(s.minLength - 1));
  if (Array.isArray(s.enum)) out.push(`${s.enum[0]}x`, String(s.enum[0]).toUpperCase());
  if (typeof s.example === 'string') out.push(`${s.example}x`, s.example.slice(0, -1), ` ${s.example}`);
  return out;
}

/** A bad value for a slot of this schema: half schema-aware edges, half generic junk. */
export function junkFor(schema: Schema, rng: Rng): string {
  const edges = rangeJunk(schema);
  return edges.length && rng.chance(0.5) ? rng.pick(edges) : rng.pick(JUNK);
}

/** A value that should pass validation: pooled by name, else the contract's example, else by type. */
export function validValue(name: string, schema: Schema, pools: Pools, rng: Rng): unknown {
  const pool = pools[name];
  if (pool?.length) return rng.pick(pool);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'date') return '2025-03-15';
  if (type === 'array') return [validValue(`${name}[]`, schema.items ?? {}, pools, rng)];
  if (type === 'object') return validObject(schema, pools, rng);
  return 'a';
}

/** A body object of this schema: every required property and some optional ones. */
export function validObject(schema: Schema, pools: Pools, rng: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set<string>(schema.required ?? []);
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    if (required.has(k) || rng.chance(0.5)) out[k] = validValue(k, s, pools, rng);
  }
  return out;
}

/** Values of the wrong JSON type for a body property. */
const WRONG_JSON: readonly unknown[] = [
  null,
  0,
  -1,
  1e308,
  -1e308,
  true,
  [],
  {},
  [null],
  { $gt: '' },
  HUGE,
  '',
  '2025-13-45',
  Array.from({ length: 5000 }, (_, i) => `E${i}`),
];

/** One structural mutation of a valid body object. */
export function mutateObject(valid: Record<string, unknown>, schema: Schema, rng: Rng): unknown {
  const keys = Object.keys((schema.properties ?? {}) as Record<string, Schema>);
  const out: Record<string, unknown> = { ...valid };
  switch (rng.int(6)) {
    case 0: {
      const k = rng.pick(keys.length ? keys : ['x']);
      out[k] = rng.chance(0.5) ? rng.pick(WRONG_JSON) : junkFor(schema.properties?.[k] ?? {}, rng);
      return out;
    }
    case 1: {
      const req = (schema.required ?? keys) as string[];
      if (req.length) delete out[rng.pick(req)];
      return out;
    }
    case 2:
      return { ...out, unexpected_field: rng.pick(WRONG_JSON) };
    case 3:
      return JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}`);
    case 4: {
      const k = rng.pick(keys.length ? keys : ['x']);
      const items = schema.properties?.[k]?.items as Schema | undefined;
      out[k] = items ? [rng.pick(WRONG_JSON), junkFor(items, rng)] : [junkFor({}, rng)];
      return out;
    }
    default:
      return rng.pick(WRONG_JSON);
  }
}
