import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { chicagoPermitsParser } from './source';

/** The permit walk feeds the construction signals dataset (shared/signals/dataset.ts). */
export const chicagoSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'chicago_building_permits', docId: 'chicago_permits:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'chicago_permits:1' ? chicagoPermitsParser : undefined),
  note: 'chicago_building_permits: City of Chicago building permits (Socrata SODA), kept when the work description or a contact name holds a health word (hospital, medical center, clinic, surgery center, dialysis, nursing home, MRI and others; health clubs and animal hospitals excluded); a permit at a hospital that names no health word is not in the feed. value_usd is the reported cost the applicant declared.',
});
