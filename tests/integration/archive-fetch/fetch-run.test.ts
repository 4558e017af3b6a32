import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHANGES_PK } from '../../../shared/archive/change-record';
import { type FetchOptions, getFetchState, runFetch } from '../../../shared/archive/fetch';
import { blobKey, fileKey, TEXT_PREFIX } from '../../../shared/archive/keys';
import { listRuns } from '../../../shared/archive/runs';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';

/** Two monthly releases of the LEIE fixture in the publisher's layout; the listing page is made here. */
const FIXTURES = fixturePath('oig_leie');
const DATA_URL = 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
const LISTING_URL = 'https://oig.hhs.gov/exclusions/exclusions_list.asp';
const DATA_PATH = '/oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
const LISTING_PATH = '/oig.hhs.gov/exclusions/exclusions_list.asp';
const SUPP_URL = 'https://oig.hhs.gov/exclusions/leie-database-supplement-downloads/';
const SUPP_PATH = '/oig.hhs.gov/exclusions/leie-database-supplement-downloads/';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('fetch runs against a local publisher server', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  let delays: number[];
  const updated = fs.readFileSync(path.join(FIXTURES, '2025-01/UPDATED.csv'));
  const changed = fs.readFileSync(path.join(FIXTURES, '2025-03/UPDATED.csv'));
  const listing = Buffer.from('<html><body><h1>LEIE Downloadable Databases</h1><p>Updated 01-2025</p></body></html>\n');
  /** The supplements page links nothing here (tests/integration/archive-fetch/listing-run.test.ts follows its links). */
  const supplements = Buffer.from('<html><body><h1>Supplements</h1></body></html>\n');

  const options = (extra: FetchOptions = {}): FetchOptions => ({
    rewriteUrl: server.rewrite,
    allowInsecureHosts: ['127.0.0.1'],
    backoffMs: 5,
    sleep: async (ms) => {
      delays.push(ms);
    },
    maxAttempts: 3,
    timeoutMs: 2000,
    ...extra,
  });
  const sourceFiles = async () => (await h.deps.tables.archive.queryAll('SRCFILE#oig_leie')).map((i) => i.sk);

  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(async () => {
    await engines.stop();
  });
  beforeEach(async () => {
    h = await startHarness({ engines });
    server = await startPublisherServer();
    delays = [];
    server.files.set(DATA_PATH, {
      body: updated,
      etag: '"leie-v1"',
      lastModified: 'Mon, 06 Jul 2026 12:00:00 GMT',
      contentType: 'text/csv',
    });
    server.files.set(LISTING_PATH, {
      body: listing,
      lastModified: 'Mon, 06 Jul 2026 12:00:00 GMT',
      contentType: 'text/html; charset=utf-8',
    });
    server.files.set(SUPP_PATH, { body: supplements, etag: '"supp"', contentType: 'text/html' });
  });
  afterEach(async () => {
    await server.close();
    await h.close();
  });

  it('archives every registered URL, then gets 304s, then exactly one new version for the changed file', async () => {
    const first = await runFetch(h.deps, 'oig_leie', options());
    expect(first).toMatchObject({ status: 'succeeded', files_seen: 3, new_versions: 1, errors: [] });
    expect(first.finished_at).not.toBeNull();
    expect((await sourceFiles()).sort()).toEqual([sha(updated), sha(listing), sha(supplements)].sort());
    const state = await getFetchState(h.deps.tables.archive, 'oig_leie', server.rewrite(DATA_URL));
    expect(state).toMatchObject({ etag: '"leie-v1"', sha256: sha(updated) });

    const second = await runFetch(h.deps, 'oig_leie', options());
    expect(second).toMatchObject({ status: 'succeeded', files_seen: 3, new_versions: 0, version_ids: [] });
    expect(server.hits(DATA_PATH).map((l) => l.status)).toEqual([200, 304]);
    expect(server.hits(DATA_PATH)[1]!.headers['if-none-match']).toBe('"leie-v1"');
    expect(server.hits(LISTING_PATH)[1]!.headers['if-modified-since']).toBe('Mon, 06 Jul 2026 12:00:00 GMT');
    expect(server.hits(LISTING_PATH).map((l) => l.status)).toEqual([200, 304]);

    server.files.set(DATA_PATH, { body: changed, etag: '"leie-v2"', contentType: 'text/csv' });
    const third = await runFetch(h.deps, 'oig_leie', options());
    expect(third).toMatchObject({ status: 'succeeded', files_seen: 3, new_versions: 1 });
    expect(third.version_ids[0]).toBeGreaterThan(first.version_ids[0]!);
    expect(server.hits(LISTING_PATH).map((l) => l.status)).toEqual([200, 304, 304]);

    const changes = await h.deps.tables.archive.queryAll(CHANGES_PK);
    expect(changes.map((c) => [c.version_id, c.sha256, c.doc_id])).toEqual([
      [first.version_ids[0], sha(updated), 'leie:1'],
      [third.version_ids[0], sha(changed), 'leie:1'],
    ]);
    const runs = await listRuns(h.deps.tables.archive, { limit: 10, offset: 0 }, { sourceId: 'oig_leie' });
    expect(runs.items.map((r) => [r.run_id, r.status])).toEqual([
      [third.run_id, 'succeeded'],
      [second.run_id, 'succeeded'],
      [first.run_id, 'succeeded'],
    ]);
  });

  it('keeps what one URL produced when another fails after retries with backoff: partial', async () => {
    server.scripts.set(LISTING_PATH, (_req, res) => {
      res.writeHead(503, { 'retry-after': '0' }).end('down');
      return true;
    });
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run.status).toBe('partial');
    expect(run.new_versions).toBe(1);
    expect(run.files_seen).toBe(2);
    expect(run.errors).toEqual([{ url: LISTING_URL, message: expect.stringMatching(/HTTP 503 .*after 3 attempts/) }]);
    expect(server.hits(LISTING_PATH)).toHaveLength(3);
    expect(delays).toEqual([5, 10]);
    expect((await sourceFiles()).sort()).toEqual([sha(updated), sha(supplements)].sort());
  });

  it('records a run in which every URL fails as failed, without retrying 4xx', async () => {
    server.files.clear();
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run).toMatchObject({ status: 'failed', files_seen: 0, new_versions: 0 });
    expect(run.errors.map((e) => e.url)).toEqual([DATA_URL, LISTING_URL, SUPP_URL]);
    expect(server.log).toHaveLength(3);
    const stored = await listRuns(h.deps.tables.archive, { limit: 10, offset: 0 });
    expect(stored.items).toEqual([expect.objectContaining({ run_id: run.run_id, status: 'failed' })]);
  });

  it('retries a connection dropped mid-body and archives only the complete bytes', async () => {
    server.scripts.set(DATA_PATH, (_req, res, n) => {
      if (n > 1) return false;
      res.writeHead(200, { 'content-length': String(updated.length), 'content-type': 'text/csv' });
      res.write(updated.subarray(0, 100), () => res.destroy());
      return true;
    });
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run).toMatchObject({ status: 'succeeded', new_versions: 1 });
    expect(server.hits(DATA_PATH).length).toBe(2);
    expect((await sourceFiles()).sort()).toEqual([sha(updated), sha(listing), sha(supplements)].sort());
  });

  it.each([
    ['with a Content-Length over the cap', false],
    ['streamed past the cap without a Content-Length', true],
  ])('refuses a body %s and archives nothing of it', async (_label, chunked) => {
    server.files.set(DATA_PATH, { body: updated, etag: '"big"', chunked });
    const cap = listing.length;
    expect(updated.length).toBeGreaterThan(cap);
    expect(supplements.length).toBeLessThan(cap);
    const run = await runFetch(h.deps, 'oig_leie', options({ maxBytes: cap }));
    expect(run.status).toBe('partial');
    expect(run.errors).toEqual([
      { url: DATA_URL, message: expect.stringMatching(new RegExp(`exceeds the ${cap}-byte size cap`)) },
    ]);
    expect(server.hits(DATA_PATH)).toHaveLength(1);
    expect((await sourceFiles()).sort()).toEqual([sha(listing), sha(supplements)].sort());
    expect(await getFetchState(h.deps.tables.archive, 'oig_leie', server.rewrite(DATA_URL))).toBeUndefined();
  });

  it('times out a publisher that stops sending, and retries it', async () => {
    server.scripts.set(LISTING_PATH, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      return true;
    });
    const run = await runFetch(h.deps, 'oig_leie', options({ timeoutMs: 500, maxAttempts: 2 }));
    expect(run.status).toBe('partial');
    expect(run.errors).toEqual([
      { url: LISTING_URL, message: expect.stringMatching(/no data from .* for 500 ms \(after 2 attempts\)/) },
    ]);
    expect(server.hits(LISTING_PATH)).toHaveLength(2);
  });

  it('follows a same-scheme redirect and names the file from the final URL', async () => {
    server.scripts.set(DATA_PATH, (_req, res) => {
      res.writeHead(302, { location: '/cdn/2026-07/UPDATED.csv' }).end();
      return true;
    });
    server.files.set('/cdn/2026-07/UPDATED.csv', { body: updated, etag: '"cdn"' });
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run).toMatchObject({ status: 'succeeded', new_versions: 1 });
    const state = await getFetchState(h.deps.tables.archive, 'oig_leie', server.rewrite(DATA_URL));
    expect(state?.final_url).toBe(`${server.base}/cdn/2026-07/UPDATED.csv`);
  });

  it.each([
    [
      'to a host not allowed over http',
      () => `http://localhost:${new URL(server.base).port}/x.csv`,
      /plain http is not allowed/,
    ],
    ['to another scheme', () => 'ftp://127.0.0.1/UPDATED.csv', /redirect changes scheme/],
  ])('refuses a redirect %s', async (_label, target, message) => {
    server.scripts.set(DATA_PATH, (_req, res) => {
      res.writeHead(301, { location: target() }).end();
      return true;
    });
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run.status).toBe('partial');
    expect(run.errors).toEqual([{ url: DATA_URL, message: expect.stringMatching(message) }]);
    expect(server.hits(DATA_PATH)).toHaveLength(1);
  });

  it('fetches https only unless a host is allowed over http', async () => {
    const run = await runFetch(h.deps, 'oig_leie', options({ allowInsecureHosts: [] }));
    expect(run.status).toBe('failed');
    expect(run.errors.every((e) => /plain http is not allowed/.test(e.message))).toBe(true);
    expect(server.log).toHaveLength(0);
  });

  it('archives Latin-1 bytes served as charset=utf-8 unchanged, and renders them by falling back', async () => {
    const latin1 = Buffer.concat([
      updated,
      Buffer.from(
        '"MU\u00d1OZ","JOS\u00c9","","","IND","NURSE","","0000000000","","1 CALLE","SAN JUAN","PR","00901","1128a1","20250101","00000000","00000000",""\r\n',
        'latin1',
      ),
    ]);
    server.files.set(DATA_PATH, { body: latin1, etag: '"latin1"', contentType: 'text/csv; charset=utf-8' });
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run.status).toBe('succeeded');
    expect((await h.deps.blobs.getBuffer(blobKey(sha(latin1)))).equals(latin1)).toBe(true);
    const text = await h.deps.tables.archive.queryAll(fileKey(sha(latin1)).pk, { beginsWith: TEXT_PREFIX });
    expect(text).toEqual([
      expect.objectContaining({ status: 'ok', renderer: 'text', encoding: 'windows-1252', replacement_chars: 0 }),
    ]);
    const rendered = (await h.deps.blobs.getBuffer(String(text[0]!.storage_key))).toString('utf8');
    expect(rendered).toContain('"MU\u00d1OZ","JOS\u00c9"');
  });
});
