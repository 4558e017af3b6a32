import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { environmentFor } from '../../infra/environment';
import { grantFor } from '../../infra/grants';
import { DELIVERY_INPUT, JOBS } from '../../infra/jobs';
import { loadRoutes } from '../../infra/manifest';
import { namesFor } from '../../infra/naming';
import { readSettings } from '../../infra/settings';
import { keyStoreFor } from '../../shared/auth/access-control';
import { ensureStorage } from '../../shared/aws/bootstrap';
import { buildDeps } from '../../shared/aws/deps';
import { parseConfig } from '../../shared/config';
import { type Engines, startEngines } from '../../shared/local/engines';
import { builtBundles } from '../helpers/built-bundles';
import { startGateway } from '../helpers/gateway';
import { httpApiEvent, lambdaContext } from '../helpers/lambda-events';

/**
 * Issue 9 point 7: the esbuild bundles (not the TypeScript sources) run as Lambda would run them.
 * The test builds them itself into a temp folder with scripts/build.mjs, gives each exactly the
 * environment the CDK stacks give it (infra/environment.ts; secrets substituted, endpoints pointed
 * at the embedded engines), and invokes it with an API Gateway v2 or a scheduled event. A function
 * touching a table outside its grant fails here: its variables do not name that table.
 */
type Handler = (event: unknown, context: unknown) => Promise<unknown>;
type HttpResult = { statusCode: number; body: string; headers?: Record<string, string> };

const ROOT = path.resolve(__dirname, '../..');
/**
 * One representative request per known group; `auth` says which key it carries. `path` is the route
 * map's path; a route with a path parameter gives the concrete path sent (`raw`).
 */
const REQUESTS: Record<
  string,
  { path: string; raw?: string; query?: string; auth?: 'key' | 'admin'; status?: number }
> = {
  meta: { path: '/health/deep' },
  admin: { path: '/admin/keys', auth: 'admin' },
  archive: { path: '/v1/archive/sources', auth: 'key' },
  platform: { path: '/my-usage', auth: 'key' },
  subscriptions: { path: '/v1/subscriptions', auth: 'key' },
  warrant: { path: '/rules/warrant', query: 'hcpcs=E0100&as_of=2025-01-15', auth: 'key' },
  exclusions: { path: '/exclusions/state/coverage', auth: 'key' },
  // Nothing is archived here: a catalog read with no version in force is the 503 source-not-loaded problem.
  vbc: { path: '/vbc/hrrp', auth: 'key', status: 503 },
  trials: { path: '/clinical-trials', auth: 'key', status: 503 },
  signals: { path: '/signals', auth: 'key', status: 503 },
  hospitals: { path: '/cost-reports/{ccn}', raw: '/cost-reports/010099', auth: 'key', status: 503 },
  rx: { path: '/rx/nadac/movers', auth: 'key', status: 503 },
};

