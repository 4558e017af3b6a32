import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_SPECS as MCP_TOOL_SPECS } from '../../../functions/mcp/catalog';
import { mcpGroup } from '../../../functions/mcp/routes';
import { buildApp } from '../../../shared/app/build';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { declaredQueryNames } from '../../../shared/http/query-guard';
import { HTTP_META } from '../../../shared/mcp/call-route';
import type { Harness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { SHARED_SETUP_TIMEOUT_MS, startSeededHarness } from '../../helpers/seeded-world';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * The agent-tool surface over Streamable HTTP, with the SDK's own client against the full app
 * listening on 127.0.0.1: the same key, entitlement, allowance and problem details as the API,
 * and signed answers that still verify.
 */
const NOW = new Date('2025-06-02T15:00:00Z');
let h: Harness;
let server: ReturnType<typeof serve>;
let base: string;
const clients: Client[] = [];

async function connect(key?: TestKey, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { ...(key ? key.headers : {}), ...headers } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Json = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => (r.content[0] as { type: 'text'; text: string }).text;
const httpOf = (r: CallToolResult): Json => (r._meta?.[HTTP_META] as Json | undefined) ?? {};
const statusOf = (r: CallToolResult) => httpOf(r).status as number;

beforeAll(async () => {
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-key-')), 'signing-key.json');
  h = await startSeededHarness('all', {
    env: { SIGNING_KEY_SOURCE: 'file', SIGNING_KEY_FILE: keyFile },
    clock: { now: () => NOW },
  });
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SHARED_SETUP_TIMEOUT_MS);

afterAll(async () => {
  for (const c of clients) await c.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

describe('/mcp over Streamable HTTP (SDK client)', () => {
  it('initializes without a key and lists one tool per declared route, schemas taken from the routes', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'warrant-service', version: 'v1' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_SPECS.map((s) => s.name));
    for (const name of ['warrant', 'warrant_changes', 'warrant_appeal', 'dmepos_fee', 'ncci_mue', 'ncci_ptp']) {
      expect(tools.map((t) => t.name)).toContain(name);
    }
    for (const name of ['archive_as_of', 'archive_versions', 'archive_file', 'exclusion_screen']) {
      expect(tools.map((t) => t.name)).toContain(name);
    }
    const registry = h.app.openAPIRegistry.definitions;
    for (const spec of MCP_TOOL_SPECS) {
      const tool = tools.find((t) => t.name === spec.name)!;
      const def = registry.find(
        (d) => d.type === 'route' && d.route.method === spec.method && d.route.path === spec.path,
      );
      if (def?.type !== 'route') throw new Error(`no route for ${spec.name}`);
      const route = def.route;
      // The description is the route's own, then what the answer proves.
      expect(tool.description).toContain(route.description ?? route.summary ?? '');
      expect(tool.description).toContain(spec.proves);
      expect(tool.title).toBe(route.summary);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const expected = new Set<string>([...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
      const query = route.request?.query;
      if (query) for (const n of declaredQueryNames(query) ?? []) expected.add(n);
      const media = route.request?.body?.content['application/json'] as { schema?: unknown } | undefined;
      const body = media?.schema as { shape?: Record<string, unknown> } | undefined;
      if (body?.shape) for (const n of Object.keys(body.shape)) expected.add(n);
      expect(new Set(Object.keys(tool.inputSchema.properties ?? {}))).toEqual(expected);
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
    const mue = tools.find((t) => t.name === 'ncci_mue')!;
    expect(mue.inputSchema.required).toEqual(['hcpcs']);
    expect(mue.inputSchema.properties?.units).toMatchObject({ type: 'integer', minimum: 1, maximum: 9999 });
    expect(mue.inputSchema.properties?.hcpcs).toMatchObject({ examples: ['E0601'] });
    expect(JSON.stringify(tools)).not.toContain('"example"');
    const screen = tools.find((t) => t.name === 'exclusion_screen')!;
    expect(screen.inputSchema.required).toEqual(['items']);
    expect(Object.keys((screen.inputSchema as Json).$defs)).toEqual(['ExclusionScreenItem']);
    expect(tools.find((t) => t.name === 'warrant')!.description).toContain('hand it unchanged to any verifier');
  });

  it('a free key is refused the warrant tool with the API’s 403 problem and allowed a catalog tool', async () => {
    const free = await createTestKey(h.deps, 'free', []);
    const client = await connect(free);
    const refused = await call(client, 'warrant', { hcpcs: 'E0601', as_of: '2025-05-15', state: 'NY' });
    expect(refused.isError).toBe(true);
    expect(statusOf(refused)).toBe(403);
    const problem = JSON.parse(textOf(refused));
    expect(problem).toMatchObject({ status: 403, required_entitlement: 'warrant', billing_tier: 'free' });
    const direct = await h.request('/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY', { headers: free.headers });
    const directProblem = (await direct.json()) as Json;
    expect({ ...problem, request_id: null }).toEqual({ ...directProblem, request_id: null });
    const allowed = await call(client, 'exclusions_comprehensive', { npi: '1847362914', as_of: '2025-05-15' });
    expect(allowed.isError).toBeUndefined();
    expect(statusOf(allowed)).toBe(200);
    expect(allowed.structuredContent).toMatchObject({ npi: '1847362914' });
    const mue = await call(client, 'ncci_mue', { hcpcs: 'E0601', as_of: '2025-05-15', units: 2 });
    expect(statusOf(mue)).toBe(200);
    const directMue = await h.request('/rules/ncci/mue?hcpcs=E0601&as_of=2025-05-15&units=2', {
      headers: free.headers,
    });
    expect(textOf(mue)).toBe(await directMue.text());
  });

  it('without a key a tool call is the 401 problem; /mcp itself needs none', async () => {
    const client = await connect();
    const r = await call(client, 'ncci_mue', { hcpcs: 'E0601' });
    expect(r.isError).toBe(true);
    expect(JSON.parse(textOf(r))).toMatchObject({ status: 401 });
  });

  it('each tool call counts once against the daily allowance; the 429 is the API’s problem', async () => {
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 3 });
    const client = await connect(k);
    await client.listTools();
    await client.ping();
    for (let i = 0; i < 3; i++) {
      const r = await call(client, 'ncci_ptp', { column1: '97530', column2: '97116', as_of: '2025-05-15' });
      expect(statusOf(r)).toBe(200);
      expect(httpOf(r).ratelimit).toBe(`"daily";r=${2 - i};t=32400`);
    }
    const over = await call(client, 'ncci_ptp', { column1: '97530', column2: '97116', as_of: '2025-05-15' });
    expect(over.isError).toBe(true);
    expect(statusOf(over)).toBe(429);
    expect(JSON.parse(textOf(over))).toMatchObject({
      status: 429,
      daily_allowance: 3,
      used: 3,
      'violated-policies': ['daily'],
    });
    expect(httpOf(over).retry_after).toBe('32400');
    const usage = (await (await h.request('/my-usage', { headers: k.headers })).json()) as Json;
    expect(usage.today).toEqual({ date: '2025-06-02', count: 3, remaining: 0 });
  });

  it('a paid key gets the signed warrant byte for byte, and it verifies with the published key', async () => {
    const pro = await createTestKey(h.deps, 'pro', ['warrant']);
    const client = await connect(pro);
    const q = { hcpcs: 'E0601', as_of: '2025-05-15', state: 'NY', npi: '1529384707' };
    const r = await call(client, 'warrant', q);
    expect(statusOf(r)).toBe(200);
    const direct = await h.request(`/rules/warrant?${new URLSearchParams(q)}`, { headers: pro.headers });
    expect(textOf(r)).toBe(await direct.text());
    const body = JSON.parse(textOf(r)) as Json;
    expect(body.fee.facts.length).toBeGreaterThan(0);
    expect(body.fee.facts[0].receipt.sha256).toMatch(/^[0-9a-f]{64}$/);
    const pub = (await (await h.request(`/rules/warrant/signing-key?kid=${body.attestation.kid}`)).json()) as Json;
    const key = { kid: pub.kid, public_key_b64url: pub.public_key_b64url };
    expect(verifySignedResponse(body, key)).toMatchObject({ ok: true });
    expect(verifySignedResponse(r.structuredContent as Json, key)).toMatchObject({ ok: true });
    const tampered = structuredClone(body);
    tampered.fee.facts[0].value.non_rural = 1;
    expect(verifySignedResponse(tampered, key).ok).toBe(false);
    for (const [name, args] of [
      ['warrant_changes', { hcpcs: 'E0601', from_dos: '2025-02-14', to_dos: '2025-05-15', state: 'NY' }],
      ['warrant_appeal', { ...q, claim_reference: 'CLM-1' }],
    ] as const) {
      const signed = await call(client, name, args);
      expect(statusOf(signed)).toBe(200);
      expect(verifySignedResponse(JSON.parse(textOf(signed)), key)).toMatchObject({ ok: true });
    }
  });

  it('arguments reach the route unparsed: its own validation names the parameter', async () => {
    const k = await createTestKey(h.deps, 'pro', ['warrant']);
    const client = await connect(k);
    const bad = await call(client, 'ncci_mue', { hcpcs: 'E0601', units: 'x' });
    expect(bad.isError).toBe(true);
    expect(JSON.parse(textOf(bad)).errors[0].loc).toEqual(['query', 'units']);
    const unknown = await call(client, 'ncci_mue', { hcpcs: 'E0601', bogus: '1' });
    expect(statusOf(unknown)).toBe(400);
    expect(JSON.parse(textOf(unknown)).detail).toContain('bogus');
    const nested = await call(client, 'dmepos_fee', { hcpcs: 'E0601', state: { a: 1 } });
    expect(JSON.parse(textOf(nested)).errors[0].loc).toEqual(['query', 'state']);
    const noPath = await call(client, 'archive_versions', {});
    expect(noPath.isError).toBe(true);
    expect(JSON.parse(textOf(noPath))).toMatchObject({
      status: 400,
      errors: [{ loc: ['path', 'doc_id'], type: 'missing' }],
    });
    const unknownTool = client.callTool({ name: 'no_such_tool', arguments: {} });
    await expect(unknownTool).rejects.toThrow(/Unknown tool: no_such_tool/);
  });

  it('a path argument is checked by the route’s schema first: it can never reach another route', async () => {
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 100 });
    const client = await connect(k);
    for (const [name, args, param] of [
      ['archive_file', { sha256: '..' }, 'sha256'],
      ['archive_as_of', { doc_id: '.', date: '2025-05-15' }, 'doc_id'],
      ['exclusions_state', { npi: 'search', name: 'x' }, 'npi'],
      ['exclusions_state', { npi: 'coverage' }, 'npi'],
      ['exclusions_comprehensive', { npi: '1847362914/../../state/coverage' }, 'npi'],
    ] as const) {
      const r = await call(client, name, args);
      expect({ name, status: statusOf(r) }).toEqual({ name, status: 400 });
      expect(JSON.parse(textOf(r)).errors[0].loc).toEqual(['path', param]);
    }
    // Refused before any request: nothing was counted.
    const usage = (await (await h.request('/my-usage', { headers: k.headers })).json()) as Json;
    expect(usage.today.count).toBe(0);
  });

  it('one JSON-RPC message per POST: a batch is a 400 problem naming the body, and runs nothing', async () => {
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 100 });
    const call1 = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'ncci_mue', arguments: { hcpcs: 'E0601' } },
    };
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...k.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify([call1, { ...call1, id: 2 }]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors[0]).toMatchObject({ loc: ['body'], type: 'batch' });
    const usage = (await (await h.request('/my-usage', { headers: k.headers })).json()) as Json;
    expect(usage.today.count).toBe(0);
    const garbled = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(garbled.status).toBe(400);
    expect(((await garbled.json()) as Json).error.code).toBe(-32700);
  });

  it('path parameters and JSON bodies are forwarded: archive and screen tools', async () => {
    const k = await createTestKey(h.deps, 'pro', ['warrant']);
    const client = await connect(k);
    const asOf = await call(client, 'archive_as_of', { doc_id: 'hcpcs:1', date: '2025-05-15' });
    expect(statusOf(asOf)).toBe(200);
    const sha = (asOf.structuredContent as Json).version.sha256 as string;
    const versions = await call(client, 'archive_versions', { doc_id: 'hcpcs:1' });
    expect((versions.structuredContent as Json).items.map((v: Json) => v.sha256)).toContain(sha);
    const file = await call(client, 'archive_file', { sha256: sha });
    expect(statusOf(file)).toBe(200);
    expect((file.structuredContent as Json).sha256).toBe(sha);
    const missing = await call(client, 'archive_file', { sha256: '0'.repeat(64) });
    expect(statusOf(missing)).toBe(404);
    const screen = await call(client, 'exclusion_screen', {
      as_of: '2025-05-15',
      items: [{ npi: '1847362914' }, { last_name: 'Nobody', first_name: 'Known' }],
    });
    expect(statusOf(screen)).toBe(200);
    expect((screen.structuredContent as Json).results).toHaveLength(2);
  });

  it('the HTTP rules of the transport: POST only, origin guard, body limit, never counted', async () => {
    const get = await fetch(`${base}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(get.headers.get('content-type')).toBe('application/problem+json');
    const init = (headers: Record<string, string>, body = '{"jsonrpc":"2.0","id":1,"method":"ping"}') => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
    const evil = await fetch(`${base}/mcp`, init({ origin: 'http://evil.example.com' }));
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as Json).type).toMatch(/\/problems\/origin-not-allowed$/);
    const local = await fetch(`${base}/mcp`, init({ origin: 'http://localhost:6274' }));
    expect(local.status).toBe(200);
    const rebound = await h.request('http://evil.example.com/mcp', init({}));
    expect(rebound.status).toBe(403);
    const k = await createTestKey(h.deps, { tier: 'free', allowance: 5 });
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/mcp`, init(k.headers))).status).toBe(200);
    const usage = (await (await h.request('/my-usage', { headers: k.headers })).json()) as Json;
    expect(usage.today.count).toBe(0);
    // Last: the server answers before reading the body and then drops the connection.
    const big = await fetch(`${base}/mcp`, init({}, JSON.stringify({ pad: 'x'.repeat(1024 * 1024) })));
    expect(big.status).toBe(413);
  });
});

