import type { CatalogDataset } from '../../../shared/catalog/dataset';
import { inForce, versionsUsed } from '../../../shared/catalog/in-force';
import { loadCatalogVersion } from '../../../shared/catalog/load';
import { lookupMany } from '../../../shared/catalog/lookup';
import { syncCatalog } from '../../../shared/catalog/sync';
import { readTimeline } from '../../../shared/catalog/timeline';
import { exclusionDataset, FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { type Json, startWorld, TODAY, type World } from './world';

const ALDERMAN = '1847362914';

/**
 * A changed loader (a new loaderVersion) reloads versions already loaded into a new key
 * generation; answers read the old generation until a version's reload completes, then the new
 * one, never a mix of both for one version, and never duplicates.
 */
describe('catalog reload on a new loaderVersion', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  }, 120_000);
  afterAll(() => w.h.close());

  const dataset = exclusionDataset(FEDERAL_EXCLUSIONS);
  /** The same dataset with a "fixed" loader: every city reads RELOADED. */
  const changed: CatalogDataset = {
    ...dataset,
    loaderVersion: `${dataset.loaderVersion}-next`,
    parserFor: (f) => {
      const p = dataset.parserFor(f);
      if (!p) return undefined;
      return {
        ...p,
        async *parse(input, options) {
          for await (const r of p.parse(input, options)) yield { ...r, city: 'RELOADED' };
        },
      };
    },
  };

  const rowsFor = async (d: CatalogDataset) => {
    const versions = versionsUsed(inForce(d, await readTimeline(w.h.deps.tables.catalog, d.id), TODAY));
    const rows = (await lookupMany(w.h.deps, d, 'npi', [ALDERMAN], versions)).get(ALDERMAN) ?? [];
    return { versions, rows };
  };

  it('serves the new generation per version once reloaded, then returns to the current loader on sync', async () => {
    const before = await rowsFor(dataset);
    expect(before.rows.length).toBeGreaterThan(0);
    expect(before.rows.every((r) => (r.value as Json).city === 'ALBANY')).toBe(true);

    // Reload only the version holding ALDERMAN's row: the others keep their generation.
    const holding = before.versions.find((v) => v.version_id === before.rows[0]!.version_id)!;
    const outcome = await loadCatalogVersion(w.h.deps, changed, holding);
    expect(outcome.status).toBe('loaded');
    const mid = await rowsFor(changed);
    expect(mid.rows).toHaveLength(before.rows.length); // no duplicates from the old generation
    expect(mid.rows.find((r) => r.version_id === holding.version_id)!.value).toMatchObject({ city: 'RELOADED' });
    expect(mid.versions.find((v) => v.version_id === holding.version_id)!.generation).toBe(changed.loaderVersion);

    // The registered dataset's loaderVersion differs from the newest marker: sync reloads that version.
    const outcomes = await syncCatalog(w.h.deps, { datasets: [dataset.id] });
    expect(outcomes.filter((o) => o.status === 'loaded').map((o) => o.version_id)).toContain(holding.version_id);
    const after = await rowsFor(dataset);
    expect(after.rows.map((r) => [r.version_id, (r.value as Json).city])).toEqual(
      before.rows.map((r) => [r.version_id, 'ALBANY']),
    );
    // Nothing left to load: a second sync is a no-op.
    expect(await syncCatalog(w.h.deps, { datasets: [dataset.id] })).toEqual([]);
  });

  it('the HTTP answer follows the generation in force', async () => {
    const body = (await w.get(`/exclusions/comprehensive/${ALDERMAN}`)).body;
    expect(body.federal.map((h: Json) => h.record.city)).toEqual(['ALBANY']);
  });
});
