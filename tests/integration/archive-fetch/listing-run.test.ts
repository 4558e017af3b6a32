import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHANGES_PK } from '../../../shared/archive/change-record';
import { type FetchOptions, getFetchState, runFetch } from '../../../shared/archive/fetch';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';
import { buildZip } from '../../helpers/zip-writer';

/**
 * Listing pages: the LEIE supplements page (oig_leie's third URL) links the monthly supplement
 * CSVs, which the fetcher follows by their names (the source's document patterns); the DMEPOS
 * page links release pages, which link the quarterly zip. Pages are written here; the linked
 * files are the publisher-layout fixtures.
 */
const LEIE = fixturePath('oig_leie');
const DME = fixturePath('cms_dmepos_fee_schedule');
const DATA_PATH = '/oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
const LISTING_PATH = '/oig.hhs.gov/exclusions/exclusions_list.asp';
const SUPP_URL = 'https://oig.hhs.gov/exclusions/leie-database-supplement-downloads/';
const SUPP_PATH = '/oig.hhs.gov/exclusions/leie-database-supplement-downloads/';
const DIR = '/oig.hhs.gov/exclusions/downloadables/2025';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, name));
const html = (body: string) => Buffer.from(`<!doctype html><html><body>${body}</body></html>\n`);
const a = (href: string, text = 'file') => `<a href="${href}">${text}</a>`;

