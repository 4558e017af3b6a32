import { runArchiveCommand } from '../../../scripts/archive';
import { timelineHeadKey, timelinePk, timelineVersionKey } from '../../../shared/catalog/keys';
import { readTimeline } from '../../../shared/catalog/timeline';
import { viewOf } from '../../../shared/catalog/view';
import { exclusionDataset, FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { type Harness, startHarness } from '../../helpers/harness';
import { scaledLeie } from '../../helpers/scaled-files';
import { archive, fixedClock } from './world';

const SOURCE = 'oig_leie';
const SEEN = '2025-06-10T08:00:00.000Z';

/**
 * Issue 16 point 2: catalog timelines stored in the earlier layout (one item per (dataset, source)
 * holding every version and every loaded marker) move to the per-version layout by the one
 * documented command, `npm run archive -- load`, keeping the markers answers read (so nothing is
 * reloaded) and the sightings; the old item is deleted, and a run stopped halfway is finished by
 * the next.
 */
describe('`npm run archive -- load` moves catalog timelines to the per-version layout', () => {
  let h: Harness;
  let leie: number;
  const dataset = exclusionDataset(FEDERAL_EXCLUSIONS);
  beforeAll(async () => {
    h = await startHarness({ clock: fixedClock });
    leie = await archive(h, SOURCE, 'UPDATED.csv', scaledLeie(40), { publisherVersion: '06-2025' });
    expect(await runArchiveCommand(['load'], h.deps, () => {})).toBe(0);
  }, 120_000);
  afterAll(() => h.close());

  /** Rewrite the catalog timeline as the earlier layout stored it (and drop the current items). */
  async function toOldLayout(opts: { keepNew?: boolean } = {}) {
    const table = h.deps.tables.catalog;
    const tl = (await readTimeline(table, FEDERAL_EXCLUSIONS)).get(SOURCE)!;
    const marker = tl.loaded.get(leie)!;
    const stale = { ...marker, rows: 1, loaded_at: '2025-01-01T00:00:00.000Z', generation: '0', loader_version: '0' };
    if (!opts.keepNew) {
      for (const it of await table.queryAll(timelinePk(FEDERAL_EXCLUSIONS)))
        await table.delete({ pk: it.pk, sk: it.sk });
    }
    await table.put({
      pk: timelinePk(FEDERAL_EXCLUSIONS),
      sk: SOURCE,
      dataset: FEDERAL_EXCLUSIONS,
      source_id: SOURCE,
      versions: tl.versions.map(({ last_seen_at: _s, ...v }) => v),
      version_ids: tl.versions.map((v) => v.version_id),
      // The current marker follows an older generation's: `gen_<id>` names the one answers read.
      loaded: [marker, stale],
      loaded_ids: [leie, leie],
      loaded_gens: [`${leie}@${marker.generation}`, `${leie}@0`],
      [`gen_${leie}`]: marker.generation,
      [`seen#${leie}`]: SEEN,
    });
    return marker;
  }

  it('converts the old item into version items and a head, then deletes it; idempotent', async () => {
    const table = h.deps.tables.catalog;
    const date = '2025-06-15';
    const before = await viewOf(h.deps, dataset, date);
    expect(before.versions.map((v) => v.version_id)).toEqual([leie]);
    const marker = await toOldLayout();
    // Until the sync moves it, answers read the old item (in the same batch read as the heads).
    const legacy = await viewOf(h.deps, dataset, date);
    expect(legacy.versions.map((x) => [x.version_id, x.generation])).toEqual([[leie, marker.generation]]);
    expect(legacy.sourceVersions()).toEqual(before.sourceVersions());

    const lines: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Loaded 0 warrant fact version(s) and 0 catalog version(s).');
    const items = await table.queryAll(timelinePk(FEDERAL_EXCLUSIONS));
    expect(items.map((it) => it.sk).sort()).toEqual(
      [
        timelineVersionKey(FEDERAL_EXCLUSIONS, SOURCE, 'leie:1', leie).sk,
        timelineHeadKey(FEDERAL_EXCLUSIONS, SOURCE, 'leie:1').sk,
      ].sort(),
    );
    const v = items.find((it) => !String(it.sk).endsWith('#HEAD'))!;
    expect(v).toMatchObject({ loaded: { ...marker }, last_seen_at: SEEN, version_id: leie });
    const after = await viewOf(h.deps, dataset, date);
    // The same version in force, under the same generation and row count; its sighting now counts.
    const ids = (vs: typeof before.versions) => vs.map((x) => [x.version_id, x.generation]);
    expect(ids(after.versions)).toEqual(ids(before.versions));
    expect(after.gaps).toEqual(before.gaps);
    expect(after.sourceVersions()).toEqual(before.sourceVersions());
    expect(after.versions[0]).toMatchObject({ last_seen_at: SEEN, freshness: { evidence_date: '2025-06-10' } });

    // Stopped halfway (new items written, old item not yet deleted): the next run finishes it.
    await toOldLayout({ keepNew: true });
    expect(await runArchiveCommand(['load'], h.deps, () => {})).toBe(0);
    const again = await table.queryAll(timelinePk(FEDERAL_EXCLUSIONS));
    expect(again.map((it) => it.sk).sort()).toEqual(items.map((it) => it.sk).sort());
    expect(await table.get({ pk: timelinePk(FEDERAL_EXCLUSIONS), sk: SOURCE })).toBeUndefined();
    expect((await viewOf(h.deps, dataset, date)).inForce).toEqual(after.inForce);
  }, 120_000);
});
