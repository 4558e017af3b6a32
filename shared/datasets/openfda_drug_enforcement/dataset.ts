import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import { RECALLS_DATASET, RECALLS_LISTING, type RecallRow, RecallRowSchema } from '../../rx/recall-rows';
import { enforcementParser } from './source';

/**
 * The drug enforcement reports as a catalog dataset: each download a snapshot (about 17,000
 * reports), listed by recall number,
 * which /rx/recalls reads whole once per file and filters in memory (shared/rx/recalls.ts).
 */
export const recallsDataset = defineDataset<RecallRow>({
  id: RECALLS_DATASET,
  title: 'openFDA drug recall enforcement reports',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'openfda_drug_enforcement', docId: 'enforcement:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'openfda_drug_enforcement' ? enforcementParser : undefined),
  schema: RecallRowSchema,
  // No index: /rx/recalls reads the file whole once per version (a per-NDC index would store a report once per package its labels list).
  indexes: [],
  listings: {
    [RECALLS_LISTING]: {
      description: 'Every report in recall-number order.',
      sort: { field: 'recall_number', type: 'string' },
    },
  },
});
