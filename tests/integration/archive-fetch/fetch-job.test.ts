import * as fs from 'node:fs';
import * as path from 'node:path';
import { fetchJob, resumeLoadsJob } from '../../../functions/fetch/job';
import { Archive } from '../../../shared/archive/ingest';
import { readTimeline } from '../../../shared/catalog/timeline';
import { FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { readJob } from '../../../shared/loads/job';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';
import { scaledLeie } from '../../helpers/scaled-files';
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

  it('a load longer than one invocation stops before its time is up and goes on at the next invocation', async () => {
    // Archived without a load (as a fetch run whose load had no time left); 300 rows to load.
    const ingest = await new Archive(h.deps).ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: scaledLeie(300),
      publisherVersion: '06-2025',
    });
    const versionId = ingest.files[0]!.versionId as number;
    const loaded = async () =>
      (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')?.loaded.get(versionId);
    const opts = { rewriteUrl: server.rewrite, allowInsecureHosts: ['127.0.0.1'], maxAttempts: 1 };
    /** A Lambda context whose time is up (less than the job's reserve left) from the load's third look at it. */
    const tinyInvocation = () => {
      let asked = 0;
      return () => (++asked <= 2 ? 900_000 : 30_000);
    };
    const runs: { records: number; runs: number }[] = [];
    for (let i = 0; i < 5 && !(await loaded()); i++) {
      await fetchJob(h.deps, { source_id: 'oig_leie' }, { ...opts, remainingMs: tinyInvocation() });
      const cp = (await readJob(h.deps.tables.archive, versionId))?.checkpoint as (typeof runs)[number] | undefined;
      if (cp) runs.push({ records: cp.records, runs: cp.runs });
    }
    // The load reads the clock as it starts and every 64 records: cut at record 127, then 254, then done.
    expect(runs).toEqual([
      { records: 127, runs: 1 },
      { records: 254, runs: 2 },
    ]);
    expect((await loaded())?.rows).toBe(300);
    expect((await readJob(h.deps.tables.archive, versionId))?.checkpoint).toBeUndefined();
    // No time at all: nothing starts, and nothing is lost.
    const none = await new Archive(h.deps).ingest({
      sourceId: 'oig_leie',
      name: '2506EXCL.csv',
      body: scaledLeie(10),
    });
    await fetchJob(h.deps, { source_id: 'oig_leie' }, { ...opts, remainingMs: () => 1000 });
    const tl = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')!;
    expect(tl.loaded.has(none.files[0]!.versionId as number)).toBe(false);
    await fetchJob(h.deps, { source_id: 'oig_leie' }, opts);
    const after = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')!;
    expect(after.loaded.get(none.files[0]!.versionId as number)?.rows).toBe(10);
  });

  it('the resume run goes on from a checkpoint without fetching, and a second resume finishes it', async () => {
    const ingest = await new Archive(h.deps).ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: scaledLeie(200),
      publisherVersion: '09-2025',
    });
    const versionId = ingest.files[0]!.versionId as number;
    const loaded = async () =>
      (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')?.loaded.get(versionId);
    const requestsBefore = server.log.length;
    let asked = 0;
    const first = await resumeLoadsJob(h.deps, { remainingMs: () => (++asked <= 2 ? 900_000 : 30_000) });
    expect(first.suspended).toEqual({ source_id: 'oig_leie', version_id: versionId });
    expect(await loaded()).toBeUndefined();
    expect((await readJob(h.deps.tables.archive, versionId))?.checkpoint).toMatchObject({ records: 127 });
    const second = await resumeLoadsJob(h.deps, { remainingMs: () => 900_000 });
    expect(second).toMatchObject({ suspended: null, deferred: 0 });
    expect(second.loaded).toBeGreaterThanOrEqual(1);
    expect((await loaded())?.rows).toBe(200);
    // Nothing was fetched from the publisher by either run.
    expect(server.log.length).toBe(requestsBefore);
    // With nothing left, a resume run loads nothing.
    expect(await resumeLoadsJob(h.deps, { remainingMs: () => 900_000 })).toEqual({
      loaded: 0,
      suspended: null,
      deferred: 0,
    });
  });

  it.each([
    [{ job: 'resume_loads', source_id: 'oig_leie' }, 400],
    [{}, 400],
    [{ source_id: 42 }, 400],
    [{ source_id: 'no_such_source' }, 404],
  ])('refuses the event %j', async (event, status) => {
    await expect(fetchJob(h.deps, event)).rejects.toMatchObject({ status });
  });
});
