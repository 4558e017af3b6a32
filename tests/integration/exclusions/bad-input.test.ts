import { listVersion } from '../../../shared/catalog/list';
import { readTimeline } from '../../../shared/catalog/timeline';
import { exclusionDataset, FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { stateExclusionsDataset } from '../../../shared/state-exclusions/dataset';
import { type Json, startWorld, type World } from './world';

/**
 * Issue 11, point 8: bad input is a 400 problem (application/problem+json) whose `errors` name the
 * offending field, never a 500 and never a partial answer; nothing stored changes.
 */
const BAD_CHECK_DIGIT = '1847362915'; // ALDERMAN's NPI with the last digit changed
const ALDERMAN = '1847362914';

describe('exclusion reads reject bad input', () => {
  let w: World;
  let before: unknown;

  /** Everything the catalog holds for the exclusion lists: timelines and every loaded version's rows. */
  const snapshot = async () => {
    const out: unknown[] = [];
    for (const ds of [exclusionDataset(FEDERAL_EXCLUSIONS), stateExclusionsDataset]) {
      const tls = await readTimeline(w.h.deps.tables.catalog, ds.id);
      for (const tl of [...tls.values()].sort((a, b) => a.source_id.localeCompare(b.source_id))) {
        out.push({ ...tl, loaded: [...tl.loaded.keys()].sort() });
        for (const v of tl.versions) out.push(await listVersion(w.h.deps, ds, v, { limit: 1000, offset: 0 }));
      }
    }
    out.push((await w.get(`/exclusions/comprehensive/${ALDERMAN}?as_of=2025-02-15`)).body);
    return JSON.parse(JSON.stringify(out).replace(/"request_id":"[^"]+"/g, ''));
  };

  const raw = async (body: string, contentType: string | null) => {
    const headers: Record<string, string> = { ...w.key.headers };
    if (contentType) headers['content-type'] = contentType;
    const r = await w.h.request('/exclusions/screen', { method: 'POST', headers, body });
    return { status: r.status, type: r.headers.get('content-type') ?? '', body: (await r.json()) as Json };
  };

  const expectProblem = (r: { status: number; body: Json; type?: string }, loc: (string | number)[]) => {
    expect(r.status).toBe(400);
    if (r.type !== undefined) expect(r.type).toMatch(/^application\/problem\+json/);
    expect(r.body).toMatchObject({ status: 400, title: expect.any(String), detail: expect.any(String) });
    expect(r.body.errors.map((e: Json) => e.loc)).toContainEqual(loc);
  };

  beforeAll(async () => {
    w = await startWorld();
    before = await snapshot();
  }, 60_000);
  afterAll(() => w.h.close());

  it.each([
    ['/exclusions/comprehensive/', ['path', 'npi']],
    ['/exclusions/state/', ['path', 'npi']],
    ['/exclusions/crossref/', ['path', 'npi']],
    ['/demo/exclusions/check?npi=', ['query', 'npi']],
  ])('%s{npi}: a bad check digit, a short or non-numeric NPI is a 400 naming npi', async (route, loc) => {
    for (const npi of [BAD_CHECK_DIGIT, '184736291', '18473629141', '184736291X', '0000000000']) {
      const r = await w.get(`${route}${npi}`);
      expectProblem(r, loc);
    }
    const bad = await w.get(`${route}${BAD_CHECK_DIGIT}`);
    expect(bad.body.errors[0].msg).toMatch(/check digit/);
  });

  it('a screen item with a bad NPI is named by its position', async () => {
    const r = await w.post('/exclusions/screen', { items: [{ npi: ALDERMAN }, { npi: BAD_CHECK_DIGIT }] });
    expectProblem(r, ['body', 'items', 1, 'npi']);
    expect(r.body.errors).toHaveLength(1);
  });

  it('an empty screen batch is a 400 naming items', async () => {
    const r = await w.post('/exclusions/screen', { items: [] });
    expectProblem(r, ['body', 'items']);
    expect(r.body.errors[0].msg).toMatch(/empty/);
  });

  it('a batch of 1,001 items is a 400 naming items (the cap is 1,000)', async () => {
    const items = Array.from({ length: 1001 }, () => ({ npi: ALDERMAN }));
    const r = await w.post('/exclusions/screen', { items });
    expectProblem(r, ['body', 'items']);
    expect(r.body.errors[0].msg).toMatch(/1000/);
  });

  it('a body that is not JSON is a 400 naming the body; one not sent as JSON a 415 naming Content-Type', async () => {
    // The shared renderer (shared/http/problem.ts) decides both, for this route as for every JSON route.
    expectProblem(await raw('{"items": [', 'application/json'), ['body']);
    expectProblem(await raw('', 'application/json'), ['body']);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', null]) {
      const r = await raw(type === 'application/x-www-form-urlencoded' ? 'items=1847362914' : '{"items":[]}', type);
      expect([type, r.status]).toEqual([type, 415]);
      expect(r.type).toMatch(/^application\/problem\+json/);
      expect(r.body.errors[0].loc).toEqual(['header', 'content-type']);
    }
  });

  it('JSON of the wrong shape is a 400 naming the field', async () => {
    expectProblem(await raw('[]', 'application/json'), ['body']);
    expectProblem(await raw('{}', 'application/json'), ['body', 'items']);
    expectProblem(await raw('{"items": "1847362914"}', 'application/json'), ['body', 'items']);
    expectProblem(await w.post('/exclusions/screen', { items: [{ first_name: 'Joe' }] }), ['body', 'items', 0, 'npi']);
    expectProblem(await w.post('/exclusions/screen', { items: [{ npi: ALDERMAN, dob: '1971-02-30' }] }), [
      'body',
      'items',
      0,
      'dob',
    ]);
    expectProblem(await w.post('/exclusions/screen', { as_of: 'yesterday', items: [{ npi: ALDERMAN }] }), [
      'body',
      'as_of',
    ]);
  });

  it('bad query parameters are 400s naming them', async () => {
    expectProblem(await w.get(`/exclusions/comprehensive/${ALDERMAN}?as_of=2025-02-30`), ['query', 'as_of']);
    expectProblem(await w.get('/exclusions/state/search?state=XX'), ['query', 'state']);
    expectProblem(await w.get('/exclusions/state/search?name=alderman&entity_type=robot'), ['query', 'entity_type']);
    expectProblem(await w.get('/exclusions/state/search?state=NY&limit=0'), ['query', 'limit']);
    expectProblem(await w.get('/exclusions/state/search'), ['query', 'name']);
    expectProblem(await w.get('/exclusions/state/search?name=%20.%20'), ['query', 'name']);
    expectProblem(await w.get('/demo/exclusions/search', {}), ['query', 'name']);
    expectProblem(await w.get('/demo/exclusions/check?first_name=Joe', {}), ['query', 'npi']);
  });

  it('leaves the stored lists unchanged', async () => {
    expect(await snapshot()).toEqual(before);
  });
});