describe('fetch runs that follow listing pages', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  const supp = {
    '2502EXCL.csv': read(LEIE, '2502EXCL.csv'),
    '2502REIN.csv': read(LEIE, '2502REIN.csv'),
    '2503EXCL.csv': read(LEIE, '2503EXCL.csv'),
    '2503REIN.csv': read(LEIE, '2503REIN.csv'),
  };
  const updated = read(LEIE, '2025-01/UPDATED.csv');

  const options = (extra: FetchOptions = {}): FetchOptions => ({
    rewriteUrl: server.rewrite,
    allowInsecureHosts: ['127.0.0.1'],
    maxAttempts: 1,
    timeoutMs: 2000,
    ...extra,
  });
  const sourceFiles = async (sourceId = 'oig_leie') =>
    (await h.deps.tables.archive.queryAll(`SRCFILE#${sourceId}`)).map((i) => String(i.sk)).sort();
  const serveSupplements = (...names: (keyof typeof supp)[]) => {
    for (const n of names)
      server.files.set(`${DIR}/${n}`, { body: supp[n], etag: `"${n}-v1"`, contentType: 'text/csv' });
  };
  const supplementsPage = (body: string) => {
    const page = html(body);
    server.files.set(SUPP_PATH, { body: page, etag: `"${sha(page).slice(0, 8)}"`, contentType: 'text/html' });
    return page;
  };

  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(async () => {
    await engines.stop();
  });
  beforeEach(async () => {
    h = await startHarness({ engines });
    server = await startPublisherServer();
    server.files.set(DATA_PATH, { body: updated, etag: '"leie"', contentType: 'text/csv' });
    server.files.set(LISTING_PATH, { body: html('<h1>LEIE</h1>'), etag: '"list"', contentType: 'text/html' });
  });
  afterEach(async () => {
    await server.close();
    await h.close();
  });

  it('archives exactly the linked files named like documents, and refuses plain http and other hosts', async () => {
    serveSupplements('2502EXCL.csv', '2502REIN.csv');
    server.files.set('/oig.hhs.gov/exclusions/files/leie_record_layout.pdf', { body: Buffer.from('%PDF-1.4\n') });
    const page = supplementsPage(
      [
        a(`${DIR}/2502EXCL.csv`, 'Exclusions'),
        a('../downloadables/2025/2502REIN.csv', 'Reinstatements'),
        a('/oig.hhs.gov/exclusions/files/leie_record_layout.pdf', 'Record layout'),
        a('mailto:exclusions@oig.hhs.gov', 'Write to us'),
        a('http://oig.hhs.gov/exclusions/downloadables/2025/2501EXCL.csv', 'January (http)'),
        a('https://mirror.example.org/exclusions/2501REIN.csv', 'January (mirror)'),
        a(DATA_PATH, 'Full database'),
      ].join('\n'),
    );
    const run = await runFetch(h.deps, 'oig_leie', options());

    expect(run.status).toBe('partial');
    expect(run.errors).toEqual([
      {
        url: 'http://oig.hhs.gov/exclusions/downloadables/2025/2501EXCL.csv',
        message: expect.stringMatching(/link refused: plain http is not allowed/),
      },
      {
        url: 'https://mirror.example.org/exclusions/2501REIN.csv',
        message: expect.stringMatching(/link refused: host mirror\.example\.org/),
      },
    ]);
    expect(run.files_seen).toBe(5);
    const listingPages = [html('<h1>LEIE</h1>'), page];
    expect(await sourceFiles()).toEqual(
      [updated, ...listingPages, supp['2502EXCL.csv'], supp['2502REIN.csv']].map(sha).sort(),
    );
    expect(server.log.map((l) => l.path).sort()).toEqual(
      [DATA_PATH, LISTING_PATH, SUPP_PATH, `${DIR}/2502EXCL.csv`, `${DIR}/2502REIN.csv`].sort(),
    );
    const changes = await h.deps.tables.archive.queryAll(CHANGES_PK);
    expect(changes.map((c) => [c.doc_id, c.sha256, c.publisher_version]).sort()).toEqual(
      [
        ['leie:1', sha(updated), null],
        ['leie:2', sha(supp['2502EXCL.csv']), '2025-02'],
        ['leie:3', sha(supp['2502REIN.csv']), '2025-02'],
      ].sort(),
    );
  });

  it('sends conditional requests for unchanged links, then archives exactly one new version when a file changes', async () => {
    serveSupplements('2502EXCL.csv', '2502REIN.csv');
    supplementsPage(a(`${DIR}/2502EXCL.csv`) + a(`${DIR}/2502REIN.csv`));
    const first = await runFetch(h.deps, 'oig_leie', options());
    expect(first).toMatchObject({ status: 'succeeded', files_seen: 5, new_versions: 3, errors: [] });
    const followed = `${server.base}${DIR}/2502REIN.csv`;
    expect(await getFetchState(h.deps.tables.archive, 'oig_leie', followed)).toMatchObject({
      etag: '"2502REIN.csv-v1"',
      sha256: sha(supp['2502REIN.csv']),
    });

    const second = await runFetch(h.deps, 'oig_leie', options());
    expect(second).toMatchObject({ status: 'succeeded', files_seen: 5, new_versions: 0, errors: [] });
    expect(server.hits(SUPP_PATH).map((l) => l.status)).toEqual([200, 304]);
    for (const n of ['2502EXCL.csv', '2502REIN.csv']) {
      const hits = server.hits(`${DIR}/${n}`);
      expect(hits.map((l) => l.status)).toEqual([200, 304]);
      expect(hits[1]!.headers['if-none-match']).toBe(`"${n}-v1"`);
    }

    const reissued = Buffer.concat([supp['2502REIN.csv'], Buffer.from('\r\n')]);
    server.files.set(`${DIR}/2502REIN.csv`, { body: reissued, etag: '"2502REIN.csv-v2"', contentType: 'text/csv' });
    const third = await runFetch(h.deps, 'oig_leie', options());
    expect(third).toMatchObject({ status: 'succeeded', new_versions: 1, errors: [] });
    expect(server.hits(`${DIR}/2502EXCL.csv`).map((l) => l.status)).toEqual([200, 304, 304]);
    const changes = await h.deps.tables.archive.queryAll(CHANGES_PK);
    expect(changes.filter((c) => c.version_id === third.version_ids[0])).toEqual([
      expect.objectContaining({ doc_id: 'leie:3', sha256: sha(reissued) }),
    ]);
    expect(changes).toHaveLength(4);
  });

  it('records a broken link as an error of that link and still archives the others', async () => {
    serveSupplements('2502EXCL.csv');
    supplementsPage(a(`${DIR}/2503REIN.csv`) + a(`${DIR}/2502EXCL.csv`));
    const run = await runFetch(h.deps, 'oig_leie', options());
    expect(run.status).toBe('partial');
    expect(run.errors).toEqual([
      { url: `${server.base}${DIR}/2503REIN.csv`, message: `HTTP 404 from ${server.base}${DIR}/2503REIN.csv` },
    ]);
    expect(await sourceFiles()).toContain(sha(supp['2502EXCL.csv']));
    expect(run.new_versions).toBe(2);
  });

  it('follows at most the capped number of links, in page order, and reports the rest', async () => {
    serveSupplements('2502EXCL.csv', '2502REIN.csv', '2503EXCL.csv', '2503REIN.csv');
    supplementsPage(
      Object.keys(supp)
        .map((n) => a(`${DIR}/${n}`))
        .join(''),
    );
    const run = await runFetch(h.deps, 'oig_leie', options({ maxLinksPerListing: 2 }));
    expect(run.status).toBe('succeeded');
    expect(run.errors).toEqual([
      {
        url: SUPP_URL,
        message: 'link cap: 2 file link(s) beyond the first 2 on the page not followed: 2503EXCL.csv, 2503REIN.csv',
      },
    ]);
    expect(server.hits(`${DIR}/2503EXCL.csv`)).toHaveLength(0);
    expect(server.hits(`${DIR}/2503REIN.csv`)).toHaveLength(0);
    expect(run.new_versions).toBe(3);
  });

  it('reads release pages one level down and archives the zip they link, members as documents', async () => {
    const base = '/www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule';
    const zip = buildZip([
      { name: 'DMEPOS_JUL.csv', data: read(DME, 'DMEPOS_JUL.csv') },
      { name: 'DMEPEN_JUL.csv', data: read(DME, 'DMEPEN_JUL.csv') },
      { name: 'DMEREAD 2025.pdf', data: '%PDF-1.4\n' },
    ]);
    server.files.set(base, {
      body: html(
        a('dmepos-fee-schedule/dme25-c', 'DME25-C') + a('/www.cms.gov/medicare/payment/fee-schedules', 'Fee schedules'),
      ),
      contentType: 'text/html',
    });
    server.files.set(`${base}/dme25-c`, {
      body: html(
        a('/www.cms.gov/files/zip/dme25-c.zip', 'July 2025 DMEPOS fee schedule') +
          a('/www.cms.gov/files/document/dme25-c-readme.pdf'),
      ),
      contentType: 'text/html',
    });
    server.files.set('/www.cms.gov/files/zip/dme25-c.zip', {
      body: zip,
      etag: '"dme25-c"',
      contentType: 'application/zip',
    });

    const run = await runFetch(h.deps, 'cms_dmepos_fee_schedule', options());
    expect(run).toMatchObject({ status: 'succeeded', files_seen: 3, new_versions: 2, errors: [] });
    const changes = await h.deps.tables.archive.queryAll(CHANGES_PK);
    expect(changes.map((c) => [c.doc_id, c.publisher_version]).sort()).toEqual([
      ['dmepos:1', 'JUL 2025'],
      ['dmepos:2', 'JUL 2025'],
    ]);
    expect(server.log.map((l) => l.path)).toEqual([base, `${base}/dme25-c`, '/www.cms.gov/files/zip/dme25-c.zip']);
  });
});
