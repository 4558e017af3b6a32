import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FetchOptions, runFetch } from '../../../shared/archive/fetch';
import { listRuns } from '../../../shared/archive/runs';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';

/**
 * Review finding: every link a listing page names like a document but the policy refuses (other
 * host, plain http, a license gate) became one entry of the run's errors, with no cap. A page
 * with a few thousand such links made the run record larger than DynamoDB's 400 KB item limit:
 * the final recordRun failed, runFetch rejected and the run stayed `running` for good.
 */
const LEIE = fixturePath('oig_leie');
const SUPP_PATH = '/oig.hhs.gov/exclusions/leie-database-supplement-downloads/';

describe('a listing page with thousands of refused links', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  beforeAll(async () => {
    engines = await startEngines();
    h = await startHarness({ engines });
    server = await startPublisherServer();
  });
  afterAll(async () => {
    await server.close();
    await h.close();
    await engines.stop();
  });

  it('still records the run (refusals are reported up to a cap, the rest counted)', async () => {
    server.files.set('/oig.hhs.gov/exclusions/downloadables/UPDATED.csv', {
      body: fs.readFileSync(path.join(LEIE, '2025-01/UPDATED.csv')),
      etag: '"leie"',
    });
    server.files.set('/oig.hhs.gov/exclusions/exclusions_list.asp', { body: Buffer.from('<h1>LEIE</h1>') });
    const links = Array.from(
      { length: 4000 },
      (_, i) => `<a href="https://mirror-${i}.example.org/exclusions/downloadables/2025/2501EXCL.csv">x</a>`,
    ).join('\n');
    server.files.set(SUPP_PATH, { body: Buffer.from(`<html><body>${links}</body></html>`), contentType: 'text/html' });
    const opts: FetchOptions = {
      rewriteUrl: server.rewrite,
      allowInsecureHosts: ['127.0.0.1'],
      maxAttempts: 1,
      timeoutMs: 2000,
    };
    const run = await runFetch(h.deps, 'oig_leie', opts);
    expect(run.status).toBe('partial');
    expect(run.errors.length).toBeLessThan(100);
    expect(run.errors[run.errors.length - 1]!.message).toMatch(/3\d{3} more link\(s\) refused/);
    const stored = await listRuns(h.deps.tables.archive, { limit: 5, offset: 0 }, { sourceId: 'oig_leie' });
    expect(stored.items[0]).toMatchObject({ run_id: run.run_id, status: 'partial' });
  });

  it('still records the run when a refused link is a megabyte long', async () => {
    const long = `https://mirror.example.org/${'a/'.repeat(300_000)}2501EXCL.csv`;
    server.files.set(SUPP_PATH, { body: Buffer.from(`<a href="${long}">x</a>`), contentType: 'text/html' });
    const run = await runFetch(h.deps, 'oig_leie', {
      rewriteUrl: server.rewrite,
      allowInsecureHosts: ['127.0.0.1'],
      maxAttempts: 1,
      timeoutMs: 2000,
    });
    expect(run.status).toBe('partial');
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]!.url!.length).toBeLessThan(2000);
    const stored = await listRuns(h.deps.tables.archive, { limit: 5, offset: 0 }, { sourceId: 'oig_leie' });
    expect(stored.items[0]).toMatchObject({ run_id: run.run_id, status: 'partial' });
  });
});
