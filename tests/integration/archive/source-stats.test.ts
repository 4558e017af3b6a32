import { countRequests } from '../../../bench/sdk-counter';
import { Archive } from '../../../shared/archive/ingest';
import {
  countSource,
  readSourceStats,
  rebuildSourceStats,
  STATS_PK,
  statsKey,
} from '../../../shared/archive/source-stats';
import { toVersionRecord } from '../../../shared/archive/version-record';
import { completeVersion } from '../../../shared/archive/versions';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { buildZip } from '../../helpers/zip-writer';

const SOURCE = 'cms_ncci_mue';
const file = (q: string) => `MCR_MUE_DMESupplierServices_Eff_${q}-01-2025.csv`;
type Json = Record<string, unknown>;

/**
 * Issue 16 point 2: per-source counters kept at ingest make the source lists O(1) reads, and stay
 * exact when an ingest is retried, the same bytes come again, or two ingests of them race.
 */
describe('per-source archive counters', () => {
  let h: Harness;
  let archive: Archive;
  const ingest = (name: string, body: Buffer) => archive.ingest({ sourceId: SOURCE, name, body, origin: 'backfill' });
  beforeAll(async () => {
    h = await startHarness();
    archive = new Archive(h.deps);
    // Counters are trusted once built from the archive (the first sync does it; here, on an empty archive).
    await rebuildSourceStats(h.deps.tables.archive, [SOURCE]);
  }, 60_000);
  afterAll(() => h.close());

  it('count each file, document and version once, through retries, repeats and races', async () => {
    await ingest(file('01'), readFixture(SOURCE, file('01')));
    await ingest(file('01'), readFixture(SOURCE, file('01'))); // a retried ingest: nothing new
    await Promise.all([
      ingest(file('04'), readFixture(SOURCE, file('04'))),
      ingest(file('04'), readFixture(SOURCE, file('04'))),
    ]);
    // A zip holding one new member and one already archived: the zip and the new member count.
    await ingest(
      'mue.zip',
      buildZip([
        { name: file('07'), data: readFixture(SOURCE, file('07')) },
        { name: file('01'), data: readFixture(SOURCE, file('01')) },
      ]),
    );
    // A writer that finishes a version another already finished (crash recovery) counts nothing.
    const [version] = await h.deps.tables.archive.queryAll('DOC#mue:3', { beginsWith: 'V#' });
    await completeVersion(h.deps, toVersionRecord(version!));

    const stats = (await readSourceStats(h.deps.tables.archive)).get(SOURCE)!;
    expect(stats).toEqual({ files: 4, docs: 1, versions: 3 });
    expect(stats).toEqual(await countSource(h.deps.tables.archive, SOURCE));
  });

  it('serve /v1/archive/sources and /sources from the counters, one query for all sources', async () => {
    // Proof the lists read the counter, not a count of the files: a counter set by hand is what they serve.
    await h.deps.tables.archive.update(statsKey(SOURCE), { set: { files: 4321, docs: 7 } });
    const headers = (await createTestKey(h.deps, 'enterprise', ['warrant'])).headers;
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const res = await h.request('/v1/archive/sources?limit=100', { headers });
      expect(res.status).toBe(200);
      const items = ((await res.json()) as { items: Json[] }).items;
      expect(items.find((s) => s.source_id === SOURCE)).toMatchObject({
        archive_file_count: 4321,
        archived_doc_count: 7,
      });
      // Sources without counters built yet are counted from the archive (those this test never rebuilt).
      expect(items.find((s) => s.source_id === 'cms_mcd')).toMatchObject({ archive_file_count: 0 });
      const statsReads = counter.calls.filter((c) => c.table === 'archive' && c.operation === 'QueryCommand');
      expect(statsReads.length).toBeGreaterThan(0);
      const page = await h.request('/sources?limit=100', { headers });
      expect(page.status).toBe(200);
      const entries = ((await page.json()) as { items: Json[] }).items;
      expect(entries.find((s) => s.source_id === SOURCE)).toMatchObject({ archive_file_count: 4321 });
    } finally {
      counter.stop();
    }
  });

  it('are rebuilt from the archive where never built, and on demand', async () => {
    await rebuildSourceStats(h.deps.tables.archive, [SOURCE], { force: true });
    expect((await readSourceStats(h.deps.tables.archive)).get(SOURCE)).toEqual({ files: 4, docs: 1, versions: 3 });
    await h.deps.tables.archive.delete(statsKey(SOURCE));
    await ingest(file('04'), readFixture(SOURCE, file('04'))); // nothing new: no counter item appears
    expect(await h.deps.tables.archive.queryAll(STATS_PK)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ sk: SOURCE })]),
    );
    expect(await rebuildSourceStats(h.deps.tables.archive, [SOURCE, 'cms_mcd'])).toEqual([SOURCE, 'cms_mcd']);
    expect((await readSourceStats(h.deps.tables.archive)).get(SOURCE)).toEqual({ files: 4, docs: 1, versions: 3 });
    expect(await rebuildSourceStats(h.deps.tables.archive, [SOURCE])).toEqual([]); // built: left alone
  });
});
