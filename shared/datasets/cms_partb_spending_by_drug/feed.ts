import { feedDataset } from '../../catalog/dataset';
import { spendingDataset } from '../../rx/spending-dataset';
import { PROGRAM_NOTES } from '../../rx/spending-rows';
import { partbSpendingParser } from './source';

/** The Part B release feeds the spending-by-drug dataset (shared/rx/spending-dataset.ts). */
export const partbSpendingFeed = feedDataset(spendingDataset, {
  docs: [{ sourceId: 'cms_partb_spending_by_drug', docId: 'partb_spending:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'partb_spending:1' ? partbSpendingParser : undefined),
  note: PROGRAM_NOTES.part_b,
});
