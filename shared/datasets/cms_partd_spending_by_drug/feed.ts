import { feedDataset } from '../../catalog/dataset';
import { spendingDataset } from '../../rx/spending-dataset';
import { PROGRAM_NOTES } from '../../rx/spending-rows';
import { partdSpendingParser } from './source';

/** The Part D release feeds the spending-by-drug dataset (shared/rx/spending-dataset.ts). */
export const partdSpendingFeed = feedDataset(spendingDataset, {
  docs: [{ sourceId: 'cms_partd_spending_by_drug', docId: 'partd_spending:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'partd_spending:1' ? partdSpendingParser : undefined),
  note: PROGRAM_NOTES.part_d,
});
