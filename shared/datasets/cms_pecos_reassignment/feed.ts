import { feedDataset } from '../../catalog/dataset';
import { providerLinksDataset } from '../../providers/links-dataset';
import { reassignmentParser } from './source';

/** The reassignment list feeds the provider-links dataset (shared/providers/links-dataset.ts). */
export const reassignmentLinksFeed = feedDataset(providerLinksDataset, {
  docs: [{ sourceId: 'cms_pecos_reassignment', docId: 'reassign:1', mode: 'snapshot' }],
  parserFor: (f) =>
    f.source_id === 'cms_pecos_reassignment' && f.doc_id === 'reassign:1' ? reassignmentParser : undefined,
  note: "cms_pecos_reassignment: the Revalidation Reassignment List, a row per individual NPI and the group practice (PAC ID, enrollment ID, legal business name) receiving the individual's Medicare payments. Groups are named by PAC ID and enrollment ID; the list carries no group NPI.",
});
