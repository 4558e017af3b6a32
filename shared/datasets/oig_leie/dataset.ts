import { defineDataset } from '../../catalog/dataset';
import { EXCLUSION_ROWS } from '../../exclusions/dataset-parts';
import { FEDERAL_EXCLUSIONS, FEDERAL_LIST_GROUP } from '../../exclusions/datasets';
import type { ExclusionRecord } from '../../exclusions/record';
import { leieExclusionParser } from './rows';

/**
 * The OIG LEIE as a catalog dataset: the full list (`UPDATED.csv`, leie:1) is a snapshot; the
 * monthly supplements of exclusions (leie:2) and reinstatements (leie:3) add to the full list in
 * force until the next full list (which already contains them) is archived. The exclusions domain
 * reads it by its id (FEDERAL_EXCLUSIONS).
 */
export const federalExclusionsDataset = defineDataset<ExclusionRecord>({
  id: FEDERAL_EXCLUSIONS,
  title: 'OIG List of Excluded Individuals/Entities',
  loaderVersion: '2',
  group: FEDERAL_LIST_GROUP,
  docs: [
    { sourceId: 'oig_leie', docId: 'leie:1', mode: 'snapshot' },
    { sourceId: 'oig_leie', docId: 'leie:2', mode: 'supplement' },
    { sourceId: 'oig_leie', docId: 'leie:3', mode: 'supplement' },
  ],
  parserFor: (f) => (f.source_id === 'oig_leie' ? leieExclusionParser : undefined),
  ...EXCLUSION_ROWS,
});
