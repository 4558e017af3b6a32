import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FetchOptions, runFetch } from '../../../shared/archive/fetch';
import { Archive } from '../../../shared/archive/ingest';
import { resolveAsOf } from '../../../shared/archive/resolve';
import { listRuns } from '../../../shared/archive/runs';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';
import { buildZip } from '../../helpers/zip-writer';

/**
 * A fetch run of the HCPCS source: the quarterly-update page links the release zip, whose .txt and
 * .xlsx are versions of the record file and whose readme is not. The run record notes the rule of
 * each new version, the members without a document (in one entry) and a mixed timeline.
 */
const FIXTURES = fixturePath('cms_hcpcs_level2');
const PAGE = '/www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update';
const ZIP = '/www.cms.gov/files/zip/july-2025-alpha-numeric-hcpcs-file.zip';
const ZIP_URL = expect.stringMatching(/july-2025-alpha-numeric-hcpcs-file\.zip$/);

describe('fetch run of a HCPCS release', () => {
  let h: Harness;
  let server: PublisherServer;
  const options = (): FetchOptions => ({
    rewriteUrl: server.rewrite,
    allowInsecureHosts: ['127.0.0.1'],
    maxAttempts: 1,
    timeoutMs: 2000,
  });

  beforeAll(async () => {
    h = await startHarness();
    server = await startPublisherServer();
    server.files.set(PAGE, {
      body: Buffer.from(`<html><body><a href="${ZIP}">July 2025 Alpha-Numeric HCPCS File</a></body></html>\n`),
      contentType: 'text/html',
    });
    server.files.set(ZIP, {
      body: buildZip([
        { name: 'HCPC2025_JUL_ANWEB.txt', data: fs.readFileSync(path.join(FIXTURES, 'HCPC2025_JUL_ANWEB.txt')) },
        { name: 'HCPC2025_JUL_ANWEB.xlsx', data: fs.readFileSync(path.join(FIXTURES, 'HCPC2025_JUL_ANWEB.xlsx')) },
        { name: 'HCPC2025_README.txt', data: 'CENTERS FOR MEDICARE & MEDICAID SERVICES (CMS)\r\n' },
      ]),
      contentType: 'application/zip',
    });
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('notes each new version’s rule, the members without a document, and a document that now mixes rules', async () => {
    // An operator placed an undated export by hand before: an observed version of the record file.
    await new Archive(h.deps).ingest({
      sourceId: 'cms_hcpcs_level2',
      name: 'hcpcs_export.txt',
      body: fs.readFileSync(path.join(FIXTURES, 'HCPC2025_APR_ANWEB.txt')),
      docId: 'hcpcs:1',
      observedAt: new Date('2025-05-02T08:00:00Z'),
    });

    const run = await runFetch(h.deps, 'cms_hcpcs_level2', options());
    expect(run).toMatchObject({ status: 'succeeded', files_seen: 2, new_versions: 2, errors: [] });
    expect(run.notes).toEqual([
      {
        url: ZIP_URL,
        message:
          'WARNING: hcpcs:1 now mixes windowed and observed versions: an observed version ends every open-ended window that began before it.',
      },
      {
        url: ZIP_URL,
        message: expect.stringMatching(
          /^1 zip member\(s\) matched no document of cms_hcpcs_level2: HCPC2025_README\.txt\. Archived as files without a document/,
        ),
      },
      {
        url: ZIP_URL,
        message: expect.stringMatching(
          /^New version \d+ of hcpcs:1 \(HCPC2025_JUL_ANWEB\.txt\): rule publisher_effective_window .* Timeline: mixed\.$/,
        ),
      },
      {
        url: ZIP_URL,
        message: expect.stringMatching(
          /^New version \d+ of hcpcs:1 \(HCPC2025_JUL_ANWEB\.xlsx\): rule publisher_effective_window/,
        ),
      },
    ]);
    // The listing page is kept without a document on purpose: it is not reported.
    expect(run.notes.some((n) => /quarterly-update/.test(n.message))).toBe(false);
    // The stored run carries the same notes.
    const stored = await listRuns(h.deps.tables.archive, { limit: 1, offset: 0 }, { sourceId: 'cms_hcpcs_level2' });
    expect(stored.items[0]!.notes).toEqual(run.notes);
    // One zip, one instant: the .txt decides the July release.
    expect(await resolveAsOf(h.deps.tables.archive, 'hcpcs:1', '2025-08-20')).toMatchObject({
      status: 'resolved',
      version: { name: 'HCPC2025_JUL_ANWEB.txt' },
    });
  });

  it('an unchanged re-fetch creates nothing and notes nothing', async () => {
    const run = await runFetch(h.deps, 'cms_hcpcs_level2', options());
    expect(run).toMatchObject({ status: 'succeeded', new_versions: 0, errors: [], notes: [] });
  });
});
