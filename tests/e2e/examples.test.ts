import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type LocalServer, startLocalServer } from '../../functions/local/server';
import { parseConfig } from '../../shared/config';

/**
 * The samples served at /examples are run here, as a reader would run them: the curl script and
 * the TypeScript client sample against the local server over HTTP, and the Python verifier (standard
 * library only) on the signed warrant the curl script saved and on contract/attestation-vectors.json.
 */
const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const demoKey = `demo-${randomBytes(18).toString('base64url')}`;
let server: LocalServer;
let dir: string;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function exec(cmd: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: root, env: { ...process.env, ...env }, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'examples-test-'));
  const base = parseConfig({
    STORAGE: 'local',
    DATA_DIR: path.join(dir, 'data'),
    DEMO_API_KEY: demoKey,
    LOG_LEVEL: 'silent',
    SEED_SAMPLE_DATA: 'false',
  });
  server = await startLocalServer({ ...base, port: 0 }, { persist: false });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('examples/ (served at /examples, run here)', () => {
  it('GET /examples lists exactly the files run below, and serves them verbatim', async () => {
    const list = (await (await fetch(`${server.baseUrl}/examples`)).json()) as { items: { lang: string }[] };
    expect(list.items.map((i) => i.lang)).toEqual(['agent', 'curl', 'python', 'typescript']);
    for (const [lang, file] of [
      ['agent', 'agent.ts'],
      ['curl', 'curl.sh'],
      ['python', 'python.py'],
      ['typescript', 'typescript.ts'],
    ]) {
      const served = await (await fetch(`${server.baseUrl}/examples/${lang}`)).text();
      expect(served).toBe(fs.readFileSync(path.join(root, 'examples', file!), 'utf8'));
    }
  });

  it('curl: saves a signed warrant and the signing key', async () => {
    const out = await exec('sh', ['examples/curl.sh'], { BASE_URL: server.baseUrl, API_KEY: demoKey, OUT_DIR: dir });
    expect(out).toMatchObject({ code: 0, stderr: '' });
    const warrant = JSON.parse(fs.readFileSync(path.join(dir, 'warrant.json'), 'utf8'));
    expect(warrant.meta.as_of).toBe('2025-02-10');
    expect(warrant.attestation.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
  });

  it('curl: fails with the problem when the key is wrong', async () => {
    const out = await exec('sh', ['examples/curl.sh'], { BASE_URL: server.baseUrl, API_KEY: 'wrong', OUT_DIR: dir });
    expect(out.code).not.toBe(0);
    expect(fs.readFileSync(path.join(dir, 'warrant.json'), 'utf8')).toContain('"status":401');
  });

  it('python: verifies the saved warrant offline, and rejects it once a field is altered', async () => {
    await exec('sh', ['examples/curl.sh'], { BASE_URL: server.baseUrl, API_KEY: demoKey, OUT_DIR: dir });
    const warrant = path.join(dir, 'warrant.json');
    const key = path.join(dir, 'signing-key.json');
    const ok = await exec('python3', ['examples/python.py', warrant, key]);
    expect(ok).toMatchObject({ code: 0, stdout: expect.stringMatching(/^OK signed by ed25519-[0-9a-f]{16} at /) });

    const altered = JSON.parse(fs.readFileSync(warrant, 'utf8'));
    altered.meta.as_of = '2025-02-11';
    fs.writeFileSync(path.join(dir, 'altered.json'), JSON.stringify(altered));
    const bad = await exec('python3', ['examples/python.py', path.join(dir, 'altered.json'), key]);
    expect(bad).toMatchObject({ code: 1, stdout: expect.stringMatching(/^FAIL signature does not verify/) });
  });

  it('python: agrees with every published attestation vector', async () => {
    const vectors = JSON.parse(fs.readFileSync(path.join(root, 'contract/attestation-vectors.json'), 'utf8'));
    const key = path.join(dir, 'vector-key.json');
    fs.writeFileSync(key, JSON.stringify(vectors.key));
    expect(vectors.vectors.length).toBeGreaterThan(0);
    for (const v of vectors.vectors as { name: string; expect: string; response_text: string }[]) {
      const file = path.join(dir, `vector-${v.name}.json`);
      fs.writeFileSync(file, v.response_text);
      const out = await exec('python3', ['examples/python.py', file, key]);
      expect({ name: v.name, code: out.code }).toEqual({ name: v.name, code: v.expect === 'valid' ? 0 : 1 });
    }
  });

  it('typescript: the typed client fetches and verifies a warrant', async () => {
    const out = await exec(process.execPath, ['-r', '@swc-node/register', 'examples/typescript.ts'], {
      BASE_URL: server.baseUrl,
      API_KEY: demoKey,
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^warrant for E0601 as of 2025-02-10$/m);
    expect(out.stdout).toMatch(/^verified: signed by ed25519-[0-9a-f]{16} at /m);
  });

  it('agent: an MCP client lists the tools, calls a rule read and the warrant, and verifies the warrant', async () => {
    const out = await exec(process.execPath, ['-r', '@swc-node/register', 'examples/agent.ts'], {
      BASE_URL: server.baseUrl,
      API_KEY: demoKey,
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^\d+ tools: warrant, warrant_changes, /m);
    expect(out.stdout).toMatch(/^ncci_mue: (held|gap|partial), \d+ fact\(s\), \d+ gap\(s\)$/m);
    expect(out.stdout).toMatch(/^warrant as of 2025-02-10$/m);
    expect(out.stdout).toMatch(/^verified: signed by ed25519-[0-9a-f]{16} at /m);
  });

  it('agent: a wrong key ends on the 401 problem from the tool call', async () => {
    const out = await exec(process.execPath, ['-r', '@swc-node/register', 'examples/agent.ts'], {
      BASE_URL: server.baseUrl,
      API_KEY: 'wrong',
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^ncci_mue refused: .*"status":401/m);
  });
});
