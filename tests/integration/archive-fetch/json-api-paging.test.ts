import { createHash } from 'node:crypto';
import { type FetchOptions, getJsonCursor, passPages, runFetch } from '../../../shared/archive/fetch';
import { blobKey, fileKey } from '../../../shared/archive/keys';
import { type Engines, startEngines } from '../../../shared/local/engines';
import type { JsonApiSourceUrl } from '../../../shared/sources/types';
import { type Harness, startHarness } from '../../helpers/harness';
import {
  installTestSources,
  type JsonAnswer,
  jsonApiSource,
  restoreSources,
  serveJson,
} from '../../helpers/json-api-source';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';
import { buildZip } from '../../helpers/zip-writer';

/**
 * Issue 15, point 5: each JSON API paging strategy against a local server standing in for the
 * publisher (ClinicalTrials.gov pageToken, Socrata SODA $limit/$offset, openFDA's download list,
 * SEC EDGAR submissions), through real fetch runs on the embedded engines: pages archived with
 * their request, cursors kept between runs, the set completed by its manifest.
 */
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

const CTGOV_URL = 'https://clinicaltrials.gov/api/v2/studies?query.term=warrant&fields=NCTId';
const CTGOV_PATH = '/clinicaltrials.gov/api/v2/studies';
const SODA_URL = 'https://data.example.gov/resource/abcd-1234.json?$where=state%3D%27NY%27';
const SODA_PATH = '/data.example.gov/resource/abcd-1234.json';
const FDA_URL = 'https://api.fda.gov/download.json';
const FDA_PATH = '/api.fda.gov/download.json';
const SEC_URL = 'https://data.sec.gov/submissions/CIK0000000042.json';
const SEC_DIR = '/data.sec.gov/submissions';

const ctgov = (over: Partial<JsonApiSourceUrl> = {}): JsonApiSourceUrl => ({
  url: CTGOV_URL,
  kind: 'json_api',
  endpoint: 'ctgov-studies',
  paging: { strategy: 'pagetoken', pageSize: 2, itemsPath: ['studies'] },
  ...over,
});

