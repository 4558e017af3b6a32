import { PLANNED } from '../../functions/catalog/planned';
import { buildContract } from '../../functions/openapi';
import { type Harness, startHarness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';

describe('specified catalog endpoints not built yet', () => {
  let h: Harness;
  let headers: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    headers = (await createTestKey(h.deps, 'free', [])).headers;
  });
  afterAll(() => h.close());

  it('are in the contract with a 501 problem response', () => {
    const paths = (buildContract() as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> })
      .paths;
    for (const e of PLANNED) expect(Object.keys(paths[e.path]?.get?.responses ?? {})).toContain('501');
  });

  it.each(PLANNED.map((e) => [e.path.replace(/\{[^}]+\}/g, 'X1'), e.needs] as const))(
    '%s answers 501 problem+json naming what it waits for',
    async (url, needs) => {
      const res = await h.request(url, { headers });
      expect(res.status).toBe(501);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = await res.json();
      expect(body.waits_for).toBe(needs);
      expect(body.detail).toContain('not built yet');
    },
  );

  it('still requires an API key (401 without one)', async () => {
    expect((await h.request('/rx/pbms')).status).toBe(401);
  });
});
