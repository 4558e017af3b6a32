import type { Operation, OpParam } from './contract-ops';
import { junkFor, mutateObject, type Pools, validObject, validValue } from './fuzz-values';
import type { Rng } from './prng';

export interface FuzzCase {
  /** What was done to the request, for the failure report. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export interface FuzzAuth {
  /** A working key (pro tier with the warrant entitlement). */
  key: string;
}

type Pair = [name: string, value: string, raw?: boolean];

const JSON_TYPE = 'application/json';

const enc = (v: string, raw?: boolean) =>
  raw ? v.replace(/[#?&\s]/g, (c) => encodeURIComponent(c)) : encodeURIComponent(v);

/**
 * Case `i` of an operation. The first four are fixed (all valid; required only; no key; a method
 * the path does not serve); the rest start valid and take one to three random mutations of the
 * parameters (junk by schema, missing, duplicated, unencoded, unknown extra) and, for operations
 * with a body, one body variant (valid, mutated, not JSON, wrong content type, deep, oversized).
 */
/** Parameters whose valid values are issued by the service, never built by a client. */
const OPAQUE = new Set(['cursor']);

export function buildCase(op: Operation, i: number, rng: Rng, pools: Pools, auth: FuzzAuth): FuzzCase {
  const labels: string[] = [];
  const values = new Map<OpParam, Pair[]>();
  for (const p of op.params) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    // An opaque paging token cannot be built from its schema: only mutations send one (junk).
    if (OPAQUE.has(p.name) && !p.required) continue;
    if (p.required || (i !== 1 && rng.chance(0.6)))
      values.set(p, [[p.name, String(validValue(p.name, p.schema, pools, rng))]]);
  }
  let method = op.method;
  const headers: Record<string, string> = { 'x-api-key': auth.key };
  if (i === 0) labels.push('valid');
  else if (i === 1) labels.push('required only');
  else if (i === 2) {
    labels.push('no key');
    delete headers['x-api-key'];
  } else if (i === 3) {
    method = op.method === 'GET' ? 'DELETE' : 'PUT';
    labels.push(`method ${method}`);
  } else {
    mutateParams(op, values, rng, labels);
    mutateHeaders(headers, rng, labels);
  }
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = op.params.find((x) => x.in === 'path' && x.name === name);
    const pair = p ? values.get(p)?.[0] : undefined;
    return pair ? enc(pair[1], pair[2]) : '';
  });
  const query = op.params
    .filter((p) => p.in === 'query')
    .flatMap((p) => values.get(p) ?? [])
    .concat(i > 3 && rng.chance(0.15) ? [['unknown_param', rng.pick(['1', '', 'x'.repeat(300)])] as Pair] : []);
  if (query.length) url += `?${query.map(([k, v, raw]) => `${enc(k)}=${enc(v, raw)}`).join('&')}`;
  const c: FuzzCase = { label: '', method, url, headers };
  if (op.body && method !== 'GET' && method !== 'DELETE') applyBody(op, c, i, rng, pools, labels);
  c.label = labels.join('; ');
  return c;
}

function mutateParams(op: Operation, values: Map<OpParam, Pair[]>, rng: Rng, labels: string[]) {
  const params = op.params.filter((p) => p.in === 'path' || p.in === 'query');
  if (!params.length) return;
  const n = 1 + rng.int(3);
  for (let k = 0; k < n; k++) {
    const p = rng.pick(params);
    const current = values.get(p) ?? [];
    switch (rng.int(6)) {
      case 0:
      case 1:
      case 2: {
        const v = junkFor(p.schema, rng);
        values.set(p, [[p.name, v]]);
        labels.push(`${p.name}=junk(${JSON.stringify(v.slice(0, 40))}${v.length > 40 ? `…${v.length}` : ''})`);
        break;
      }
      case 3:
        values.delete(p);
        labels.push(`${p.name} missing`);
        break;
      case 4: {
        const extra: Pair = [
          p.name,
          rng.chance(0.5) ? junkFor(p.schema, rng) : String(validValue(p.name, p.schema, {}, rng)),
        ];
        values.set(p, [...(current.length ? current : [extra]), extra]);
        labels.push(`${p.name} duplicated`);
        break;
      }
      default: {
        const v = rng.pick(['%', '%zz', '%E0%A4%A', '%00', '%2F', 'a%20b', '%C0%AF', '%FF%FE']);
        values.set(p, [[p.name, v, true]]);
        labels.push(`${p.name} raw ${v}`);
      }
    }
  }
}

function mutateHeaders(headers: Record<string, string>, rng: Rng, labels: string[]) {
  const r = rng.next();
  if (r < 0.07) {
    delete headers['x-api-key'];
    labels.push('no key');
  } else if (r < 0.15) {
    headers['x-api-key'] = rng.pick(['', 'wk_live_nope', 'x'.repeat(5000), "' OR 1=1 --", 'wk_']);
    labels.push('bad key');
  }
  if (rng.chance(0.15)) {
    headers.accept = rng.pick([
      'text/html',
      'application/xml',
      '*/*',
      'garbage/;;;',
      'text/html;q=0.1, application/json',
    ]);
    labels.push(`accept ${headers.accept}`);
  }
}

function applyBody(op: Operation, c: FuzzCase, i: number, rng: Rng, pools: Pools, labels: string[]) {
  const schema = op.body!.schema;
  const valid = validObject(schema, pools, rng);
  c.headers['content-type'] = JSON_TYPE;
  const r = i <= 3 ? 0 : rng.next();
  if (r < 0.3) {
    c.body = JSON.stringify(valid);
    labels.push('body valid');
  } else if (r < 0.6) {
    c.body = JSON.stringify(mutateObject(valid, schema, rng));
    labels.push(`body mutated ${c.body.slice(0, 60)}`);
  } else {
    const json = JSON.stringify(valid);
    // [label, content type (null: none), body]
    const variants: [string, string | null, string | Uint8Array<ArrayBuffer> | undefined][] = [
      ['not JSON', JSON_TYPE, rng.pick(['{"channel":', 'hello', '{,}', "{'a':1}", 'nul', '\u0000'])],
      ['empty body', JSON_TYPE, ''],
      ['no body', JSON_TYPE, undefined],
      ['text/plain', 'text/plain', json],
      ['form', 'application/x-www-form-urlencoded', 'channel=webhook&a=1'],
      ['multipart junk', 'multipart/form-data; boundary=x', '--x\r\nbad'],
      ['no content type', null, json],
      ['bad charset', 'application/json; charset=klingon', json],
      ['deep arrays', JSON_TYPE, `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
      ['deep objects', JSON_TYPE, `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
      ['deep property', JSON_TYPE, JSON.stringify({ ...valid, extra: nest(3_000) })],
      ['oversized', JSON_TYPE, JSON.stringify({ ...valid, pad: 'x'.repeat(2 * 1024 * 1024) })],
      ['invalid utf-8', JSON_TYPE, Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
      ['bom', JSON_TYPE, `\uFEFF${json}`],
      ['array', JSON_TYPE, JSON.stringify([valid, valid])],
      ['null', JSON_TYPE, 'null'],
    ];
    const [name, type, body] = rng.pick(variants);
    if (type === null) delete c.headers['content-type'];
    else c.headers['content-type'] = type;
    c.body = body;
    labels.push(`body ${name}`);
  }
}

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let d = 0; d < depth; d++) v = { a: v };
  return v;
}
