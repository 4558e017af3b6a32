import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document walked freely
type Json = Record<string, any>;

/**
 * Issue 17 point 2: every response carries nosniff, frame denial and no-referrer; a keyed request's
 * answer is never cacheable by a shared cache. Routes are walked from the app's own OpenAPI
 * document (every operation, keyed and not), plus the unknown-path 404 and the docs assets.
 */
describe('security headers on every response', () => {
  let h: Harness;
  let headers: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    headers = (await createTestKey(h.deps, 'pro', ['warrant'])).headers;
  }, 60_000);
  afterAll(() => h.close());

  const paths = (): { method: string; path: string }[] => {
    const doc = h.app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'walk', version: '1' } }) as Json;
    return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x1') })),
    );
  };

  const missing = (res: Response): string[] => {
    const want: Record<string, RegExp> = {
      'x-content-type-options': /^nosniff$/,
      'x-frame-options': /^DENY$/,
      'referrer-policy': /^no-referrer$/,
      'content-security-policy': /frame-ancestors 'none'/,
    };
    return Object.entries(want)
      .filter(([name, re]) => !re.test(res.headers.get(name) ?? ''))
      .map(([name]) => `${name}=${res.headers.get(name)}`);
  };

  it('every operation, with and without a key, answers with the headers; keyed answers are private, no-store', async () => {
    const failures: string[] = [];
    const ops = paths();
    expect(ops.length).toBeGreaterThan(40);
    for (const op of ops) {
      for (const keyed of [false, true]) {
        const res = await h.request(op.path, {
          method: op.method,
          headers: {
            ...(keyed ? headers : {}),
            ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          body: op.method === 'GET' ? undefined : '{}',
        });
        await res.arrayBuffer();
        const bad = missing(res);
        if (keyed && res.headers.get('cache-control') !== 'private, no-store') {
          bad.push(`cache-control=${res.headers.get('cache-control')}`);
        }
        if (bad.length) failures.push(`${op.method} ${op.path} ${keyed ? 'keyed' : 'anonymous'} ${res.status}: ${bad}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('a public cacheable route stays cacheable without a key and turns private with one', async () => {
    const anonymous = await h.request('/docs/assets/swagger-ui.css');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public/);
    const keyed = await h.request('/docs/assets/swagger-ui.css', { headers });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('cache-control')).toBe('private, no-store');
  });

  it('an unknown path and the docs assets carry them too; only /docs allows a script', async () => {
    const notFound = await h.request('/no/such/path');
    expect(notFound.status).toBe(404);
    expect(missing(notFound)).toEqual([]);
    expect(notFound.headers.get('content-security-policy')).not.toMatch(/script-src/);
    const docs = await h.request('/docs');
    expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const asset = await h.request('/docs/assets/swagger-ui.css');
    expect(missing(asset)).toEqual([]);
  });
});
