import { type Harness, startHarness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

const UNKNOWN = 'zz_not_a_parameter';

/**
 * Every route of the app refuses a query parameter it does not declare: a 400 problem naming it
 * (issue 14, point 5). The routes are walked from the app's own OpenAPI document, so a route added
 * later is covered without touching this test; the plain static route of the docs page too.
 */
describe('unknown query parameters', () => {
  let h: Harness;
  let headers: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    headers = (await createTestKey(h.deps, 'pro', ['warrant'])).headers;
  }, 60_000);
  afterAll(() => h.close());

  const operations = (): { method: string; path: string; declared: string[] }[] => {
    const doc = h.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'walk', version: '1' } }) as Json;
    const out: { method: string; path: string; declared: string[] }[] = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const declared = ((op as Json).parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
        out.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x1'), declared });
      }
    }
    return out;
  };

  it('walks more than forty operations', () => {
    expect(operations().length).toBeGreaterThan(40);
  });

  it('every operation answers 400 problem+json naming the unknown parameter, whatever else it declares', async () => {
    const failures: string[] = [];
    for (const op of operations()) {
      const res = await h.request(`${op.path}?${UNKNOWN}=1`, {
        method: op.method,
        headers: { ...headers, ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        body: op.method === 'GET' ? undefined : '{}',
      });
      const body = (await res.json().catch(() => ({}))) as Json;
      const named = (body.errors ?? []).some((e: Json) => e.loc?.[0] === 'query' && e.loc?.[1] === UNKNOWN);
      if (
        res.status !== 400 ||
        !named ||
        !String(res.headers.get('content-type')).startsWith('application/problem+json')
      ) {
        failures.push(`${op.method} ${op.path}: ${res.status} ${JSON.stringify(body.errors ?? body.detail)}`);
        continue;
      }
      const msg = (body.errors as Json[]).find((e) => e.loc[1] === UNKNOWN)?.msg as string;
      if (op.declared.length) for (const p of op.declared) if (!msg.includes(p)) failures.push(`${op.path}: ${msg}`);
    }
    expect(failures).toEqual([]);
  });

  it('a route without query parameters refuses any; the docs page and its assets still load without one', async () => {
    const health = await h.request('/health?verbose=1');
    expect(health.status).toBe(400);
    expect(((await health.json()) as Json).errors[0].msg).toContain('this route takes none');
    expect((await h.request('/health')).status).toBe(200);
    expect((await h.request('/docs')).status).toBe(200);
    expect((await h.request('/docs/assets/swagger-ui.css')).status).toBe(200);
    expect((await h.request('/docs/assets/swagger-ui.css?v=1')).status).toBe(400);
    expect((await h.request('/sources?format=html', { headers })).status).toBe(200);
  });

  it('names every unknown parameter, once each', async () => {
    const res = await h.request('/rules/warrant?hcpcs=E0601&as_of=2025-05-15&zip_code=1&zip_code=2&plan=x', {
      headers,
    });
    const body = (await res.json()) as Json;
    expect(body.errors.map((e: Json) => e.loc[1])).toEqual(['zip_code', 'plan']);
    expect(body.detail).toContain("'zip_code'");
  });
});
