import { feedDataset } from '../../catalog/dataset';
import { providerEnrollmentsDataset } from '../../providers/enrollment-dataset';
import { ppefParser } from './source';

/** The PPEF base file feeds the provider-enrollments dataset (shared/providers/enrollment-dataset.ts). */
export const ppefEnrollmentsFeed = feedDataset(providerEnrollmentsDataset, {
  docs: [{ sourceId: 'cms_ppef', docId: 'ppef:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_ppef' && f.doc_id === 'ppef:1' ? ppefParser : undefined),
  note: 'cms_ppef: the Public Provider Enrollment base file, a row per Medicare FFS enrollment (NPI, PAC ID, enrollment ID, provider type, state, name). It is the only source here that publishes the NPI of a group named by PAC ID or enrollment ID; MULTIPLE_NPI_FLAG = Y marks a provider with more than one NPI.',
});
