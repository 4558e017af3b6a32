import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { tnConParser } from './source';

/** The CON project list feeds the construction signals dataset (shared/signals/dataset.ts). */
export const tnConSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'tn_hfc_con', docId: 'tn_con:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'tn_con:1' ? tnConParser : undefined),
});
