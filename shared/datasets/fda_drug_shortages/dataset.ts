import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import { SHORTAGES_DATASET, type ShortageRow, ShortageRowSchema } from '../../rx/shortage-rows';
import { shortagesParser } from './source';

/**
 * The drug shortages export as a catalog dataset: each export a snapshot (a few thousand rows),
 * rows found by the NDCs their presentation prints and listed by shortage (the generic-name key,
 * then the row's place in the file), which /rx/shortages reads whole and groups per shortage.
 */
export const shortagesDataset = defineDataset<ShortageRow>({
  id: SHORTAGES_DATASET,
  title: 'FDA drug shortages',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'fda_drug_shortages', docId: 'shortages:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'fda_drug_shortages' ? shortagesParser : undefined),
  schema: ShortageRowSchema,
  indexes: [{ name: 'ndc11', keys: (r) => r.ndc11s }],
  listings: {
    by_shortage: {
      description: 'Every row in shortage-key order (rows of one shortage together).',
      sort: { field: 'shortage_key', type: 'string' },
      filters: { shortage_key: 'eq' },
    },
  },
});
