import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { hcaiProjectsParser } from './source';

/** The HCAI project export feeds the construction signals dataset (shared/signals/dataset.ts). */
export const hcaiSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'ca_hcai_construction_projects', docId: 'hcai_projects:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'hcai_projects:1' ? hcaiProjectsParser : undefined),
});
