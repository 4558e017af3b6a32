import { feedDataset } from '../../catalog/dataset';
import { spendingDataset } from '../../rx/spending-dataset';
import { PROGRAM_NOTES } from '../../rx/spending-rows';
import { medicaidSpendingParser } from './source';

/** The Medicaid release feeds the spending-by-drug dataset (shared/rx/spending-dataset.ts). */
export const medicaidSpendingFeed = feedDataset(spendingDataset, {
  docs: [{ sourceId: 'cms_medicaid_spending_by_drug', docId: 'medicaid_spending:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'medicaid_spending:1' ? medicaidSpendingParser : undefined),
  note: PROGRAM_NOTES.medicaid,
});
