import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Client, createClient, verifySignedResponse } from '../../contract/client/src';
import contract from '../../contract/openapi.json';
import { ALL_GROUPS } from '../../functions/groups';
import { type LocalServer, startLocalServer } from '../../functions/local/server';
import { parseConfig } from '../../shared/config';

/**
 * The typed client against the running local app over real HTTP: one call per endpoint group
 * present in ALL_GROUPS (groups with no route in the published contract, like admin, excepted and
 * asserted to be absent from it). The calls are typechecked by `npm run typecheck`; the last test
 * holds wrong calls that must not compile.
 */
const AS_OF = '2025-02-10';
const demoKey = `demo-${randomBytes(18).toString('base64url')}`;
let server: LocalServer;
let dataDir: string;
let client: Client<true>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-test-'));
  const base = parseConfig({
    STORAGE: 'local',
    DATA_DIR: dataDir,
    DEMO_API_KEY: demoKey,
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_DATA: 'false',
  });
  server = await startLocalServer({ ...base, port: 0 }, { persist: false });
  client = createClient({ baseUrl: server.baseUrl, apiKey: demoKey, asOf: AS_OF });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One typed call per group, asserting something only a real answer from that group would satisfy. */
const CALLS: Record<string, () => Promise<void>> = {
  meta: async () => {
    const { data, error } = await client.GET('/resources/{slug}', { params: { path: { slug: 'attestation' } } });
    expect(error).toBeUndefined();
    expect(data).toMatch(/^# Attestation/);
  },
  platform: async () => {
    const { data, response } = await client.GET('/my-usage', { params: { query: { format: 'json' } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ billing_tier: 'pro' });
  },
  warrant: async () => {
    // No as_of given: the client's default applies because the contract lists as_of on this route.
    const { data, error, response } = await client.GET('/rules/warrant', { params: { query: { hcpcs: 'E0601' } } });
    expect({ status: response.status, error }).toEqual({ status: 200, error: undefined });
    expect(new URL(response.url).searchParams.get('as_of')).toBe(AS_OF);
    expect(data?.meta).toMatchObject({ as_of: AS_OF });
    const key = await client.GET('/rules/warrant/signing-key');
    expect(key.data && verifySignedResponse(data, key.data)).toMatchObject({ ok: true });
  },
  subscriptions: async () => {
    const { data, response } = await client.GET('/v1/subscriptions', { params: { query: { limit: 5 } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ limit: 5, offset: 0 });
  },
  exclusions: async () => {
    // A POST with a JSON body: the typed client serializes it and the answer keeps input order.
    const { data, response } = await client.POST('/exclusions/screen', {
      body: { items: [{ npi: '1234567893' }, { last_name: 'Nobody', first_name: 'Anyone', state: 'NY' }] },
    });
    expect(response.status).toBe(200);
    expect(data?.results).toHaveLength(2);
  },
  vbc: async () => {
    // Nothing is seeded here: the typed call compiles and answers the 503 source-not-loaded problem.
    const { error, response } = await client.GET('/vbc/hrrp/{ccn}', { params: { path: { ccn: '010001' } } });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, sources: ['cms_hrrp', 'cms_hrrp_supplemental'] });
  },
  trials: async () => {
    // A lower-case NCT id passes the route's schema; with no set loaded the answer names the source.
    const { error, response } = await client.GET('/clinical-trials/{nct_id}', {
      params: { path: { nct_id: 'nct05594173' } },
    });
    expect(response.status).toBe(503);
    expect(error?.detail).toMatch(/nlm_ctgov/);
  },
  signals: async () => {
    // A lower-case category passes the route's schema; with no feed loaded the answer names every feed.
    const { error, response } = await client.GET('/signals', {
      params: { query: { category: 'EXPANSION', state: 'il' } },
    });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, sources: expect.arrayContaining(['chicago_building_permits']) });
  },
  hospitals: async () => {
    // Five digits get the CCN's leading zero back; with no HCRIS table loaded the answer names the source.
    const { error, response } = await client.GET('/cost-reports/{ccn}/balance-sheet', {
      params: { path: { ccn: '10099' }, query: { fiscal_year: 2022 } },
    });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, sources: ['cms_hcris_hosp10'] });
  },
  fda: async () => {
    // Nothing archived: the recall read names its source.
    const { error, response } = await client.GET('/rx/recalls', { params: { query: { limit: 5 } } });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503 });
    expect(JSON.stringify(error)).toContain('openfda_drug_enforcement');
  },
  employers: async () => {
    // Nothing archived: the PBM rollup names the Form 5500 source.
    const { error, response } = await client.GET('/rx/pbms');
    expect(response.status).toBe(503);
    expect(JSON.stringify(error)).toContain('dol_form5500');
  },
  providers: async () => {
    // No facility-affiliation file loaded: the answer names cms_dac.
    const { error, response } = await client.GET('/dac/hospital/{ccn}/affiliates', {
      params: { path: { ccn: '360999' }, query: { limit: 10 } },
    });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, sources: ['cms_dac'] });
  },
  rx: async () => {
    // A hyphenated 4-4-2 NDC passes the route's schema; with nothing loaded the answer names both sources.
    const { error, response } = await client.GET('/rx/ndcs/{ndc11}', { params: { path: { ndc11: '0071-0155-23' } } });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, sources: ['fda_ndc_directory', 'medicaid_nadac'] });
  },
  archive: async () => {
    const { data, response } = await client.GET('/v1/archive/sources');
    expect(response.status).toBe(200);
    expect(data?.items.length).toBeGreaterThan(0);
  },
};