describe('bundled handlers under Lambda events against the embedded engines', () => {
  // Shared with tests/infra/bundles.test.ts: one build of this tree per run, read only.
  let dir: string;
  const saved = { ...process.env };
  const suffix = randomBytes(4).toString('hex');
  const names = namesFor(`b${suffix}`, `bundles-${suffix}`);
  const secrets = {
    'admin-api-key': randomBytes(24).toString('base64url'),
    'api-key-pepper': randomBytes(24).toString('base64url'),
    'webhook-secret-key': randomBytes(32).toString('base64url'),
  };
  let engines: Engines;
  let built: string[];
  let apiKey: string;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const handlers = new Map<string, Handler>();

  /** What CDK sets for this function, made runnable here: secrets resolved, engines as endpoints. */
  function lambdaEnv(kind: 'group' | 'job', name: string): Record<string, string> {
    const settings = readSettings((k) => ({ namePrefix: names.prefix })[k], ROOT);
    // Secret references are CDK tokens until a stack resolves them to `{{resolve:...}}` strings.
    const env = new Stack(new App()).resolve(
      environmentFor(grantFor(kind, name), {
        names,
        settings,
        publicBaseUrl: 'https://api.example.test',
        // API Gateway in front of the bundles: the mcp function's tool calls go there.
        apiEndpoint: gateway.url,
      }),
    ) as Record<string, string>;
    for (const [k, v] of Object.entries(env)) {
      const ref = /^\{\{resolve:secretsmanager:[^/]+\/([a-z-]+):SecretString:::\}\}$/.exec(v);
      if (ref) env[k] = secrets[ref[1] as keyof typeof secrets];
    }
    // No scheduler emulator: the deep probe covers DynamoDB and S3 here.
    delete env.SCHEDULER_SCHEDULE_NAME;
    delete env.SCHEDULER_GROUP_NAME;
    return {
      ...env,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
      LOG_LEVEL: 'silent',
      // The fetch job cannot reach publishers from a test: one quick attempt, a one-byte cap.
      FETCH_MAX_ATTEMPTS: '1',
      FETCH_TIMEOUT_MS: '2000',
      FETCH_MAX_BYTES: '1',
    };
  }

  /** Load a bundle once, with its own environment in place while its module initializes. */
  function handlerOf(name: string): Handler {
    let h = handlers.get(name);
    if (!h) {
      const kind = (JOBS as readonly string[]).includes(name) ? 'job' : 'group';
      const before = { ...process.env };
      Object.assign(process.env, lambdaEnv(kind, name));
      try {
        h = (require(path.join(dir, name, 'index.js')) as { handler: Handler }).handler;
      } finally {
        process.env = before;
      }
      handlers.set(name, h);
    }
    return h;
  }

  beforeAll(async () => {
    dir = await builtBundles();
    built = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'index.js')))
      .map((d) => d.name);
    engines = await startEngines();
    gateway = await startGateway(loadRoutes(), (group) => handlerOf(group));
    // The SDK's default credential chain, as on Lambda; s3rver accepts these static keys.
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    });
    const config = parseConfig({
      STORAGE: 'aws',
      TABLE_PREFIX: `${names.prefix}-`,
      ARCHIVE_BUCKET: names.bucket,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
      API_KEY_PEPPER: secrets['api-key-pepper'],
      WEBHOOK_SECRET_KEY: secrets['webhook-secret-key'],
      LOG_LEVEL: 'silent',
    });
    const deps = buildDeps(config);
    await ensureStorage(config, deps.clients);
    apiKey = (await keyStoreFor(deps).create({ tier: 'pro', entitlements: ['warrant'], label: 'bundle test' })).secret;
  }, 420_000);

  afterAll(async () => {
    process.env = saved;
    await gateway?.close();
    await engines?.stop();
  });

  it('built one bundle per endpoint group and per job', () => {
    const groups = [...new Set(loadRoutes().map((r) => r.group))];
    expect(built.sort()).toEqual(expect.arrayContaining([...groups, ...JOBS]));
  });

  it('answers one route of every group through its bundle', async () => {
    const routes = loadRoutes();
    const groups = [...new Set(routes.map((r) => r.group))].filter((g) => built.includes(g));
    for (const group of groups) {
      const known = REQUESTS[group];
      const route = known
        ? routes.find((r) => r.group === group && r.method === 'GET' && r.path === known.path)
        : routes.find((r) => r.group === group && r.method === 'GET' && !r.path.includes('{'));
      expect({ group, route: Boolean(route) }).toEqual({ group, route: true });
      const auth = known?.auth ?? (route!.path.startsWith('/admin') ? 'admin' : 'key');
      const headers = { 'x-api-key': auth === 'admin' ? secrets['admin-api-key'] : apiKey };
      const event = httpApiEvent('GET', known?.raw ?? route!.path, known?.query ?? '', headers);
      const res = (await handlerOf(group)(event, lambdaContext)) as HttpResult;
      // Known groups must answer their expected status (200 unless stated); a group added since answers anything but
      // a server error, its source-not-loaded 503 (nothing is archived here) excepted.
      const outcome = {
        group,
        path: route!.path,
        ok: known
          ? res.statusCode === (known.status ?? 200)
          : res.statusCode < 500 || (res.statusCode === 503 && res.body.includes('/problems/source-not-loaded"')),
      };
      expect({ ...outcome, body: outcome.ok ? '' : res.body.slice(0, 300) }).toEqual({
        ...outcome,
        ok: true,
        body: '',
      });
    }
  });

  it('answers MCP tool calls through the mcp bundle, each sent through API Gateway to its route’s own bundle and counted against the key', async () => {
    if (!built.includes('mcp')) return;
    const rpc = async (body: unknown) => {
      const event = {
        ...httpApiEvent('POST', '/mcp', '', {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        }),
        body: JSON.stringify(body),
      };
      const res = (await handlerOf('mcp')(event, lambdaContext)) as HttpResult;
      expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({
        status: 200,
        body: '',
      });
      return JSON.parse(res.body) as { result: Record<string, unknown> };
    };
    const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((list.result.tools as { name: string }[]).map((t) => t.name)).toContain('warrant');
    const usage = async () => {
      const res = (await handlerOf('platform')(
        httpApiEvent('GET', '/my-usage', '', { 'x-api-key': apiKey }),
        lambdaContext,
      )) as HttpResult;
      return (JSON.parse(res.body) as { today: { count: number } }).today.count;
    };
    const before = await usage();
    const call = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'ncci_mue', arguments: { hcpcs: 'E0100', as_of: '2025-01-15' } },
    });
    expect(call.result.isError).toBeUndefined();
    expect(JSON.parse((call.result.content as { text: string }[])[0]!.text)).toMatchObject({
      result: { status: 'gap' },
    });
    expect(await usage()).toBe(before + 1);
    // The tool call left the mcp function: the gateway routed it to the group serving the route.
    expect(gateway.requests.filter((r) => r.path === '/rules/ncci/mue')).toEqual([
      { method: 'GET', path: '/rules/ncci/mue', group: 'warrant' },
    ]);
  });

  it('serves the docs page and its Swagger UI files from the meta bundle folder (no CDN)', async () => {
    if (!built.includes('meta')) return;
    const page = (await handlerOf('meta')(httpApiEvent('GET', '/docs', '', {}), lambdaContext)) as HttpResult;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/docs/assets/swagger-ui-bundle.js');
    const js = (await handlerOf('meta')(
      httpApiEvent('GET', '/docs/assets/swagger-ui-bundle.js', '', {}),
      lambdaContext,
    )) as HttpResult & { isBase64Encoded?: boolean };
    expect(js.statusCode).toBe(200);
    const bytes = Buffer.from(js.body, js.isBase64Encoded ? 'base64' : 'utf8');
    expect(bytes.equals(fs.readFileSync(path.join(dir, 'meta', 'swagger-ui', 'swagger-ui-bundle.js')))).toBe(true);
  });

  it('serves the contract from the file beside the meta bundle (not carried in it)', async () => {
    if (!built.includes('meta')) return;
    const res = (await handlerOf('meta')(httpApiEvent('GET', '/openapi.json', '', {}), lambdaContext)) as HttpResult;
    expect(res.statusCode).toBe(200);
    const committed = JSON.parse(fs.readFileSync(path.join(ROOT, 'contract', 'openapi.json'), 'utf8'));
    expect(JSON.parse(res.body)).toEqual(committed);
    expect(fs.readFileSync(path.join(dir, 'meta', 'index.js'), 'utf8')).not.toContain(String(committed['x-generated']));
  });

  it('runs the delivery job on its scheduled event', async () => {
    if (!built.includes('delivery')) return;
    const event = { ...DELIVERY_INPUT, scheduled_time: '2025-01-15T14:00:00Z' };
    const context = { ...lambdaContext, getRemainingTimeInMillis: () => 900_000 };
    const stats = (await handlerOf('delivery')(event, context)) as Record<string, number>;
    expect(stats).toMatchObject({ subscriptions: 0, attempted: 0, delivered: 0, failed: 0, errors: 0 });
  });

  it('runs the fetch job on its scheduled event and records the run where the archive group reads it', async () => {
    if (!built.includes('fetch')) return;
    const run = (await handlerOf('fetch')({ source_id: 'oig_leie' }, lambdaContext)) as Record<string, unknown>;
    // Offline, or capped at one byte: every URL fails, and the failure is a recorded run, not a throw.
    expect(run).toMatchObject({ source_id: 'oig_leie', status: 'failed' });
    expect((run.errors as unknown[]).length).toBeGreaterThan(0);
    await expect(handlerOf('fetch')({}, lambdaContext)).rejects.toThrow(/source_id/);

    if (!built.includes('archive')) return;
    const event = httpApiEvent('GET', '/archive/runs', 'source_id=oig_leie', { 'x-api-key': apiKey });
    const res = (await handlerOf('archive')(event, lambdaContext)) as HttpResult;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(String(run.run_id));
  });
});
