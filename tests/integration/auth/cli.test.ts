import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type LocalServer, startLocalServer } from '../../../functions/local/server';
import { runKeysCommand } from '../../../scripts/keys';
import { parseConfig } from '../../../shared/config';
import { type Harness, startHarness } from '../../helpers/harness';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');

describe('npm run keys (operator CLI)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runKeysCommand(argv, h.deps, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('creates, lists, limits and revokes keys', async () => {
    const created = await cli('create', '--tier', 'free', '--label', 'Clinic A', '--entitlement', 'warrant', '--json');
    expect(created.code).toBe(0);
    const key = JSON.parse(created.out);
    expect(key).toMatchObject({ tier: 'free', label: 'Clinic A', entitlements: ['warrant'], daily_allowance: 10_000 });
    const headers = { 'x-api-key': key.api_key };
    expect((await h.request('/my-usage', { headers })).status).toBe(200);

    const limited = await cli('set-allowance', key.key_id, '25', '--json');
    expect(JSON.parse(limited.out).daily_allowance).toBe(25);

    const listed = await cli('list');
    expect(listed.out).toContain(key.key_id);
    expect(listed.out).not.toContain(key.api_key);

    const revoked = await cli('revoke', key.key_id);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toMatch(/revoked/);
    expect((await h.request('/my-usage', { headers })).status).toBe(401);
  });

  it('refuses bad arguments with usage (exit 2) and unknown ids with a message (exit 1)', async () => {
    expect((await cli('create', '--tier', 'gold', '--label', 'x')).code).toBe(2);
    expect((await cli('create', '--tier', 'pro')).code).toBe(2);
    expect((await cli('create', '--tier', 'pro', '--label', 'x', '--allowance', '-3')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const missing = await cli('revoke', 'key_0000000000000000');
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/No API key/);
  });

  describe('as a process, with and without a running server on the data folder', () => {
    let dataDir: string;
    let server: LocalServer | undefined;
    const env = () => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIGNING_KEY_SOURCE: 'none',
      SEED_SAMPLE_DATA: 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    const spawnCli = (...argv: string[]) =>
      run(process.execPath, ['--openssl-legacy-provider', '-r', '@swc-node/register', 'scripts/keys.ts', ...argv], {
        cwd: root,
        env: env(),
        timeout: 30_000,
      });
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-cli-'));
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates a key with its own engines, then revokes it through the running server’s engines', async () => {
      const created = await spawnCli('create', '--tier', 'starter', '--label', 'ops', '--json');
      const key = JSON.parse(created.stdout.trim());
      expect(key.api_key).toMatch(/^wsk_/);

      const config = { ...parseConfig({ ...env(), KEY_CACHE_SECONDS: '0' }), port: 0 };
      server = await startLocalServer(config);
      const use = () => fetch(`${server!.baseUrl}/my-usage`, { headers: { 'x-api-key': key.api_key } });
      expect((await use()).status).toBe(200);

      const revoked = await spawnCli('revoke', key.key_id, '--json');
      expect(JSON.parse(revoked.stdout.trim()).revoked_at).toEqual(expect.any(String));
      expect((await use()).status).toBe(401);
    });
  });
});
