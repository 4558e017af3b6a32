import { Archive } from '../../../shared/archive/ingest';
import { ZIP_LIMITS } from '../../../shared/archive/zip';
import { getSource } from '../../../shared/sources/registry';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';
import { manualClock } from './helpers';

/**
 * The zip member limit is per source: SEC EDGAR declares room for its submissions.zip (~900,000
 * filers), every other source keeps the 50,000 default. The zip here has 50,001 members, all but one
 * empty (skipped without being spooled), so the test stays fast.
 */
describe('zip member limit per source', () => {
  let h: Harness;
  let archive: Archive;
  const clock = manualClock('2026-06-20T10:00:00.000Z');
  const count = ZIP_LIMITS.maxMembers + 1;
  const zip = buildZip([
    { name: 'CIK0000000001.json', data: '{"cik":"0000000001"}', deflate: false },
    ...Array.from({ length: count - 1 }, (_, i) => ({
      name: `CIK${String(i + 2).padStart(10, '0')}.json`,
      data: '',
      deflate: false,
    })),
  ]);

  beforeAll(async () => {
    h = await startHarness({ clock });
    archive = new Archive(h.deps);
  });
  afterAll(() => h.close());

  it('sec_edgar declares a member limit above the default', () => {
    expect(getSource('sec_edgar')?.maxZipMembers).toBeGreaterThanOrEqual(900_000);
    expect(getSource('cms_ncci_mue')?.maxZipMembers).toBeUndefined();
  });

  it(`refuses a zip of ${count} members from a source without a declared limit, before anything is written`, async () => {
    await expect(archive.ingest({ sourceId: 'cms_ncci_mue', name: 'many.zip', body: zip })).rejects.toMatchObject({
      reason: 'zip_limits',
      message: `Zip has ${count} entries (limit ${ZIP_LIMITS.maxMembers}).`,
    });
  });

  it(`admits the same zip for sec_edgar: its one non-empty member archived, the empty ones skipped`, async () => {
    const r = await archive.ingest({ sourceId: 'sec_edgar', name: 'many.zip', body: zip });
    expect(r.files.map((f) => f.name)).toEqual(['many.zip', 'CIK0000000001.json']);
    expect(r.skipped).toHaveLength(count - 1);
    expect(r.skipped[0]).toEqual({ name: 'many.zip!CIK0000000002.json', reason: 'empty' });
  });
});
