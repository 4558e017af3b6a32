import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';

// biome-ignore lint/suspicious/noExplicitAny: problem bodies walked freely
type Json = Record<string, any>;

/**
 * Issue 17 point 3: change-feed filters are validated item by item, integers are decimal digits
 * only, and `offset` has its documented cap. Every refusal is a 400 problem naming the parameter.
 */
describe('strict inputs', () => {
  let h: Harness;
  let headers: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    headers = (await createTestKey(h.deps, 'pro', ['warrant'])).headers;
  }, 60_000);
  afterAll(() => h.close());

  const problem = async (url: string) => {
    const res = await h.request(url, { headers });
    const body = (await res.json()) as Json;
    return { status: res.status, type: res.headers.get('content-type'), body };
  };

  const refuses = async (url: string, param: string, msg?: RegExp) => {
    const p = await problem(url);
    expect({ url, status: p.status }).toEqual({ url, status: 400 });
    expect(p.type).toMatch(/^application\/problem\+json/);
    const e = (p.body.errors as Json[]).find((x) => x.loc[0] === 'query' && x.loc[1] === param);
    expect(e).toBeDefined();
    if (msg) expect(e!.msg).toMatch(msg);
  };

  it('change feed: an unknown source or a malformed code is a 400 naming the item, not an empty feed', async () => {
    await refuses(
      '/v1/archive/changes?source_id=oig_leie,oig_leei',
      'source_id',
      /item 2 'oig_leei' is not an archive source/,
    );
    await refuses('/v1/archive/changes?source_id=OIG-LEIE', 'source_id', /item 1 'OIG-LEIE' is not a source id/);
    await refuses('/v1/archive/changes?source_id=oig_leie,', 'source_id', /item 2 '' is empty/);
    await refuses('/v1/archive/changes?code=E0601,E06O1', 'code', /item 2 'E06O1' is not a billing code/);
    await refuses('/v1/archive/changes?code=12', 'code', /item 1 '12'/);
    await refuses('/archive/runs?source_id=no_such_source', 'source_id', /not an archive source/);
  });

  it('change feed: known sources and well-formed codes (any case, spaces around commas) are accepted', async () => {
    const ok = await problem('/v1/archive/changes?source_id=oig_leie,%20cms_ncci_mue&code=e0601,%2099213');
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body.items)).toBe(true);
  });

  it.each([
    ['0x10'],
    ['%201%20'],
    ['1e3'],
    ['%2B1'],
    ['-1'],
    ['1.0'],
    ['1_0'],
    ['Infinity'],
    [''],
    ['99999999999999999'],
  ])('limit=%s is a 400 naming limit on every paged list', async (v) => {
    for (const path of ['/v1/archive/changes', '/v1/archive/sources', '/archive/runs']) {
      await refuses(`${path}?limit=${v}`, 'limit');
    }
    await refuses(`/v1/archive/changes?since=${v}`, 'since');
    await refuses(`/v1/archive/changes?offset=${v}`, 'offset');
  });

  it('decimal digits are accepted, with leading zeros; offset is capped at 10,000 and says how to go further', async () => {
    expect((await problem('/v1/archive/changes?limit=010&since=0')).status).toBe(200);
    expect((await problem('/v1/archive/changes?offset=10000')).status).toBe(200);
    await refuses('/v1/archive/changes?offset=10001', 'offset', /at most 10000; page further with `cursor`/);
  });

  it('subscription ids in paths are decimal digits only', async () => {
    for (const id of ['0x1', '1e0', '%201']) {
      const res = await h.request(`/v1/subscriptions/${id}`, { headers });
      expect(res.status).toBe(400);
    }
  });
});
