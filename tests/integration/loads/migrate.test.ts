import { runArchiveCommand } from '../../../scripts/archive';
import { loadCatalogVersion } from '../../../shared/catalog/load';
import { readTimeline } from '../../../shared/catalog/timeline';
import { exclusionDataset, FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { loadedKey } from '../../../shared/facts/keys';
import { factsLoaderVersion } from '../../../shared/facts/load-version';
import { readTimelines } from '../../../shared/facts/timeline';
import { markLoaded } from '../../../shared/facts/timeline-write';
import { ncciMue } from '../../../shared/warrant/rule-reads';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { scaledLeie } from '../../helpers/scaled-files';
import { archive, fixedClock } from './world';

const MUE_DME = 'MCR_MUE_DMESupplierServices_Eff_04-01-2025.csv';

/**
 * Issue 15 point 2: stored data of an earlier layout is migrated by one documented command,
 * `npm run archive -- load`: warrant facts written by an earlier loader version of their document
 * and catalog rows written under an earlier loaderVersion generation are both reloaded by it,
 * each file parsed once, answers never reading the old shape as current meanwhile.
 */
describe('`npm run archive -- load` migrates stored data of an earlier layout', () => {
  let h: Harness;
  let mue: number;
  let leie: number;
  const dataset = exclusionDataset(FEDERAL_EXCLUSIONS);
  beforeAll(async () => {
    h = await startHarness({ clock: fixedClock });
    mue = await archive(h, 'cms_ncci_mue', MUE_DME, readFixture('cms_ncci_mue', MUE_DME));
    leie = await archive(h, 'oig_leie', 'UPDATED.csv', scaledLeie(40), { publisherVersion: '06-2025' });
    const lines: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Loaded 1 warrant fact version(s) and 1 catalog version(s).');
  }, 120_000);
  afterAll(() => h.close());

  it('reloads both stores in one pass; answers keep their old shape out meanwhile', async () => {
    // What a store written by the earlier loaders holds: MUE facts by facts loader 1, the LEIE
    // rows under generation 1 of the dataset (the current loaderVersion is newer).
    expect(factsLoaderVersion('mue:3')).not.toBe('1');
    expect(dataset.loaderVersion).not.toBe('1');
    await markLoaded(h.deps.tables.facts, 'cms_ncci_mue', { doc_id: 'mue:3', version_id: mue }, '1');
    await h.deps.tables.facts.update(loadedKey(mue), { set: { loader_version: '1' } });
    const v = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')!.versions[0]!;
    expect((await loadCatalogVersion(h.deps, { ...dataset, loaderVersion: '1' }, v)).status).toBe('loaded');
    expect(
      (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')!.loaded.get(leie),
    ).toMatchObject({ generation: '1' });
    const q = { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never;
    expect((await ncciMue(h.deps, q)).result.gaps.map((g) => g.reason)).toContain('source_not_loaded');

    const lines: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => lines.push(l))).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(new RegExp(`cms_ncci_mue mue:3 v${mue} \\(${MUE_DME}\\): loaded`));
    expect(text).toMatch(new RegExp(`catalog oig_leie oig_leie leie:1 v${leie} \\(UPDATED.csv\\): loaded, 40 rows`));
    expect(lines.at(-1)).toBe('Loaded 1 warrant fact version(s) and 1 catalog version(s).');

    const facts = (await readTimelines(h.deps.tables.facts, ['cms_ncci_mue'])).get('cms_ncci_mue')!;
    expect(facts.loaded.has(mue)).toBe(true);
    expect(facts.outdated.size).toBe(0);
    expect((await ncciMue(h.deps, q)).result.facts.map((f) => f.value.mue_value)).toEqual([1]);
    const catalog = (await readTimeline(h.deps.tables.catalog, FEDERAL_EXCLUSIONS)).get('oig_leie')!;
    expect(catalog.loaded.get(leie)).toMatchObject({ generation: dataset.loaderVersion, rows: 40 });

    // Nothing is left to migrate: a second run loads nothing.
    const again: string[] = [];
    expect(await runArchiveCommand(['load'], h.deps, (l) => again.push(l))).toBe(0);
    expect(again).toEqual(['Loaded 0 warrant fact version(s) and 0 catalog version(s).']);
  });

  it('refuses an unknown source', async () => {
    const lines: string[] = [];
    expect(await runArchiveCommand(['load', '--source', 'nope'], h.deps, (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toMatch(/unknown source 'nope'/);
  });
});
