import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Archive, type IngestedFile } from '../../../shared/archive/ingest';
import { type Harness, startHarness } from '../../helpers/harness';
import { sha } from './helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

/** Versions stored for a document, and change records for it. */
async function stored(h: Harness, docId: string) {
  const versions = await h.deps.tables.archive.queryAll(`DOC#${docId}`, { beginsWith: 'V#', consistent: true });
  const changes = (await h.deps.tables.archive.queryAll('CHANGES')).filter((c) => c.doc_id === docId);
  return { versions, changes };
}

describe('concurrent ingestion of the same file yields exactly one version', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('in one process: eight ingests at once', async () => {
    const a = new Archive(h.deps);
    const b = new Archive(h.deps);
    const bytes = Buffer.from('LASTNAME,FIRSTNAME\r\n"A","B"\r\n');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).ingest({ sourceId: 'oig_leie', name: 'UPDATED.csv', body: bytes }),
      ),
    );
    const files = results.map((r) => r.files[0]!);
    expect(files.filter((f) => f.newVersion)).toHaveLength(1);
    expect(files.filter((f) => f.newFile)).toHaveLength(1);
    expect(new Set(files.map((f) => f.versionId)).size).toBe(1);
    const { versions, changes } = await stored(h, 'leie:1');
    expect(versions).toHaveLength(1);
    expect(changes).toHaveLength(1);
    expect(versions[0]!.sha256).toBe(sha(bytes));
    // The racers really overlapped: more than one drew a version id (the losers' ids are burned).
    const counter = await h.deps.tables.archive.get({ pk: 'COUNTER', sk: 'version_id' }, { consistent: true });
    expect(Number(counter?.value)).toBeGreaterThan(1);
  });

  it('in two processes against the same engines', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-race-'));
    const names = [1, 2, 3, 4].map((n) => `26${String(n).padStart(2, '0')}EXCL.csv`);
    for (const [i, n] of names.entries()) fs.writeFileSync(path.join(dir, n), `LASTNAME,FIRSTNAME\r\n"X${i}","Y"\r\n`);
    const env = {
      ...process.env,
      STORAGE: 'local',
      DYNAMODB_ENDPOINT: h.engines.dynamodbEndpoint,
      S3_ENDPOINT: h.engines.s3Endpoint,
      TABLE_ARCHIVE: h.deps.config.tables.archive,
      ARCHIVE_BUCKET: h.deps.config.bucket,
      LOG_LEVEL: 'silent',
      SIGNING_KEY_SOURCE: 'none',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const startAt = String(Date.now() + 4000);
    const args = ['-r', '@swc-node/register', path.join(__dirname, 'race-child.ts'), startAt, 'oig_leie'];
    const files = names.map((n) => path.join(dir, n));
    const outs = await Promise.all(
      [0, 1].map(() => run(process.execPath, [...args, ...files], { cwd: ROOT, env, timeout: 60_000 })),
    );
    fs.rmSync(dir, { recursive: true, force: true });
    const [p1, p2] = outs.map((o) => JSON.parse(o.stdout.trim()) as IngestedFile[]);
    for (let i = 0; i < names.length; i++) {
      const pair = [p1![i]!, p2![i]!];
      expect(pair[0]!.versionId).toBe(pair[1]!.versionId);
      expect(pair.filter((f) => f.newVersion)).toHaveLength(1);
    }
    const { versions, changes } = await stored(h, 'leie:2');
    expect(versions).toHaveLength(names.length);
    expect(changes).toHaveLength(names.length);
    const pending = await h.deps.tables.archive.queryAll('PENDING', { index: 'gsi2' });
    expect(pending).toHaveLength(0);
  });
});
