import { defineDataset } from '../../catalog/dataset';
import { ZIP_CROSSWALK_DATASET } from '../../rx/demand-rows';
import type { ZipCrosswalkRecord } from './head';
import { zipCrosswalkParser } from './source';

/**
 * The ZIP crosswalks as a catalog dataset: the county and the CBSA file of a quarter are two
 * snapshot documents, both found by ZIP (a ZIP has a row per county or CBSA it spans, a handful at
 * most). Read at load time by /rx/demand to place prescribers (shared/rx/demand-place.ts); it loads
 * before the datasets that place through it. No listing.
 */
export const zipCrosswalkDataset = defineDataset<ZipCrosswalkRecord>({
  id: ZIP_CROSSWALK_DATASET,
  title: 'HUD USPS ZIP crosswalk (ZIP to county and CBSA)',
  loaderVersion: '1',
  docs: [
    { sourceId: 'hud_usps_zip_crosswalk', docId: 'hud_zip:1', mode: 'snapshot' },
    { sourceId: 'hud_usps_zip_crosswalk', docId: 'hud_zip:2', mode: 'snapshot' },
  ],
  parserFor: (f) => (f.source_id === 'hud_usps_zip_crosswalk' ? zipCrosswalkParser : undefined),
  indexes: [{ name: 'zip', keys: (r) => [r.zip] }],
  // Geography does not lapse with the quarterly cadence: a placement reads the newest file loaded.
  freshness: 'identity',
  loadPriority: 0,
});
