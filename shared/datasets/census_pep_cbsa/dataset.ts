import { defineDataset } from '../../catalog/dataset';
import { PEP_DATASET, type PepRow } from '../../hospitals/profile-rows';
import { pepParser } from './source';

/**
 * The vintages as a catalog dataset: each vintage is a supplement (every vintage released by a date
 * is in force; per year the latest vintage that estimates it answers: shared/hospitals/population.ts).
 * An area is found by its code (`cbsa`: one item per area and vintage).
 */
export const pepDataset = defineDataset<PepRow>({
  id: PEP_DATASET,
  title: 'Census population estimates by CBSA and vintage',
  loaderVersion: '1',
  docs: [{ sourceId: 'census_pep_cbsa', docId: 'pep:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'census_pep_cbsa' && f.doc_id === 'pep:1' ? pepParser : undefined),
  indexes: [{ name: 'cbsa', unique: true, keys: (r) => [r.cbsa_code] }],
});