describe('/mcp as its own function: tool calls over HTTP to MCP_UPSTREAM_URL', () => {
  it('an app holding only the mcp group answers the same signed bytes, counted once by the upstream', async () => {
    const deps = { ...h.deps, config: { ...h.deps.config, mcp: { ...h.deps.config.mcp, upstreamUrl: base } } };
    const alone = buildApp([mcpGroup], deps);
    const own = serve({ fetch: alone.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => own.once('listening', () => resolve()));
    try {
      const pro = await createTestKey(h.deps, 'pro', ['warrant']);
      const client = new Client({ name: 'mcp-upstream-test', version: '1.0.0' });
      const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/mcp`;
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: pro.headers } }));
      clients.push(client);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(MCP_TOOL_SPECS.map((s) => s.name));
      const q = { hcpcs: 'E0601', as_of: '2025-05-15', state: 'NY', npi: '1529384707' };
      const r = await call(client, 'warrant', q);
      expect(statusOf(r)).toBe(200);
      const usage = (await (await h.request('/my-usage', { headers: pro.headers })).json()) as Json;
      expect(usage.today.count).toBe(1);
      const direct = await h.request(`/rules/warrant?${new URLSearchParams(q)}`, { headers: pro.headers });
      expect(textOf(r)).toBe(await direct.text());
      // The app alone serves no other route: nothing but /mcp answers there.
      expect((await alone.request('/rules/warrant?hcpcs=E0601', { headers: pro.headers })).status).toBe(404);
      // A route refusal comes back as the upstream's own problem.
      const bad = await call(client, 'ncci_mue', { hcpcs: 'E0601', units: 'x' });
      expect(bad.isError).toBe(true);
      expect(JSON.parse(textOf(bad)).errors[0].loc).toEqual(['query', 'units']);
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });

  it('an upstream that cannot be reached is a tool error naming it, never an answer', async () => {
    const deps = {
      ...h.deps,
      config: { ...h.deps.config, mcp: { ...h.deps.config.mcp, upstreamUrl: 'http://127.0.0.1:9' } },
    };
    const alone = buildApp([mcpGroup], deps);
    const rpc = await alone.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'ncci_mue', arguments: { hcpcs: 'E0601' } },
      }),
    });
    const body = (await rpc.json()) as Json;
    expect(body.result).toBeUndefined();
    expect(body.error.message).toMatch(/cannot reach the service at http:\/\/127\.0\.0\.1:9/);
  });
});
