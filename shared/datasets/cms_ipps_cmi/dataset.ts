import { defineDataset } from '../../catalog/dataset';
import { CMI_DATASET, type CmiRow } from '../../hospitals/profile-rows';
import { cmiParser } from './source';

/**
 * The case mix index files as a catalog dataset: each fiscal year's file is a supplement (every
 * year released by a date is in force; of two releases of one year the later wins: shared/hospitals/profile.ts).
 * A hospital's whole history is one key (`ccn`: one item per CCN and year's version).
 */
export const cmiDataset = defineDataset<CmiRow>({
  id: CMI_DATASET,
  title: 'IPPS case mix index by hospital and fiscal year',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_ipps_cmi', docId: 'cmi:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'cms_ipps_cmi' ? cmiParser : undefined),
  indexes: [{ name: 'ccn', keys: (r) => [r.ccn] }],
});