/** The groups that publish at least one route in contract/openapi.json. */
function publishedGroups(): { published: string[]; hidden: string[] } {
  const inContract = new Set(
    Object.entries(contract.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    ),
  );
  const published: string[] = [];
  const hidden: string[] = [];
  for (const g of ALL_GROUPS) {
    const routes = g.build(server.deps).routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    (routes.some((r) => inContract.has(r)) ? published : hidden).push(g.name);
  }
  return { published, hidden };
}

describe('typed client against the local app', () => {
  it('has a call for every group with published routes; the others are hidden (admin) or not REST (mcp)', () => {
    const { published, hidden } = publishedGroups();
    expect(Object.keys(CALLS).sort()).toEqual([...published].sort());
    // /mcp speaks JSON-RPC (README "Agents (MCP)"); its tools are published routes of other groups.
    expect(hidden.sort()).toEqual(['admin', 'mcp']);
  });

  it.each(Object.keys(CALLS))('%s: one typed call answers over HTTP', async (group) => {
    await CALLS[group]!();
  });

  it('sends X-API-Key and applies the default as_of only where the contract takes it', async () => {
    const { response } = await client.GET('/resources');
    expect(new URL(response.url).searchParams.has('as_of')).toBe(false);
    const plain = createClient({ baseUrl: server.baseUrl });
    const { error } = await plain.GET('/my-usage');
    expect(error).toMatchObject({ status: 401 });
  });

  it('an explicit as_of or dos wins over the default', async () => {
    const a = await client.GET('/rules/warrant', { params: { query: { hcpcs: 'E0601', dos: '2025-03-01' } } });
    expect(new URL(a.response.url).searchParams.has('as_of')).toBe(false);
    expect(a.data?.meta).toMatchObject({ as_of: '2025-03-01' });
  });

  it('an explicit as_of is sent once, unchanged', async () => {
    const { response } = await client.GET('/rules/warrant', {
      params: { query: { hcpcs: 'E0601', as_of: '2025-03-01' } },
    });
    expect(new URL(response.url).searchParams.getAll('as_of')).toEqual(['2025-03-01']);
  });

  it('reads a 2xx body by its media type unless the call sets parseAs (openapi-fetch)', async () => {
    const html = await client.GET('/my-usage', { params: { query: { format: 'html' } } });
    expect(html.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.data).toMatch(/^<!doctype html>/i);
    const raw = await client.GET('/my-usage', { params: { query: { format: 'json' } }, parseAs: 'text' });
    expect(JSON.parse(raw.data ?? '')).toMatchObject({ billing_tier: 'pro' });
  });

  it('a 3xx (redirect: manual) is not a problem: it resolves to data', async () => {
    const r = await client.GET('/billing/plans', { redirect: 'manual' });
    expect({ status: r.response.status, location: r.response.headers.get('location') }).toEqual({
      status: 301,
      location: '/pricing',
    });
    expect('error' in r).toBe(false);
  });

  it('returns problems as `error`, typed from the contract', async () => {
    const { data, error } = await client.GET('/resources/{slug}', { params: { path: { slug: 'no-such-document' } } });
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 404, type: expect.stringMatching(/\/problems\/not-found$/) });
  });

  it('rejects wrong calls at compile time (npm run typecheck)', () => {
    const typeOnly = (c: Client<true>, plain: Client<false>) => {
      // @ts-expect-error: not a path of the contract
      void c.GET('/no-such-path');
      // @ts-expect-error: /resources has no POST
      void c.POST('/resources', {});
      // @ts-expect-error: the path parameter is required
      void c.GET('/resources/{slug}');
      // @ts-expect-error: limit is a number
      void c.GET('/resources', { params: { query: { limit: 'ten' } } });
      // @ts-expect-error: hcpcs is required by /rules/warrant
      void plain.GET('/rules/warrant', { params: { query: { as_of: AS_OF } } });
      void c.GET('/rules/warrant', { params: { query: { hcpcs: 'E0601' } } }).then((r) => {
        // @ts-expect-error: meta.as_of is a string
        const n: number | undefined = r.data?.meta.as_of;
        return n;
      });
    };
    expect(typeof typeOnly).toBe('function');
  });
});
