import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runArchiveCommand } from '../../scripts/archive';
import { Archive } from '../../shared/archive/ingest';
import { fileKey } from '../../shared/archive/keys';
import { DependencyUnavailableError } from '../../shared/http/errors';
import type { Harness } from '../helpers/harness';
import { createTestKey } from '../helpers/keys';
import { SHARED_SETUP_TIMEOUT_MS, startSeededHarness } from '../helpers/seeded-world';
import { type Answer, shapeViolation } from './helpers/problems';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 10 point 7(c): with the S3 emulator stopped, whatever needs S3 answers a 503 problem naming
 * S3 (and an ingest writes nothing), while everything served from DynamoDB keeps answering.
 */
describe('S3 down: S3 reads fail as 503 problems, the rest keeps answering', () => {
  let h: Harness;
  let headers: Record<string, string>;
  let textSha: string;
  let docId: string;
  let tmp: string;

  const answer = async (p: string, init?: RequestInit): Promise<Answer & { json: Json }> => {
    const res = await h.request(p, { headers, ...init });
    const text = await res.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // HTML pages
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
  };
  const expectS3Problem = (a: Answer & { json: Json }) => {
    expect(a.status).toBe(503);
    expect(shapeViolation(a)).toBeUndefined();
    expect(a.json.type).toMatch(/\/problems\/dependency-unavailable$/);
    expect(a.json.dependency).toBe('S3');
    expect(a.json.detail).toMatch(/S3/);
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 's3-down-'));
    h = await startSeededHarness('without-nppes', {
      env: { SIGNING_KEY_SOURCE: 'file', SIGNING_KEY_FILE: path.join(tmp, 'signing-key.json') },
    });
    headers = (await createTestKey(h.deps, 'pro', ['warrant'])).headers;
    const changes = (await answer('/v1/archive/changes?source_id=cms_ncci_ptp')).json.items as Json[];
    textSha = changes[0]!.sha256;
    docId = changes[0]!.doc_id;
    // Sanity: while S3 runs, the S3 reads answer.
    expect((await answer(`/archive/files/${textSha}/text`)).status).toBe(200);
    await h.engines.stopS3();
  }, SHARED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('GET /archive/files/{sha256}/text (reads the rendering from S3) is a 503 problem naming S3', async () => {
    expectS3Problem(await answer(`/archive/files/${textSha}/text`));
  });

  it('GET /v1/archive/files/{sha256} still answers: the link is signed locally, no S3 call', async () => {
    const a = await answer(`/v1/archive/files/${textSha}`);
    expect(a.status).toBe(200);
    expect(a.json.sha256).toBe(textSha);
    expect(a.json.download_url).toMatch(/^http/);
  });

  it('an ingest is refused with a 503 naming S3 and writes nothing', async () => {
    const body = Buffer.from(`Column 1\tColumn 2\n99999\t88888\t\t20250101\t*\t1\tRationale ${Date.now()}\n`);
    const err = await new Archive(h.deps)
      .ingest({ sourceId: 'cms_ncci_ptp', name: 'ccipra-v320r0-f1.TXT', body })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DependencyUnavailableError);
    expect((err as DependencyUnavailableError).extensions.dependency).toBe('S3');
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(body).digest('hex');
    expect(await h.deps.tables.archive.get(fileKey(sha), { consistent: true })).toBeUndefined();
  });

  it('the archive import CLI reports the outage (exit 1, names S3)', async () => {
    const file = path.join(tmp, 'ccipra-v321r0-f1.TXT');
    fs.writeFileSync(file, 'Column 1\tColumn 2\n77777\t66666\t\t20250101\t*\t1\tx\n');
    const lines: string[] = [];
    const code = await runArchiveCommand(
      ['import', '--source', 'cms_ncci_ptp', '--file', file, '--no-load'],
      h.deps,
      (l) => lines.push(l),
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/S3 is unreachable/);
  });

  it('GET /health/deep is 503 and names s3 as the failing probe', async () => {
    const a = await answer('/health/deep');
    expect(a.status).toBe(503);
    expect(a.json.failing).toEqual(['s3']);
  });

  it('GET /status is red for object storage only; the database stays green', async () => {
    const a = await answer('/status?format=json');
    expect(a.status).toBe(503);
    const light = (n: string) => (a.json.components as Json[]).find((c) => c.name === n)?.light;
    expect(light('object_storage')).toBe('red');
    expect(light('database')).toBe('green');
  });

  it.each([
    ['/health', undefined],
    ['/sources', 'items'],
    ['/v1/archive/sources', 'items'],
    ['/v1/archive/changes?limit=5', 'items'],
    ['/archive/cms_ncci_ptp/docs', 'items'],
    ['/archive/cms_ncci_ptp/files', 'items'],
    ['/my-usage?format=json', undefined],
    ['/rules/warrant/signing-key', 'kid'],
  ])('GET %s keeps answering from DynamoDB', async (p, field) => {
    const a = await answer(p);
    expect(a.status).toBe(200);
    if (field) expect(a.json[field]).toBeDefined();
  });

  it('version history and as-of reads keep answering', async () => {
    const versions = await answer(`/v1/archive/docs/${docId}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.json.items.length).toBeGreaterThan(0);
    expect((await answer(`/archive/docs/${docId}/as-of?date=2025-05-15`)).status).toBe(200);
  });

  it('warrant reads (facts in DynamoDB, signing key on disk) keep answering, signed', async () => {
    const w = await answer('/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&npi=1529384707');
    expect(w.status).toBe(200);
    expect(w.json.attestation ?? w.json.warrant?.attestation).toBeDefined();
    const ptp = await answer('/rules/ncci/ptp?column1=95811&column2=94660&as_of=2025-05-15');
    expect(ptp.status).toBe(200);
  });
});
