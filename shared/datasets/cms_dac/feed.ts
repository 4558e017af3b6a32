import { feedDataset } from '../../catalog/dataset';
import { providerLinksDataset } from '../../providers/links-dataset';
import { dacFacilityParser, dacNationalParser } from './source';

/** Both DAC files feed the provider-links dataset (shared/providers/links-dataset.ts). */
export const dacLinksFeed = feedDataset(providerLinksDataset, {
  docs: [
    { sourceId: 'cms_dac', docId: 'dac:1', mode: 'snapshot' },
    { sourceId: 'cms_dac', docId: 'dac:2', mode: 'snapshot' },
  ],
  parserFor: (f) =>
    f.source_id !== 'cms_dac'
      ? undefined
      : f.doc_id === 'dac:1'
        ? dacNationalParser
        : f.doc_id === 'dac:2'
          ? dacFacilityParser
          : undefined,
  note: 'cms_dac: the Doctors and Clinicians national file (a row per clinician, enrollment, group practice and address; group practice by org_pac_id) and its facility-affiliation file (a row per clinician and facility CCN, with the facility type and, for units, the parent hospital CCN). Both are built by CMS from PECOS enrollment and claims; an affiliation means the clinician billed at or is enrolled with the facility, not employment.',
});
