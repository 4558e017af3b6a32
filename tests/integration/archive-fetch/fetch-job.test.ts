import * as fs from 'node:fs';
import * as path from 'node:path';
import { fetchJob } from '../../../functions/fetch/job';
import { Archive } from '../../../shared/archive/ingest';
import { readTimeline } from '../../../shared/catalog/timeline';
import { FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';
import { buildZip } from '../../helpers/zip-writer';

const MCD = fixturePath('cms_mcd', '2025-01');
const csv = (name: string) => ({ name, data: fs.readFileSync(path.join(MCD, name)) });

describe('the scheduled fetch job', () => {
  let h: Harness;
  let server: PublisherServer;
  beforeAll(async () => {
    h = await startHarness();
    server = await startPublisherServer();
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('runs the fetch of the source named in the scheduler event and records the run', async () => {
    // The CMS layout: current_lcd.zip holds current_lcd_csv.zip, which holds the tables.
    const inner = buildZip([csv('contractor.csv'), csv('state_lookup.csv')]);
    server.files.set('/downloads.cms.gov/medicare-coverage-database/downloads/exports/current_lcd.zip', {
      body: buildZip([{ name: 'current_lcd_csv.zip', data: inner }]),
    });
    const run = await fetchJob(
      h.deps,
      { source_id: 'cms_mcd' },
      { rewriteUrl: server.rewrite, allowInsecureHosts: ['127.0.0.1'], maxAttempts: 1 },
    );
    expect(run.source_id).toBe('cms_mcd');
    expect(run.status).toBe('partial');
    expect(run.new_versions).toBe(2);
    expect(run.errors.map((e) => e.url)).toEqual([
      'https://downloads.cms.gov/medicare-coverage-database/downloads/exports/current_article.zip',
    ]);
    expect(server.log.map((l) => l.path)).toHaveLength(2);
  });

  it('loads what is archived but not loaded even when the run finds nothing new (a retry of a cut-short load)', async () => {
    // Archived without a load, as after a job that timed out between archiving and loading.
    const leie = fixturePath('oig_leie', '2025-01', 'UPDATED.csv');
    const ingest = await new Archive(h.deps).ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: fs.readFileSync(leie),
      publisherVersion: '01-2025',
    });
    const versionId = ingest.files[0]!.versionId as number;
    const before = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie');
    expect(before?.loaded.has(versionId) ?? false).toBe(false);
    // The publisher answers nothing usable (every URL 404 on the local server): no new version.
    const run = await fetchJob(
      h.deps,
      { source_id: 'oig_leie' },
      { rewriteUrl: server.rewrite, allowInsecureHosts: ['127.0.0.1'], maxAttempts: 1 },
    );
    expect(run.new_versions).toBe(0);
    const after = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie');
    expect(after?.loaded.get(versionId)?.rows).toBeGreaterThan(0);
  });

  it.each([
    [{}, 400],
    [{ source_id: 42 }, 400],
    [{ source_id: 'no_such_source' }, 404],
  ])('refuses the event %j', async (event, status) => {
    await expect(fetchJob(h.deps, event)).rejects.toMatchObject({ status });
  });
});
