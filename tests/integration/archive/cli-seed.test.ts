import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { seedArchive } from '../../../functions/archive/startup';
import { runArchiveCommand } from '../../../scripts/archive';
import { ensureStorage } from '../../../shared/aws/bootstrap';
import { buildDeps } from '../../../shared/aws/deps';
import { parseConfig } from '../../../shared/config';
import { startEngines } from '../../../shared/local/engines';
import { advertiseEngines, withdrawEngines } from '../../../shared/local/lock';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';
import { sha } from './helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

describe('archive import CLI and start-up seeding', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-cli-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runArchiveCommand(argv, h.deps, (l) => lines.push(l));
    return { code, text: lines.join('\n') };
  };

  it('imports a zip with overrides and prints version ids and sha256s', async () => {
    const member = Buffer.from('HCPCS,MUE\r\nJ0001,3\r\n');
    const zip = buildZip([{ name: 'MCR_MUE_DMESupplierServices_Eff_04-01-2026.csv', data: member }]);
    const file = path.join(dir, 'mue-dme-2026q2.zip');
    fs.writeFileSync(file, zip);
    const r = await cli(
      'import',
      '--source',
      'cms_ncci_mue',
      '--file',
      file,
      '--origin',
      'wayback',
      '--observed-at',
      '2026-04-03T12:00:00Z',
      '--publisher-version',
      'from wayback',
    );
    expect(r.code).toBe(0);
    expect(r.text).toContain(sha(zip));
    expect(r.text).toContain(sha(member));
    expect(r.text).toMatch(/mue:3\s+NEW VERSION/);
    const versions = await h.deps.tables.archive.queryAll('DOC#mue:3', { beginsWith: 'V#' });
    expect(versions[0]).toMatchObject({
      origin: 'wayback',
      publisher_version: 'from wayback',
      observed_from: '2026-04-03T12:00:00.000Z',
      publisher_effective_from: '2026-04-01',
    });
    expect(r.text).toContain(`(${versions[0]!.version_id})`);
    const again = await cli('import', '--source', 'cms_ncci_mue', '--file', file, '--json');
    expect(JSON.parse(again.text).files.map((f: { newVersion: boolean }) => f.newVersion)).toEqual([false, false]);
  });

  it('explains bad usage (exit 2) and refused files (exit 1)', async () => {
    expect((await cli('import', '--file', 'x')).code).toBe(2);
    expect((await cli('import', '--source', 'nope', '--file', 'x')).text).toMatch(/unknown source 'nope'/);
    expect((await cli('import', '--source', 'oig_leie', '--file', 'x', '--effective-from', '2026-13-01')).code).toBe(2);
    expect((await cli('import', '--source', 'oig_leie', '--file', 'x', '--origin', 'guess')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const missing = await cli('import', '--source', 'oig_leie', '--file', path.join(dir, 'absent.csv'));
    expect(missing).toEqual({ code: 1, text: expect.stringMatching(/Not archived: No such file/) });
    const empty = path.join(dir, 'UPDATED.csv');
    fs.writeFileSync(empty, '');
    expect(await cli('import', '--source', 'oig_leie', '--file', empty)).toEqual({
      code: 1,
      text: expect.stringMatching(/empty/),
    });
  });

  it('seeds the manifest once; a restart seeds nothing new', async () => {
    const a = path.join(dir, '2601EXCL.csv');
    const b = path.join(dir, 'ccipra-v320r0-f3.TXT');
    fs.writeFileSync(a, 'LASTNAME\r\n"S"\r\n');
    fs.writeFileSync(b, 'CPT only\r\n0001A\t0002A\r\n');
    const manifest = path.join(dir, 'manifest.json');
    fs.writeFileSync(
      manifest,
      JSON.stringify([
        { source_id: 'oig_leie', path: a, publisher_version: '2026-01', effective_from: null, effective_to: null },
        { source_id: 'cms_ncci_ptp', path: b, publisher_version: null, effective_from: null, effective_to: null },
        { source_id: 'not_registered_yet', path: a },
      ]),
    );
    const first = await seedArchive(h.deps, manifest);
    expect(first.join('\n')).toMatch(/seeded 2 sample file\(s\).*: 2 new version\(s\)/);
    expect(first.join('\n')).toMatch(/1 listed file\(s\) belong to sources not registered yet/);
    const ptp = await h.deps.tables.archive.queryAll('DOC#ptp:3', { beginsWith: 'V#' });
    expect(ptp[0]).toMatchObject({
      origin: 'backfill',
      publisher_version: 'v32.0r0',
      publisher_effective_from: '2026-01-01',
    });
    const second = await seedArchive(h.deps, manifest);
    expect(second.join('\n')).toMatch(/already seeded \(2 listed/);
    expect(await seedArchive(h.deps, path.join(dir, 'none.json'))).toEqual([
      expect.stringMatching(/no sample manifest/),
    ]);
    const off = await seedArchive({ ...h.deps, config: { ...h.deps.config, seedSampleData: false } }, manifest);
    expect(off.join('\n')).toMatch(/seeding off/);
  });

  it('as a process: starts its own engines when no server runs, else uses the running server', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, '2602EXCL.csv');
    fs.writeFileSync(file, 'LASTNAME\r\n"P"\r\n');
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIGNING_KEY_SOURCE: 'none',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const args = ['-r', '@swc-node/register', path.join(ROOT, 'scripts/archive.ts'), 'import', '--source', 'oig_leie'];
    const own = await run(process.execPath, [...args, '--file', file], { cwd: ROOT, env, timeout: 60_000 });
    expect(own.stdout).toMatch(/leie:2\s+NEW VERSION/);
    expect(fs.existsSync(path.join(dataDir, 'engines.json'))).toBe(false);

    // A "server" owns the folder now: the command must use its engines, not open LevelDB again.
    const engines = await startEngines({ dataDir });
    const config = parseConfig({
      DATA_DIR: dataDir,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
    });
    const deps = buildDeps(config);
    await ensureStorage(config, deps.clients);
    advertiseEngines(dataDir, {
      pid: process.pid,
      dynamodbEndpoint: engines.dynamodbEndpoint,
      s3Endpoint: engines.s3Endpoint,
      baseUrl: 'http://localhost:0',
      startedAt: new Date().toISOString(),
    });
    try {
      const second = path.join(dir, '2603EXCL.csv');
      fs.writeFileSync(second, 'LASTNAME\r\n"Q"\r\n');
      const viaServer = await run(process.execPath, [...args, '--file', second], { cwd: ROOT, env, timeout: 60_000 });
      expect(viaServer.stderr).toMatch(/Using the engines of the server/);
      expect(viaServer.stdout).toMatch(/leie:2\s+NEW VERSION/);
      // Both imports landed in the same archive: the one made with its own engines persisted.
      const versions = await deps.tables.archive.queryAll('DOC#leie:2', { beginsWith: 'V#' });
      expect(versions.map((v) => v.name)).toEqual(['2602EXCL.csv', '2603EXCL.csv']);
    } finally {
      withdrawEngines(dataDir);
      deps.clients.dynamodb.destroy();
      deps.clients.s3.destroy();
      await engines.stop();
    }
  });
});
