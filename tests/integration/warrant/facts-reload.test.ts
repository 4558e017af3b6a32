import { runArchiveCommand } from '../../../scripts/archive';
import { loadedKey } from '../../../shared/facts/keys';
import { factsLoaderVersion } from '../../../shared/facts/load-version';
import { syncFacts } from '../../../shared/facts/pipeline';
import { readTimelines } from '../../../shared/facts/timeline';
import { markLoaded } from '../../../shared/facts/timeline-write';
import { type Harness, startHarness } from '../../helpers/harness';
import { seedFixtures } from '../../helpers/seed';

/**
 * Facts stored by an earlier loader (an older shape of the same rows) are never read as current:
 * the timeline reports their versions as outdated, answers give `source_not_loaded` for them, and
 * `npm run archive -- load` (like every sync) reloads them with the current loader.
 */
describe('facts written by an earlier loader', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_ncci_mue' && e.effective_from === '2025-04-01');
  }, 120_000);
  afterAll(() => h.close());

  it('are outdated until `archive load` reloads them, and answers never read them meanwhile', async () => {
    const tl = (await readTimelines(h.deps.tables.facts, ['cms_ncci_mue'])).get('cms_ncci_mue')!;
    const v = tl.versions.find((x) => x.doc_id === 'mue:3')!;
    expect(tl.loaded.has(v.version_id)).toBe(true);
    expect(factsLoaderVersion('mue:3')).not.toBe('1');

    // Make the version look loaded by loader 1 (what a store written before this loader holds).
    await markLoaded(h.deps.tables.facts, 'cms_ncci_mue', v, '1');
    await h.deps.tables.facts.update(loadedKey(v.version_id), { set: { loader_version: '1' } });
    const old = (await readTimelines(h.deps.tables.facts, ['cms_ncci_mue'])).get('cms_ncci_mue')!;
    expect(old.outdated.has(v.version_id)).toBe(true);
    expect(old.loaded.has(v.version_id)).toBe(false);

    const key = { pk: 'unused', sk: 'unused' };
    void key;
    const { ncciMue } = await import('../../../shared/warrant/rule-reads');
    const before = await ncciMue(h.deps, { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never);
    expect(before.result.facts).toEqual([]);
    expect(before.result.gaps.map((g) => g.reason)).toContain('source_not_loaded');

    const lines: string[] = [];
    expect(await runArchiveCommand(['load', '--source', 'cms_ncci_mue'], h.deps, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(new RegExp(`mue:3 v${v.version_id} .*: loaded`));
    const now = (await readTimelines(h.deps.tables.facts, ['cms_ncci_mue'])).get('cms_ncci_mue')!;
    expect(now.loaded.has(v.version_id)).toBe(true);
    expect(now.outdated.size).toBe(0);
    const after = await ncciMue(h.deps, { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never);
    expect(after.result.facts.map((f) => f.value.mue_value)).toEqual([1]);

    // A second sync finds nothing to do.
    expect((await syncFacts(h.deps, { sourceIds: ['cms_ncci_mue'] })).filter((o) => o.status === 'loaded')).toEqual([]);
  });
});
