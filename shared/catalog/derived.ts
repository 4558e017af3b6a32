import type { Deps } from '../deps';
import { computeCarry } from './carry';
import type { CatalogDataset } from './dataset';
import { specsOf } from './declaration';
import { computeRollups, type RollupOutcome } from './rollup';
import { computeSeries, type SeriesOutcome } from './series';
import type { CatalogVersion } from './timeline';
import { seriesOfDoc } from './writer';

export interface DerivedOutcome {
  rollups: RollupOutcome[];
  series: SeriesOutcome[];
  ms: number;
}

/**
 * What a version's rows give once they are all written: its rollups (rollup.ts) and the series
 * that follow its document (series.ts). The load pipeline calls it after the last rows of a
 * version are flushed and before the version is marked loaded, so answers never see a version
 * whose rollups or series are missing; a rerun (a resumed or repeated load) rewrites the same
 * items. A dataset declaring neither costs nothing (no read).
 */
export async function afterVersionLoaded(
  deps: Deps,
  dataset: CatalogDataset,
  version: CatalogVersion,
): Promise<DerivedOutcome> {
  const started = Date.now();
  const specs = specsOf(dataset);
  const rollups = specs.rollups.length ? await computeRollups(deps, dataset, version) : [];
  const series =
    specs.series.length && seriesOfDoc(dataset, version.doc_id).length
      ? await computeSeries(deps, dataset, version)
      : [];
  // Rows that left a snapshot document (dataset.carry), once the version's listing is written.
  await computeCarry(deps, dataset, version);
  return { rollups, series, ms: Date.now() - started };
}
