import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ALL_GROUPS } from '../../functions/groups';
import { createSubscriptionsGroup } from '../../functions/subscriptions/routes';
import { buildApp } from '../../shared/app/build';
import type { AppEnv } from '../../shared/http/types';
import { staticResolver } from '../../shared/webhooks/resolver';
import type { Harness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';
import { SHARED_SETUP_TIMEOUT_MS, startSeededHarness } from '../helpers/seeded-world';
import { contractOperations } from './helpers/contract-ops';
import { buildCase } from './helpers/fuzz-cases';
import type { Pools } from './helpers/fuzz-values';
import { Rng } from './helpers/prng';
import { type Answer, problemType, problemViolation, shapeViolation } from './helpers/problems';

/**
 * Issue 10 point 7(a): every operation of contract/openapi.json gets CASES generated and mutated
 * requests through the full app (real dynalite and s3rver, seeded fixtures). Nothing may answer
 * 5xx, and every 4xx must be a complete problem+json whose status is the HTTP status. The PRNG
 * seed is fixed: a failure names the case and reproduces on every run.
 */
const SEED = 0x5eed_2025;
const CASES = 40;
const OPERATIONS = contractOperations();

/**
 * The designed 5xx answers, each a documented response: 501 for a specified route not built yet
 * (it never fakes data); checkout's 503 while no payment provider is configured (spec "Errors" 7);
 * the status page's red 503, which here is red only for pipeline freshness (no fetch run ever ran
 * in a test) while database and object storage stay green; a catalog read whose source has no
 * version in force on the date (the fixtures' fiscal years end before today: CATALOG.md, Errors).
 * Anything else fails.
 */
const designed = (id: string) => (a: Answer) => {
  if (a.status === 501) return problemType(a).endsWith('/problems/not-implemented') && !shapeViolation(a);
  if (a.status === 503 && problemType(a).endsWith('/problems/source-not-loaded')) return !shapeViolation(a);
  if (id === 'POST /checkout' && a.status === 503)
    return problemType(a).endsWith('/problems/payment-not-configured') && !shapeViolation(a);
  if (id === 'GET /status' && a.status === 503) {
    if (a.contentType.startsWith('text/html')) return a.text.includes('<title>Service status');
    const report = JSON.parse(a.text) as { components: { name: string; light: string }[] };
    const light = (n: string) => report.components.find((c) => c.name === n)?.light;
    return light('database') === 'green' && light('object_storage') === 'green';
  }
  return false;
};

describe('contract-driven fuzzing: no 5xx, only problem+json errors', () => {
  let h: Harness;
  let app: OpenAPIHono<AppEnv>;
  let apiKey: string;
  const pools: Pools = {};
  const root = new Rng(SEED);
  /** Status of each operation's all-valid case: the fuzzer must really reach the handlers. */
  const validStatus = new Map<string, number>();

  beforeAll(async () => {
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-key-')), 'signing-key.json');
    h = await startSeededHarness('without-nppes', { env: { SIGNING_KEY_SOURCE: 'file', SIGNING_KEY_FILE: keyFile } });
    // The real subscriptions group, its network seams pointed nowhere: names resolve to a public
    // literal and deliveries are refused at once by a closed loopback port.
    const subscriptions = createSubscriptionsGroup({
      resolver: staticResolver({ 'hooks.example.com': ['93.184.215.14'] }),
      transport: { timeoutMs: 500, connectOverride: () => ({ host: '127.0.0.1', port: 1 }) },
    });
    app = buildApp(
      ALL_GROUPS.map((g) => (g.name === 'subscriptions' ? subscriptions : g)),
      h.deps,
    );
    apiKey = (await createTestKey(h.deps, 'pro', ['warrant'])).secret;
    const get = async (p: string) => (await app.request(p, { headers: { 'x-api-key': apiKey } })).json();
    const sub = await (
      await app.request('/v1/subscriptions', {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'webhook', webhook_url: 'https://hooks.example.com/warrant' }),
      })
    ).json();
    const changes = (await get('/v1/archive/changes?limit=1000')).items as Record<string, string>[];
    const kid = (await get('/rules/warrant/signing-key')).kid as string;
    expect(changes.length).toBeGreaterThan(5);
    Object.assign(pools, {
      doc_id: [...new Set(changes.map((c) => c.doc_id))],
      sha256: [...new Set(changes.map((c) => c.sha256))],
      source_id: [...new Set(changes.map((c) => c.source_id))],
      id: [sub.subscription_id, 1, 2],
      token: [sub.unsubscribe_token],
      kid: [kid],
      hcpcs: ['E0601', 'K0001', 'K1036', '95811', 'A7030'],
      column1: ['95811', 'E0601'],
      column2: ['94660', 'A7030'],
      state: ['NY', 'CA', 'TX'],
      npi: ['1529384707', '1234567893'],
      date: ['2025-02-14', '2025-05-15', '2025-08-20'],
      as_of: ['2025-02-14', '2025-05-15', '2025-08-20'],
      dos: ['2025-05-15'],
      from_dos: ['2025-02-14'],
      to_dos: ['2025-08-20'],
      from: ['2025-06-01'],
      to: ['2025-06-10'],
      webhook_url: ['https://hooks.example.com/warrant', 'https://93.184.215.14/hook'],
      codes: [['E0601'], ['K0001', '95811']],
      source_ids: [['cms_ncci_mue'], ['cms_ncci_ptp', 'cms_hcpcs_level2']],
    });
  }, SHARED_SETUP_TIMEOUT_MS);
  afterAll(() => h?.close());

  it('covers every operation of the contract', () => {
    expect(OPERATIONS.length).toBeGreaterThan(40);
  });

  it.each(OPERATIONS.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const rng = root.fork(op.id);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const c = buildCase(op, i, rng, pools, { key: apiKey });
      let res: Response;
      try {
        res = await app.request(c.url, { method: c.method, headers: c.headers, body: c.body });
      } catch (e) {
        failures.push(`#${i} [${c.label}] threw ${(e as Error).message}`);
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (i === 0) validStatus.set(op.id, res.status);
      const wrong = await problemViolation(res, designed(op.id));
      if (wrong) failures.push(`#${i} ${c.method} ${c.url.slice(0, 160)} [${c.label}]: ${wrong}`);
    }
    expect(failures).toEqual([]);
    // The valid case really reached the handler (not a 404 for a badly built path).
    expect([...statuses.keys()].some((s) => s !== 404)).toBe(true);
  });

  it('a body that is not JSON is a 400 naming the body; another media type is a 415 naming Content-Type', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      app.request('/v1/subscriptions', { method: 'POST', headers: { 'x-api-key': apiKey, ...headers }, body });
    const broken = await post({ 'content-type': 'application/json' }, '{"channel":');
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors).toEqual([expect.objectContaining({ loc: ['body'] })]);
    const text = await post({ 'content-type': 'text/plain' }, '{}');
    expect(text.status).toBe(415);
    expect(text.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await text.json()).errors).toEqual([expect.objectContaining({ loc: ['header', 'content-type'] })]);
  });

  it('reached the handlers: the all-valid case of most built operations succeeds', () => {
    // 501: not built; 503: built, but no source (or dependency) answers on the pools' 2025 dates
    // (the signals and trials fixtures are sets of 2024 and early 2025, stale by then): neither says
    // whether the harness built a valid request.
    const built = [...validStatus.values()].filter((s) => s !== 501 && s !== 503);
    expect(built.length).toBeGreaterThan(30);
    expect(built.filter((s) => s < 400).length / built.length).toBeGreaterThan(0.75);
  });
});
