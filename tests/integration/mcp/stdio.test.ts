import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type LocalServer, startLocalServer } from '../../../functions/local/server';
import { TOOL_SPECS as MCP_TOOL_SPECS } from '../../../functions/mcp/catalog';
import { verifySignedResponse } from '../../../shared/attestation/verify';
import { parseConfig } from '../../../shared/config';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * `npm run mcp` as a desktop agent runs it: the SDK's stdio client spawns scripts/mcp.ts, which
 * takes its key from WARRANT_API_KEY and calls the service it finds (WARRANT_API_URL, or the local
 * server advertised for DATA_DIR). stdout must carry JSON-RPC only.
 */
const root = path.resolve(__dirname, '../../..');
const demoKey = `demo-${randomBytes(18).toString('base64url')}`;
let dir: string;
let server: LocalServer;
const clients: Client[] = [];

/** Through the launcher a desktop configuration names, from another working directory. */
async function spawnClient(
  env: Record<string, string>,
): Promise<{ client: Client; stderr: () => string; errors: Error[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, 'scripts/mcp-stdio.cjs')],
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  // Any stdout line that is not a JSON-RPC message surfaces here.
  const errors: Error[] = [];
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => err, errors };
}

const textOf = (r: CallToolResult) => (r.content[0] as { type: 'text'; text: string }).text;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-stdio-'));
  const base = parseConfig({
    STORAGE: 'local',
    DATA_DIR: path.join(dir, 'data'),
    DEMO_API_KEY: demoKey,
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_DATA: 'false',
  });
  // Persisted, so the server advertises itself for DATA_DIR as `npm start` does.
  server = await startLocalServer({ ...base, port: 0 }, { persist: true });
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run mcp (stdio, SDK client)', () => {
  it('with WARRANT_API_URL and WARRANT_API_KEY: lists the tools and returns a signed warrant that verifies', async () => {
    const { client, errors } = await spawnClient({ WARRANT_API_URL: server.baseUrl, WARRANT_API_KEY: demoKey });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_SPECS.map((s) => s.name));
    const r = (await client.callTool({
      name: 'warrant',
      arguments: { hcpcs: 'E0601', as_of: '2025-02-10' },
    })) as CallToolResult;
    expect(r.isError).toBeUndefined();
    const body = JSON.parse(textOf(r)) as Json;
    const key = (await client.callTool({
      name: 'warrant_signing_key',
      arguments: { kid: body.attestation.kid },
    })) as CallToolResult;
    expect(verifySignedResponse(body, JSON.parse(textOf(key)))).toMatchObject({ ok: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('finds the local server advertised for DATA_DIR; without WARRANT_API_KEY a call is the 401 problem', async () => {
    const { client, stderr, errors } = await spawnClient({ DATA_DIR: path.join(dir, 'data') });
    const r = (await client.callTool({ name: 'ncci_mue', arguments: { hcpcs: 'E0601' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(JSON.parse(textOf(r))).toMatchObject({ status: 401 });
    expect(stderr()).toContain(`calling the local server at ${server.baseUrl}`);
    expect(stderr()).toContain('WARRANT_API_KEY is not set');
    expect(errors).toEqual([]);
  }, 60_000);

  it('with no service to call, starts the local one itself; its logs stay on stderr', async () => {
    const own = path.join(dir, 'own-data');
    const key = `demo-${randomBytes(18).toString('base64url')}`;
    const { client, stderr, errors } = await spawnClient({
      DATA_DIR: own,
      PORT: '0',
      DEMO_API_KEY: key,
      WARRANT_API_KEY: key,
      SEED_SAMPLE_DATA: 'false',
    });
    const r = (await client.callTool({
      name: 'ncci_mue',
      arguments: { hcpcs: 'E0601', as_of: '2025-02-10' },
    })) as CallToolResult;
    expect(r.isError).toBeUndefined();
    expect(JSON.parse(textOf(r))).toMatchObject({ result: { status: 'gap' } });
    expect(stderr()).toContain(`starting the local service (data in ${own})`);
    expect(stderr()).toMatch(/"msg":"request".*"path":"\/rules\/ncci\/mue","status":200/);
    expect(errors).toEqual([]);
    await client.close();
  }, 90_000);

  it('refuses a WARRANT_API_URL that is not an http(s) URL, naming it, with exit code 2', async () => {
    const { execFile } = await import('node:child_process');
    const out = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['-r', '@swc-node/register', 'scripts/mcp.ts'],
        { cwd: root, env: { ...process.env, WARRANT_API_URL: 'ftp://x' }, timeout: 30_000 },
        (e, stdout, stderr) => resolve({ code: e ? ((e as { code?: number }).code ?? -1) : 0, stdout, stderr }),
      );
    });
    expect(out).toMatchObject({ code: 2, stdout: '' });
    expect(out.stderr).toContain('WARRANT_API_URL');
  }, 60_000);
});
