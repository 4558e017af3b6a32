import { runArchiveCommand } from '../../../scripts/archive';
import { countSource, readSourceStats, STATS_PK } from '../../../shared/archive/source-stats';
import { loadedKey, TIMELINE_PK, timelineHeadKey, timelinePk, versionIndexPk } from '../../../shared/facts/keys';
import { factsFor } from '../../../shared/facts/registry';
import { toStoredFact } from '../../../shared/facts/store';
import { readFullTimelines, readTimelines } from '../../../shared/facts/timeline';
import { ncciMue } from '../../../shared/warrant/rule-reads';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { archive, fixedClock } from './world';

const SOURCE = 'cms_ncci_mue';
const Q1 = 'MCR_MUE_DMESupplierServices_Eff_01-01-2025.csv';
const Q2 = 'MCR_MUE_DMESupplierServices_Eff_04-01-2025.csv';

/**
 * Issue 16 point 2: data stored in the earlier layout (one timeline item per source holding every
 * version, fact items with every field stored twice, no per-source counters) moves to the current
 * one by the one documented command, `npm run archive -- load`.
 */
describe('`npm run archive -- load` moves the earlier storage layout to the current one', () => {
  let h: Harness;
  let q1: number;
  let q2: number;
  beforeAll(async () => {
    h = await startHarness({ clock: fixedClock });
    q1 = await archive(h, SOURCE, Q1, readFixture(SOURCE, Q1), { effectiveFrom: '2025-01-01' });
    q2 = await archive(h, SOURCE, Q2, readFixture(SOURCE, Q2), { effectiveFrom: '2025-04-01' });
    expect(await runArchiveCommand(['load'], h.deps, () => {})).toBe(0);
  }, 120_000);
  afterAll(() => h.close());

  /** Rewrite what the current layout stored as the earlier layout held it. */
  async function toOldLayout() {
    const facts = h.deps.tables.facts;
    const timeline = (await readFullTimelines(facts, [SOURCE])).get(SOURCE)!;
    const oldLoader = factsFor('mue:3')!.version; // loader versions before the item shape was part of them
    await facts.put({
      pk: TIMELINE_PK,
      sk: SOURCE,
      source_id: SOURCE,
      versions: timeline.versions.map(({ last_seen_at: _s, ...v }) => v),
      version_ids: timeline.versions.map((v) => v.version_id),
      loaded_ids: [q1, q2],
      [`lv#${q1}`]: oldLoader,
      // q2 loaded before loader versions existed (no lv#): read as loader '1'
      [`seen#${q2}`]: '2025-06-10T08:00:00.000Z',
    });
    for (const it of await facts.queryAll(timelinePk(SOURCE))) await facts.delete({ pk: it.pk, sk: it.sk });
    for (const id of [q1, q2]) {
      for (const it of await facts.queryAll(versionIndexPk(id), { index: 'gsi1' })) {
        const f = toStoredFact(it);
        const { locator: _l, ...rest } = it;
        await facts.put({
          ...rest,
          key: f.key,
          kind: f.kind,
          source_id: f.source_id,
          version_id: id,
          origin: f.origin,
          related: [],
        });
      }
      await facts.update(loadedKey(id), { set: { loader_version: oldLoader } });
    }
    for (const it of await h.deps.tables.archive.queryAll(STATS_PK)) {
      await h.deps.tables.archive.delete({ pk: it.pk, sk: it.sk });
    }
  }

  it('converts timelines, reloads facts of the old shape, builds the counters; a second run does nothing', async () => {
    await toOldLayout();
    const q = { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never;
    expect((await readTimelines(h.deps.tables.facts, [SOURCE])).has(SOURCE)).toBe(false);

    const lines: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Loaded 2 warrant fact version(s) and 0 catalog version(s).');

    // The old item is gone; each version has its item, the document its head, the sighting kept.
    expect(await h.deps.tables.facts.get({ pk: TIMELINE_PK, sk: SOURCE })).toBeUndefined();
    const items = await h.deps.tables.facts.queryAll(timelinePk(SOURCE));
    expect(items.map((i) => i.sk).sort()).toEqual([
      `mue:3#${String(q1).padStart(12, '0')}`,
      `mue:3#${String(q2).padStart(12, '0')}`,
      'mue:3#HEAD',
    ]);
    const head = await h.deps.tables.facts.get(timelineHeadKey(SOURCE, 'mue:3'));
    expect(head).toMatchObject({ total: 2, complete: true, kind: 'windowed' });
    const tl = (await readTimelines(h.deps.tables.facts, [SOURCE])).get(SOURCE)!;
    expect([...tl.loaded].sort()).toEqual([q1, q2].sort());
    expect(tl.outdated.size).toBe(0);
    expect(tl.versions.find((v) => v.version_id === q2)?.last_seen_at).toBe('2025-06-10T08:00:00.000Z');

    // Fact items are rewritten in the current shape (each field once) and answers read them.
    const factItems = await h.deps.tables.facts.queryAll(versionIndexPk(q2), { index: 'gsi1' });
    expect(factItems.length).toBeGreaterThan(0);
    for (const it of factItems)
      expect(Object.keys(it).filter((k) => ['origin', 'key', 'version_id'].includes(k))).toEqual([]);
    expect((await ncciMue(h.deps, q)).result.facts.map((f) => f.value.mue_value)).toEqual([1]);

    // Counters built from the archive.
    const stats = (await readSourceStats(h.deps.tables.archive)).get(SOURCE);
    expect(stats).toEqual(await countSource(h.deps.tables.archive, SOURCE));
    expect(stats).toEqual({ files: 2, docs: 1, versions: 2 });

    const again: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => again.push(l))).toBe(0);
    expect(again).toEqual(['Loaded 0 warrant fact version(s) and 0 catalog version(s).']);
  }, 120_000);
});
