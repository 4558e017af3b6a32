import { LOAD_LEASE_MS, releaseLoadLease, takeLoadLease } from '../../../shared/catalog/lease';
import { syncCatalog } from '../../../shared/catalog/sync';
import { readTimeline } from '../../../shared/catalog/timeline';
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

  it('a lease is held until released or expired', async () => {
    const v = { source_id: 'oig_leie', version_id: 999_999 };
    const t0 = new Date('2025-06-15T12:00:00Z');
    const table = h.deps.tables.catalog;
    expect(await takeLoadLease(table, 'oig_leie', v, 'g', t0)).toBe(true);
    expect(await takeLoadLease(table, 'oig_leie', v, 'g', t0)).toBe(false);
    expect(await takeLoadLease(table, 'oig_leie', v, 'other-generation', t0)).toBe(true);
    expect(await takeLoadLease(table, 'oig_leie', v, 'g', new Date(t0.getTime() + LOAD_LEASE_MS + 1))).toBe(true);
    await releaseLoadLease(table, 'oig_leie', v, 'g');
    expect(await takeLoadLease(table, 'oig_leie', v, 'g', t0)).toBe(true);
  });
});
