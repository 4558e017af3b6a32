import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { hcaiProjectsParser } from './source';

/** The HCAI project export feeds the construction signals dataset (shared/signals/dataset.ts). */
export const hcaiSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'ca_hcai_construction_projects', docId: 'hcai_projects:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'hcai_projects:1' ? hcaiProjectsParser : undefined),
  note: 'ca_hcai_construction_projects: California HCAI health-facility construction projects (the Report Center\'s "Projects by County" export): every project at a health facility under HCAI\'s building jurisdiction is kept whole, whatever it stands at (in review, in construction, closed, withdrawn, expired: the status is shown), its category read from the scope of work. value_usd is the estimated cost the project states, null when it states none (`-`).',
});
