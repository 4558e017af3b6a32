import { syncCatalog } from '../../../shared/catalog/sync';
import { readTimeline } from '../../../shared/catalog/timeline';
import { JOB_LEASE_MS, LoadJob } from '../../../shared/loads/job';
import { type Harness, startHarness } from '../../helpers/harness';
import { seedFixtures } from '../../helpers/seed';
import { fixedClock, isExclusionFixture } from './world';

/** Two syncs at once (npm start beside `archive load`, overlapping fetch runs) load each version once. */
describe('concurrent catalog syncs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ clock: fixedClock });
    await seedFixtures(h.deps, (e) => isExclusionFixture(e.source_id), { catalog: false });
  }, 120_000);
  afterAll(() => h.close());

  it('a version is loaded by exactly one of two simultaneous syncs; the other reports it busy', async () => {
    const [a, b] = await Promise.all([syncCatalog(h.deps), syncCatalog(h.deps)]);
    const loaded = [...a, ...b].filter((o) => o.status === 'loaded').map((o) => `${o.dataset}/${o.version_id}`);
    expect(new Set(loaded).size).toBe(loaded.length); // never twice
    const busy = [...a, ...b].filter((o) => o.status === 'busy');
    expect(busy.every((o) => /another process/.test(o.error ?? ''))).toBe(true);
    // Every version either sync saw is loaded now, and a third sync finds nothing to do.
    const seen = new Set([...a, ...b].map((o) => `${o.dataset}/${o.version_id}`));
    expect(new Set(loaded)).toEqual(seen);
    expect((await syncCatalog(h.deps)).filter((o) => o.status !== 'no_loader')).toEqual([]);
    const leie = (await readTimeline(h.deps.tables.catalog, 'oig_leie')).get('oig_leie')!;
    for (const v of leie.versions) expect(leie.loaded.has(v.version_id)).toBe(true);
  });

  it('a version lease is held until released or expired, and only its owner writes the job', async () => {
    const file = { source_id: 'oig_leie', doc_id: 'leie:1', version_id: 999_999, sha256: 'x', name: 'UPDATED.csv' };
    const t0 = new Date('2025-06-15T12:00:00Z');
    const table = h.deps.tables.archive;
    const a = await LoadJob.take(table, file, 'a', t0);
    expect(a).toBeDefined();
    expect(await LoadJob.take(table, file, 'b', t0)).toBeUndefined();
    // Another version is another lease.
    expect(await LoadJob.take(table, { ...file, version_id: 999_998 }, 'b', t0)).toBeDefined();
    // Past its lapse another loader takes it over, and the first one can no longer store a checkpoint.
    const b = await LoadJob.take(table, file, 'b', new Date(t0.getTime() + JOB_LEASE_MS + 1));
    expect(b).toBeDefined();
    const cp = { sha256: 'x', parser: 'p@1', consumers: [], records: 1, at: { offset: 9, line: 2, record: 1 } };
    const checkpoint = { ...cp, bytes: 9, total: 99, runs: 1, saved_at: t0.toISOString() };
    expect(await a!.save(checkpoint, t0)).toBe(false);
    expect(await b!.save(checkpoint, t0)).toBe(true);
    await b!.release();
    const c = await LoadJob.take(table, file, 'c', t0);
    expect(c?.checkpoint).toMatchObject({ records: 1, at: { offset: 9 } });
  });
});
