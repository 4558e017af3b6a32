import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type LocalServer, startLocalServer } from '../../functions/local/server';
import { parseConfig } from '../../shared/config';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned to 0.1.13: later
 * releases need Node 22) against /mcp of the local server, with the expected failures in
 * mcp-conformance-baseline.yml, each with its reason. The suite exits non-zero on any failure not
 * listed and on any listed scenario that passes, so the baseline cannot go stale.
 */
const root = path.resolve(__dirname, '../..');
let dir: string;
let server: LocalServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
  const base = parseConfig({
    STORAGE: 'local',
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_DATA: 'false',
  });
  server = await startLocalServer({ ...base, port: 0 }, { persist: false });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: string;
}

it('passes the conformance suite apart from the listed expected failures', async () => {
  const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const out = path.join(dir, 'results');
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        cli,
        'server',
        '--url',
        `${server.baseUrl}/mcp`,
        '--expected-failures',
        path.join(root, 'tests/e2e/mcp-conformance-baseline.yml'),
        '-o',
        out,
      ],
      { cwd: dir, timeout: 90_000 },
      (e, stdout, stderr) =>
        resolve({
          code: e ? ((e as { code?: number }).code ?? -1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
  if (run.code !== 0) process.stderr.write(`${run.stdout}\n${run.stderr}\n`);
  expect(run.code).toBe(0);
  // What passes, read from the suite's own results, so a silent skip cannot look like a pass.
  const passed = new Set<string>();
  for (const scenario of fs.readdirSync(out)) {
    const checks = JSON.parse(fs.readFileSync(path.join(out, scenario, 'checks.json'), 'utf8')) as Check[];
    for (const c of checks) if (c.status === 'SUCCESS') passed.add(c.id);
  }
  for (const id of [
    'server-initialize',
    'ping',
    'tools-list',
    'localhost-host-rebinding-rejected',
    'localhost-host-valid-accepted',
  ]) {
    expect(passed).toContain(id);
  }
}, 120_000);
