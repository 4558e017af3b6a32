import type { ProviderLinkRow } from '../../providers/links-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { REASSIGNMENT_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const reassignmentParser = lazyParser<ProviderLinkRow>(
  REASSIGNMENT_HEAD,
  () => (require('./parser') as typeof import('./parser')).reassignmentParser,
);

/** data.cms.gov names the download after the dataset and its release (`Revalidation_Reassignment_List_...csv`). */
export const REASSIGNMENT_MATCH = /^(Revalidation_)?(Clinic_Group_Practice_)?Reassignment.*\.csv$/i;

/**
 * Medicare fee-for-service reassignments (PECOS): the Revalidation Reassignment List, one row per
 * individual practitioner and the group practice receiving the individual's Medicare payments. The
 * release is not dated in the name: a file is in force from the day it was first archived (or its
 * declared window) until the next.
 */
export const source: SourceDecl = {
  sourceId: 'cms_pecos_reassignment',
  title: 'Medicare reassignments (Revalidation Reassignment List, PECOS)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-characteristics/medicare-provider-supplier-enrollment/revalidation-reassignment-list',
      kind: 'listing',
      note: 'data.cms.gov page of the Revalidation Reassignment List (CSV download).',
      follow: REASSIGNMENT_MATCH,
    },
  ],
  docs: [
    {
      docId: 'reassign:1',
      title: 'Revalidation Reassignment List (one row per individual and receiving group)',
      match: REASSIGNMENT_MATCH,
      parser: () => reassignmentParser,
    },
  ],
  samples: 'shared/datasets/cms_pecos_reassignment/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
