import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { chicagoPermitsParser } from './source';

/** The permit walk feeds the construction signals dataset (shared/signals/dataset.ts). */
export const chicagoSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'chicago_building_permits', docId: 'chicago_permits:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'chicago_permits:1' ? chicagoPermitsParser : undefined),
});
