import type { ChangeRecord } from '../../../shared/archive/change-record';
import { markerKey, PENDING_INDEX, padVersion, VERSION_COUNTER } from '../../../shared/archive/keys';
import { change, seedChanges } from './fixtures';
import { startWorld, type World } from './world';

const ids = (r: { raw: Buffer }) =>
  (JSON.parse(r.raw.toString('utf8')).changes as ChangeRecord[]).map((c) => c.version_id);

/**
 * Version ids are taken when an ingest starts; the change record lands when it completes. A run
 * that reads the feed while a lower-numbered version is still being written must not move any
 * cursor past it, or that change would never be delivered.
 */
describe('delivery while a lower version is still being written', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());

  it('stops cursors before the unfinished version and delivers it once it lands', async () => {
    const sub = await w.subscribe('/late', { source_ids: ['cms_ncci_mue'] });
    const start = (await w.cursor(sub.subscription_id)) as number;
    const archive = w.h.deps.tables.archive;
    const now = w.clock.now().toISOString();
    // An ingest took id `slow` and is still writing (its marker pending); a faster one finished after it.
    const slow = await archive.increment(VERSION_COUNTER, 'value');
    const fast = await archive.increment(VERSION_COUNTER, 'value');
    const slowChange = change(slow, now);
    await archive.put({
      ...markerKey(slowChange.doc_id, slowChange.sha256, slowChange.publisher_effective_from),
      doc_id: slowChange.doc_id,
      source_id: slowChange.source_id,
      sha256: slowChange.sha256,
      version_id: slow,
      state: 'pending',
      gsi2pk: PENDING_INDEX,
      gsi2sk: padVersion(slow),
    });
    await seedChanges(archive, [change(fast, now)]);

    const first = await w.run();
    expect(first.head_cut_at).toBe(slow);
    // Nothing at or after the unfinished version is sent, and the cursor stays before it.
    expect(w.at('/late')).toHaveLength(0);
    expect(await w.cursor(sub.subscription_id)).toBe(Math.max(start, slow - 1));

    // The slow ingest completes: its change record lands and its marker is no longer pending.
    await seedChanges(archive, [slowChange]);
    await archive.update(markerKey(slowChange.doc_id, slowChange.sha256, slowChange.publisher_effective_from), {
      set: { state: 'complete' },
      remove: ['gsi2pk', 'gsi2sk'],
    });
    const second = await w.run();
    expect(second.head_cut_at).toBeNull();
    expect(w.at('/late').map(ids)).toEqual([[slow, fast]]);
    expect(await w.cursor(sub.subscription_id)).toBe(fast);
  });
});
