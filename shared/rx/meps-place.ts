import { asOfOrToday } from '../catalog/as-of';
import type { RowPlacer } from '../catalog/dataset';
import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import type { CatalogVersion } from '../catalog/timeline';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { MEPS_PERSONS_DATASET, type MepsMixRow, personKey } from './meps-rows';
import type { MepsSegment } from './meps-segments';

/**
 * The placer of the MEPS mix rows (shared/catalog/dataset.ts `placer`): each person-by-drug row
 * to its person's segment in the consolidated file of the same data year (looked up by year and
 * DUPERSID among the consolidated files loaded, the newest version of that year when AHRQ
 * republished it), never the file of another year. Rows of persons with no positive person weight
 * are dropped: they add nothing to a weighted figure and are not sample persons of an estimate.
 * Memory: one batch of rows and the persons of the current batch.
 */
export async function openMepsPlacer(deps: Deps, _version: CatalogVersion): Promise<RowPlacer<MepsMixRow>> {
  const persons = getDataset(MEPS_PERSONS_DATASET);
  const view = persons ? await viewOf(deps, persons, asOfOrToday(deps.clock)) : undefined;
  const all = view?.versions ?? [];
  /** The consolidated-file version that answered for a data year (the newest that did). */
  const ofYear = new Map<number, CatalogVersion>();
  return {
    async place(rows) {
      const kept = rows.filter((r) => r.person_weight > 0);
      const found = new Map<string, { segment: MepsSegment; version: number }>();
      if (persons && all.length && kept.length) {
        const years = new Set(kept.map((r) => r.data_year));
        const versions = [...years].every((y) => ofYear.has(y)) ? [...years].map((y) => ofYear.get(y)!) : all;
        const hits = await lookupMany(
          deps,
          persons,
          'person',
          kept.map((r) => personKey(r.data_year, r.dupersid)),
          versions,
        );
        for (const [key, stored] of hits) {
          const newest = [...stored].sort((a, b) => b.version_id - a.version_id)[0];
          if (!newest) continue;
          const year = Number(key.slice(0, key.indexOf(':')));
          const v = all.find((x) => x.version_id === newest.version_id);
          if (v && (!ofYear.has(year) || ofYear.get(year)!.version_id < v.version_id)) ofYear.set(year, v);
          found.set(key, { segment: newest.value.segment as MepsSegment, version: newest.version_id });
        }
      }
      return kept.map((r) => {
        const hit = found.get(personKey(r.data_year, r.dupersid));
        return hit
          ? { ...r, segment: hit.segment, placed_with: `ahrq_meps_pmed:${hit.version}` }
          : { ...r, segment: 'not_linked', placed_with: 'none' };
      });
    },
  };
}
