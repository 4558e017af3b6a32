import { defineDataset } from '../../catalog/dataset';
import { POS_DATASET, type PosRow } from '../../hospitals/profile-rows';
import { posParser } from './source';

/**
 * The POS file as a catalog dataset: each quarter is a snapshot; a provider is found by CCN (one
 * item per CCN and quarter, read with the other profile sources in one batch: shared/hospitals/profile.ts).
 */
export const posDataset = defineDataset<PosRow>({
  id: POS_DATASET,
  title: 'Provider of Services file (hospital and non-hospital facilities)',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_pos', docId: 'pos:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_pos' ? posParser : undefined),
  indexes: [{ name: 'ccn', unique: true, keys: (r) => [r.ccn] }],
});
