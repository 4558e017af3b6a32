import { feedDataset } from '../../catalog/dataset';
import { constructionSignalsDataset } from '../../signals/dataset';
import { tnConParser } from './source';

/** The CON project list feeds the construction signals dataset (shared/signals/dataset.ts). */
export const tnConSignalsFeed = feedDataset(constructionSignalsDataset, {
  docs: [{ sourceId: 'tn_hfc_con', docId: 'tn_con:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'tn_con:1' ? tnConParser : undefined),
  note: "tn_hfc_con: Tennessee certificate-of-need projects (Health Facilities Commission list, every application since 2000): approved projects (action A, M or E) and pending applications are signals; denied, withdrawn, voluntarily surrendered, voided and expired ones are not (nothing will be built under them), though a withdrawn application re-filed is shown in the new filing's merged_from. value_usd is the project's total cost as the list states it (the approved cost once approved); approved_date is the meeting date of the decision; filed_date is null (the list gives the filing month only in the project number, CNyymm-nnn). The category is read from the project description; the site (street, city, ZIP) only when the description names it, else the signal is not matched.",
});