describe('JSON API paging strategies', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  let sleeps: number[];
  const options = (extra: FetchOptions = {}): FetchOptions => ({
    rewriteUrl: server.rewrite,
    allowInsecureHosts: ['127.0.0.1'],
    backoffMs: 5,
    maxAttempts: 3,
    timeoutMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  const fileItem = (sha256: string) => h.deps.tables.archive.get(fileKey(sha256));
  const sourceFiles = async (sourceId: string) =>
    (await h.deps.tables.archive.queryAll(`SRCFILE#${sourceId}`)).map((i) => String(i.sk)).sort();
  const versions = async (docId: string) => await h.deps.tables.archive.queryAll(`DOC#${docId}`, { beginsWith: 'V#' });
  const requests = (path: string) => server.log.filter((l) => l.path === path);

  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(async () => {
    await engines.stop();
  });
  beforeEach(async () => {
    h = await startHarness({ engines });
    server = await startPublisherServer();
    sleeps = [];
  });
  afterEach(async () => {
    restoreSources();
    await server.close();
    await h.close();
  });

  describe('pagetoken (ClinicalTrials.gov v2)', () => {
    /** 9 studies, pageSize 2: five pages, tokens t1..t4, the last page without nextPageToken. */
    const studies = Array.from({ length: 9 }, (_, i) => ({ protocolSection: { nctId: `NCT0000000${i}` } }));
    const pageBody = (k: number) => {
      const body: Record<string, unknown> = { studies: studies.slice(2 * k, 2 * k + 2) };
      if (k < 4) body.nextPageToken = `t${k + 1}`;
      return json(body);
    };
    const pageOf = (url: URL) => {
      const token = url.searchParams.get('pageToken');
      return token === null ? 0 : Number(token.slice(1));
    };
    /** The API: checks the first request's parameters are kept and answers page k; `override` scripts failures. */
    const serve = (override: (k: number, seen: number) => JsonAnswer | undefined = () => undefined) => {
      const seen = new Map<number, number>();
      serveJson(server, CTGOV_PATH, (url) => {
        expect(url.searchParams.get('query.term')).toBe('warrant');
        expect(url.searchParams.get('fields')).toBe('NCTId');
        expect(url.searchParams.get('pageSize')).toBe('2');
        const k = pageOf(url);
        seen.set(k, (seen.get(k) ?? 0) + 1);
        return override(k, seen.get(k)!) ?? { raw: pageBody(k) };
      });
    };
    const install = (over: Partial<JsonApiSourceUrl> = {}) =>
      installTestSources(
        jsonApiSource(
          'test_ctgov',
          [ctgov(over)],
          [{ docId: 'tjct:1', title: 'Studies', match: /^ctgov-studies-pages\.json$/ }],
        ),
      );

    it('a run cut short by the page cap resumes from its saved token; the last run completes the set', async () => {
      serve();
      install();
      const run1 = await runFetch(h.deps, 'test_ctgov', options({ maxPagesPerRun: 2 }));
      expect(run1.status).toBe('succeeded');
      expect(run1.pages.map((p) => [p.page, p.cursor, p.next_cursor, p.items, p.name])).toEqual([
        [1, null, 't1', 2, 'ctgov-studies-page-0001.json'],
        [2, 't1', 't2', 2, 'ctgov-studies-page-0002.json'],
      ]);
      expect(run1.notes.map((n) => n.message)).toContainEqual(
        expect.stringMatching(/run stopped after 2 page\(s\); the set begun by run .* resumes at page 3 \(cursor t2\)/),
      );
      expect(await getJsonCursor(h.deps.tables.archive, 'test_ctgov', 'ctgov-studies')).toMatchObject({
        pass_id: run1.run_id,
        next_page: 3,
        cursor: 't2',
        manifest_sha256: null,
      });
      expect(run1.version_ids).toEqual([]); // pages are files without a document: no version until the set is complete

      const run2 = await runFetch(h.deps, 'test_ctgov', options({ maxPagesPerRun: 2 }));
      expect(run2.pages.map((p) => [p.page, p.cursor, p.next_cursor, p.pass_id])).toEqual([
        [3, 't2', 't3', run1.run_id],
        [4, 't3', 't4', run1.run_id],
      ]);
      expect(run2.notes.map((n) => n.message)).toContainEqual(
        expect.stringMatching(new RegExp(`resuming the set begun by run ${run1.run_id} at page 3`)),
      );

      const run3 = await runFetch(h.deps, 'test_ctgov', options({ maxPagesPerRun: 2 }));
      expect(run3.pages.map((p) => [p.page, p.cursor, p.next_cursor, p.items])).toEqual([[5, 't4', null, 1]]);
      expect(run3.status).toBe('succeeded');
      expect(run3.version_ids).toHaveLength(1);
      // Every page was requested exactly once over the three runs, each with its token.
      expect(requests(CTGOV_PATH).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

      const cursor = await getJsonCursor(h.deps.tables.archive, 'test_ctgov', 'ctgov-studies');
      expect(cursor).toMatchObject({ pass_id: null, completed_pass_id: run1.run_id, completed_pages: 5 });
      const manifest = JSON.parse((await h.deps.blobs.getBuffer(blobKey(cursor!.manifest_sha256!))).toString());
      expect(manifest).toMatchObject({
        kind: 'json_api_pages',
        source_id: 'test_ctgov',
        endpoint: 'ctgov-studies',
        request: CTGOV_URL,
        strategy: 'pagetoken',
        items: 9,
      });
      expect(manifest.pages).toEqual(
        [0, 1, 2, 3, 4].map((k) => ({
          page: k + 1,
          name: `ctgov-studies-page-000${k + 1}.json`,
          sha256: sha(pageBody(k)),
          size: pageBody(k).length,
          items: k < 4 ? 2 : 1,
        })),
      );
      const [version] = await versions('tjct:1');
      expect(version).toMatchObject({ sha256: cursor!.manifest_sha256, name: 'ctgov-studies-pages.json' });
      // Each page's file records the request it answered, in the run that fetched it.
      const page4 = await fileItem(sha(pageBody(3)));
      expect(page4?.request).toEqual({
        url: `${server.base}${CTGOV_PATH}?query.term=warrant&fields=NCTId&pageSize=2&pageToken=t3`,
        endpoint: 'ctgov-studies',
        strategy: 'pagetoken',
        page: 4,
        cursor: 't3',
        next_cursor: 't4',
        items: 2,
        run_id: run2.run_id,
        pass_id: run1.run_id,
        requested_at: expect.any(String),
      });
      expect(await passPages(h.deps.tables.archive, 'test_ctgov', 'ctgov-studies', run1.run_id)).toHaveLength(5);
    });

    it('waits out a 429 as its Retry-After says, then archives the page once', async () => {
      serve((k, seen) =>
        k === 2 && seen === 1 ? { status: 429, headers: { 'retry-after': '7' }, body: {} } : undefined,
      );
      install();
      const run = await runFetch(h.deps, 'test_ctgov', options());
      expect(run.status).toBe('succeeded');
      expect(run.errors).toEqual([]);
      expect(sleeps).toContain(7000);
      expect(run.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
      expect(requests(CTGOV_PATH).map((r) => r.status)).toEqual([200, 200, 429, 200, 200, 200]);
      expect(run.version_ids).toHaveLength(1);
    });

    it('refuses a malformed page without archiving it; the next run resumes at that page', async () => {
      let broken = true;
      serve((k) => (k === 2 && broken ? { raw: pageBody(2).subarray(0, 40) } : undefined));
      install();
      const run1 = await runFetch(h.deps, 'test_ctgov', options());
      expect(run1.status).toBe('partial');
      expect(run1.errors).toEqual([
        {
          url: `${server.base}${CTGOV_PATH}?query.term=warrant&fields=NCTId&pageSize=2&pageToken=t2`,
          message: expect.stringMatching(/malformed page: the document ends before its last value is complete/),
        },
      ]);
      expect(run1.pages.map((p) => p.page)).toEqual([1, 2]);
      // Not retried (the bytes are wrong, not the connection), not archived.
      expect(requests(CTGOV_PATH)).toHaveLength(3);
      expect(await sourceFiles('test_ctgov')).toEqual([sha(pageBody(0)), sha(pageBody(1))].sort());
      expect(await getJsonCursor(h.deps.tables.archive, 'test_ctgov', 'ctgov-studies')).toMatchObject({
        pass_id: run1.run_id,
        next_page: 3,
        cursor: 't2',
      });

      broken = false;
      const run2 = await runFetch(h.deps, 'test_ctgov', options());
      expect(run2.status).toBe('succeeded');
      expect(run2.pages.map((p) => [p.page, p.cursor])).toEqual([
        [3, 't2'],
        [4, 't3'],
        [5, 't4'],
      ]);
      expect(run2.version_ids).toHaveLength(1);
    });

    it('starts the set over when the API refuses a saved token (expired)', async () => {
      let refuse = false;
      serve((k) => (refuse && k === 2 ? { status: 400, body: { message: 'invalid pageToken' } } : undefined));
      install();
      const run1 = await runFetch(h.deps, 'test_ctgov', options({ maxPagesPerRun: 2 }));
      refuse = true;
      const run2 = await runFetch(h.deps, 'test_ctgov', options({ maxPagesPerRun: 2 }));
      expect(run2.status).toBe('failed');
      expect(run2.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/saved page token was refused/));
      expect(await getJsonCursor(h.deps.tables.archive, 'test_ctgov', 'ctgov-studies')).toMatchObject({
        pass_id: null,
        next_page: 1,
        cursor: null,
      });
      refuse = false;
      const run3 = await runFetch(h.deps, 'test_ctgov', options());
      expect(run3.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
      expect(run3.pages[0]!.pass_id).toBe(run3.run_id);
      expect(run3.pages[0]!.pass_id).not.toBe(run1.run_id);
      expect(run3.version_ids).toHaveLength(1);
    });
  });

  describe('offset (Socrata SODA)', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ ':id': `row-${i}`, npi: String(1000 + i) }));
    const serve = (total: number) =>
      serveJson(server, SODA_PATH, (url) => {
        const limit = Number(url.searchParams.get('$limit'));
        const offset = Number(url.searchParams.get('$offset'));
        expect(url.searchParams.get('$order')).toBe(':id');
        expect(url.searchParams.get('$where')).toBe("state='NY'");
        return { body: rows(total).slice(offset, offset + limit) };
      });
    const install = () =>
      installTestSources(
        jsonApiSource(
          'test_soda',
          [
            {
              url: SODA_URL,
              kind: 'json_api',
              endpoint: 'ny-exclusions',
              paging: { strategy: 'offset', limit: 3, order: ':id', appToken: true },
            },
          ],
          [{ docId: 'tsoda:1', title: 'Rows', match: /^ny-exclusions-pages\.json$/ }],
        ),
      );

    it('pages by $limit/$offset in a stable $order and ends on an empty last page, archived as the end of the set', async () => {
      serve(6);
      install();
      const run = await runFetch(h.deps, 'test_soda', options({ socrataAppToken: 'app-token-123' }));
      expect(run.status).toBe('succeeded');
      expect(run.pages.map((p) => [p.page, p.cursor, p.next_cursor, p.items])).toEqual([
        [1, null, '3', 3],
        [2, '3', '6', 3],
        [3, '6', null, 0],
      ]);
      expect(run.pages[2]!.sha256).toBe(sha('[]'));
      expect(run.version_ids).toHaveLength(1);
      // The app token travels in its header, never in the URL, so no page's provenance holds it.
      for (const r of requests(SODA_PATH)) expect(r.headers['x-app-token']).toBe('app-token-123');
      expect(JSON.stringify(run)).not.toContain('app-token-123');
      const first = await fileItem(run.pages[0]!.sha256);
      expect(JSON.stringify(first)).not.toContain('app-token-123');
      const request = first!.request as { url: string };
      expect(new URL(request.url).searchParams.get('$offset')).toBe('0');
    });

    it('ends on a short page', async () => {
      serve(7);
      install();
      const run = await runFetch(h.deps, 'test_soda', options());
      expect(run.pages.map((p) => [p.page, p.items, p.next_cursor])).toEqual([
        [1, 3, '3'],
        [2, 3, '6'],
        [3, 1, null],
      ]);
      expect(requests(SODA_PATH)[0]!.headers['x-app-token']).toBeUndefined(); // no token configured
    });

    it('refuses a page that is not the declared array (an error object answered with 200)', async () => {
      serveJson(server, SODA_PATH, () => ({ body: { error: true, message: 'query timeout' } }));
      install();
      const run = await runFetch(h.deps, 'test_soda', options());
      expect(run.status).toBe('failed');
      expect(run.errors[0]!.message).toMatch(/malformed page: \$ is not an array/);
      expect(await sourceFiles('test_soda')).toEqual([]);
    });
  });

  describe('openfda_download (openFDA download.json)', () => {
    const zip = (name: string, results: unknown[]) =>
      buildZip([{ name, data: JSON.stringify({ meta: { results: { total: results.length } }, results }) }]);
    const parts = [
      zip('drug-enforcement-0001-of-0002.json', [{ recall_number: 'D-1' }, { recall_number: 'D-2' }]),
      zip('drug-enforcement-0002-of-0002.json', [{ recall_number: 'D-3' }]),
    ];
    const partPath = (i: number) =>
      `/download.open.fda.gov/drug/enforcement/drug-enforcement-000${i + 1}-of-0002.json.zip`;
    const index = (exportDate: string) => ({
      meta: { last_updated: exportDate },
      results: {
        drug: {
          enforcement: {
            export_date: exportDate,
            total_records: 3,
            partitions: parts.map((_, i) => ({
              size_mb: '0.01',
              records: i === 0 ? 2 : 1,
              display_name: `part ${i + 1}`,
              file: `${server.base}${partPath(i)}`,
            })),
          },
          event: { export_date: exportDate, total_records: 1, partitions: [{ file: `${server.base}/elsewhere.zip` }] },
        },
      },
    });
    const install = () =>
      installTestSources(
        jsonApiSource(
          'test_openfda',
          [
            {
              url: FDA_URL,
              kind: 'json_api',
              endpoint: 'drug-enforcement',
              paging: { strategy: 'openfda_download', endpoint: 'drug/enforcement' },
            },
          ],
          [{ docId: 'tfda:1', title: 'Drug enforcement', match: /^drug-enforcement-pages\.json$/ }],
        ),
      );

    it('follows the declared endpoint’s partitions, resumes a cut-short set, and asks conditionally next time', async () => {
      let exportDate = '2026-05-01';
      serveJson(server, FDA_PATH, () => ({ body: index(exportDate) }));
      parts.forEach((body, i) => {
        server.files.set(partPath(i), { body, etag: `"p${i}"`, contentType: 'application/zip' });
      });
      install();
      const run1 = await runFetch(h.deps, 'test_openfda', options({ maxPagesPerRun: 1 }));
      expect(run1.pages.map((p) => [p.page, p.name, p.cursor, p.next_cursor, p.items])).toEqual([
        [0, 'download.json', null, '0', 2],
        [1, 'drug-enforcement-0001-of-0002.json.zip', '0', '1', null],
      ]);
      const run2 = await runFetch(h.deps, 'test_openfda', options({ maxPagesPerRun: 1 }));
      expect(run2.pages.map((p) => [p.page, p.pass_id])).toEqual([
        [0, run1.run_id],
        [2, run1.run_id],
      ]);
      expect(run2.version_ids).toHaveLength(1);
      expect(server.log.some((l) => l.path === '/elsewhere.zip')).toBe(false); // another endpoint's partitions
      const cursor = await getJsonCursor(h.deps.tables.archive, 'test_openfda', 'drug-enforcement');
      const manifest = JSON.parse((await h.deps.blobs.getBuffer(blobKey(cursor!.manifest_sha256!))).toString());
      expect(manifest.index).toEqual({
        'results.drug.enforcement.export_date': '2026-05-01',
        'results.drug.enforcement.total_records': 3,
      });
      expect(manifest.pages.map((p: { sha256: string }) => p.sha256)).toEqual(parts.map(sha));
      // The partition zips are archived with their members, as any zip.
      expect(await sourceFiles('test_openfda')).toHaveLength(1 + 2 * 2 + 1); // index, zips and members, manifest

      // Unchanged export: partitions answer 304, the manifest is the same bytes: no new version.
      const run3 = await runFetch(h.deps, 'test_openfda', options());
      expect(run3.pages.map((p) => [p.page, p.not_modified])).toEqual([
        [0, false],
        [1, true],
        [2, true],
      ]);
      expect(run3.version_ids).toEqual([]);
      expect(await versions('tfda:1')).toHaveLength(1);
      expect(server.hits(partPath(0)).map((r) => r.status)).toEqual([200, 304]);

      // A new export while a set is open: the set starts over from the new list.
      await runFetch(h.deps, 'test_openfda', options({ maxPagesPerRun: 1 }));
      exportDate = '2026-06-01';
      const run5 = await runFetch(h.deps, 'test_openfda', options({ maxPagesPerRun: 1 }));
      expect(run5.notes.map((n) => n.message)).toContainEqual(
        expect.stringMatching(/index lists other files .* starts over/),
      );
      expect(run5.pages.map((p) => [p.page, p.pass_id])).toEqual([
        [0, run5.run_id],
        [1, run5.run_id],
      ]);
    });
  });

  describe('sec_edgar (EDGAR submissions)', () => {
    const recent = { accessionNumber: ['0000000042-26-000003'], form: ['10-K'] };
    const files = [
      { name: 'CIK0000000042-submissions-001.json', filingCount: 2, filingFrom: '2010-01-01', filingTo: '2019-12-31' },
      { name: 'CIK0000000042-submissions-002.json', filingCount: 1, filingFrom: '2001-01-01', filingTo: '2009-12-31' },
    ];
    const submissions = { cik: '42', name: 'TEST CO', filings: { recent, files } };
    const older = [
      { accessionNumber: ['0000000042-19-000002', '0000000042-12-000001'], form: ['10-Q', '10-K'] },
      { accessionNumber: ['0000000042-05-000001'], form: ['8-K'] },
    ];
    const serveAll = (olderFiles = older) => {
      serveJson(server, `${SEC_DIR}/CIK0000000042.json`, () => ({ body: submissions }));
      for (const [i, f] of files.entries()) serveJson(server, `${SEC_DIR}/${f.name}`, () => ({ body: olderFiles[i] }));
    };
    const install = () =>
      installTestSources(
        jsonApiSource(
          'test_edgar',
          [{ url: SEC_URL, kind: 'json_api', endpoint: 'cik0000000042', paging: { strategy: 'sec_edgar' } }],
          [{ docId: 'tsec:1', title: 'Submissions', match: /^cik0000000042-pages\.json$/ }],
        ),
      );

    it('reads the submissions JSON and its continuation files with a declared User-Agent, paced', async () => {
      serveAll();
      install();
      const run = await runFetch(h.deps, 'test_edgar', options({ contact: 'ops@example.org' }));
      expect(run.status).toBe('succeeded');
      expect(run.pages.map((p) => [p.page, p.name, p.cursor, p.next_cursor, p.items])).toEqual([
        [1, 'CIK0000000042.json', null, '0', 2],
        [2, 'CIK0000000042-submissions-001.json', '0', '1', 2],
        [3, 'CIK0000000042-submissions-002.json', '1', null, 1],
      ]);
      expect(run.version_ids).toHaveLength(1);
      for (const r of server.log)
        expect(r.headers['user-agent']).toMatch(/^warrant-service-archive .* ops@example\.org$/);
      expect(sleeps).toEqual([150, 150]); // at most one request per 150 ms: under EDGAR's 10 per second
    });

    it('refuses to run without a contact address, and refuses a file that does not hold what the index lists', async () => {
      serveAll([older[0]!, { accessionNumber: [], form: [] }]);
      install();
      const noContact = await runFetch(h.deps, 'test_edgar', options());
      expect(noContact.status).toBe('failed');
      expect(noContact.errors[0]!.message).toMatch(/FETCH_CONTACT/);
      expect(server.log).toEqual([]);

      const run = await runFetch(h.deps, 'test_edgar', options({ contact: 'ops@example.org' }));
      expect(run.status).toBe('partial');
      expect(run.errors[0]!.message).toMatch(/the index lists 1 item\(s\) in it, the page holds 0/);
      expect(run.pages.map((p) => p.page)).toEqual([1, 2]);
      expect(run.version_ids).toEqual([]);
    });
  });
});
