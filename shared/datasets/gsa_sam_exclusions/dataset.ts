import { defineDataset } from '../../catalog/dataset';
import { EXCLUSION_ROWS } from '../../exclusions/dataset-parts';
import { FEDERAL_LIST_GROUP } from '../../exclusions/datasets';
import type { ExclusionRecord } from '../../exclusions/record';
import { samParser } from './source';

/**
 * The SAM.gov exclusions as a federal exclusion list beside the OIG LEIE: one snapshot per daily
 * extract. The exclusions domain screens every dataset of the federal list group.
 */
export const samExclusionsDataset = defineDataset<ExclusionRecord>({
  id: 'gsa_sam_exclusions',
  title: 'SAM.gov exclusions (GSA)',
  loaderVersion: '1',
  group: FEDERAL_LIST_GROUP,
  docs: [{ sourceId: 'gsa_sam_exclusions', docId: 'sam:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'gsa_sam_exclusions' ? samParser : undefined),
  ...EXCLUSION_ROWS,
});
