import type { SpecPath } from './spec-paths';
import { templateKey } from './spec-paths';

/**
 * Request each specified path against an app (in-process `app.request`) and classify the answer:
 * - `data`: 2xx or 3xx;
 * - `501`: the route exists and says it cannot answer yet;
 * - `absent`: no route (the app's own 404 "No route for ...", or 405);
 * - `other`: a route answered with another problem (400, 401, 403, 404 for an unknown id, 503 ...).
 * Parameter values: the contract's examples for required query parameters and `as_of`, then values harvested
 * from earlier answers (a `doc_id` seen in a documents list), then plausible fixed samples.
 */
export type Outcome = 'data' | '501' | 'absent' | 'other';

export interface ProbeResult extends SpecPath {
  inContract: boolean;
  outcome: Outcome;
  status: number;
  requested: string;
  /** The problem's detail when the answer is not data. */
  note: string;
}

type Json = Record<string, unknown>;
type Request = (path: string, init: RequestInit) => Promise<Response>;

/** Plausible values for path parameters nobody's answer supplied. */
const SAMPLES: Record<string, string> = {
  source_id: 'cms_hcpcs_level2',
  doc_id: 'hcpcs:1',
  sha256: '0'.repeat(64),
  slug: 'attestation',
  lang: 'python',
  npi: '1234567893',
  state: 'NY',
  ccn: '330101',
  rxcui: '161',
  ndc11: '00071015523',
  set_id: '00000000-0000-0000-0000-000000000000',
  appl_no: 'NDA020702',
  ein: '131624100',
  specialty: 'cardiology',
  system_id: 'HSI00000101',
  id: '1',
  ticker: 'HCA',
  cbsa_code: '35620',
  aco_id: 'A1001',
  entity_id: 'D0001',
  nct_id: 'NCT00000102',
};

/** Contract path items by template shape, for membership and parameter examples. */
export function contractIndex(contract: Json): Map<string, { path: string; item: Record<string, Json> }> {
  const out = new Map<string, { path: string; item: Record<string, Json> }>();
  for (const [p, item] of Object.entries((contract.paths ?? {}) as Record<string, Record<string, Json>>)) {
    out.set(templateKey(p), { path: p, item });
  }
  return out;
}

/** The required query parameters, plus `as_of` (the date of service, one of as_of/dos is needed). */
function sampleQuery(op: Json | undefined): URLSearchParams {
  const q = new URLSearchParams();
  for (const p of (op?.parameters ?? []) as Json[]) {
    if (p.in !== 'query' || !(p.required || p.name === 'as_of')) continue;
    const schema = (p.schema ?? {}) as Json;
    const example = p.example ?? schema.example ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined) ?? 'x';
    q.set(String(p.name), String(example));
  }
  return q;
}

/** Remember the first value of every scalar member in an answer, by member name. */
function harvest(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) for (const v of value.slice(0, 5)) harvest(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Json)) {
      if ((typeof v === 'string' || typeof v === 'number') && !into.has(k)) into.set(k, String(v));
      else harvest(v, into);
    }
  }
}

const paramsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Probe every path; those whose parameters earlier answers can supply go after those answers. */
export async function probeAll(
  spec: SpecPath[],
  contract: Json,
  request: Request,
  apiKey: string,
): Promise<ProbeResult[]> {
  const index = contractIndex(contract);
  const seen = new Map<string, string>();
  const results = new Map<SpecPath, ProbeResult>();
  let pending = [...spec];
  while (pending.length) {
    const ready = pending.filter((s) => paramsOf(s.path).every((p) => seen.has(p)));
    const batch = ready.length ? ready : pending;
    for (const s of batch) results.set(s, await probeOne(s, index, request, apiKey, seen));
    pending = pending.filter((s) => !batch.includes(s));
    if (!ready.length) break;
  }
  return spec.map((s) => results.get(s)!);
}

async function probeOne(
  s: SpecPath,
  index: ReturnType<typeof contractIndex>,
  request: Request,
  apiKey: string,
  seen: Map<string, string>,
): Promise<ProbeResult> {
  const wildcard = s.path.endsWith('/*');
  const entries = wildcard ? [...index.values()].filter((e) => e.path.startsWith(s.path.slice(0, -1))) : [];
  const entry = wildcard ? entries[0] : index.get(templateKey(s.path));
  const op = entry?.item[s.method.toLowerCase()];
  const template = entry?.path ?? (wildcard ? s.path.slice(0, -2) : s.path);
  const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(seen.get(name) ?? SAMPLES[name] ?? 'x'),
  );
  const query = sampleQuery(op).toString();
  const requested = query ? `${concrete}?${query}` : concrete;
  const init: RequestInit = { method: s.method, headers: { 'x-api-key': apiKey, accept: 'application/json' } };
  if (s.method !== 'GET') {
    init.body = '{}';
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await request(requested, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status < 300) harvest(body, seen);
  const noRoute = res.status === 405 || (res.status === 404 && /^No route for /.test(String((body as Json)?.detail)));
  const outcome: Outcome = res.status < 400 ? 'data' : res.status === 501 ? '501' : noRoute ? 'absent' : 'other';
  const detail = outcome === 'data' ? '' : String((body as Json)?.detail ?? text).replace(/\s+/g, ' ');
  const note = detail.length > 120 ? `${detail.slice(0, 117)}...` : detail;
  return { ...s, inContract: Boolean(op), outcome, status: res.status, requested, note };
}
