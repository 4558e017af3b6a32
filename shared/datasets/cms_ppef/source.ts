import type { ProviderEnrollmentRow } from '../../providers/enrollment-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { PPEF_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const ppefParser = lazyParser<ProviderEnrollmentRow>(
  PPEF_HEAD,
  () => (require('./parser') as typeof import('./parser')).ppefParser,
);

/**
 * The base file of a release, named after its pull date (`PPEF_Enrollment_Extract_2025.04.01.csv`);
 * the release's other files (practice location, reassignment, secondary specialty) are not this document.
 */
export const PPEF_MATCH = /^PPEF_Enrollment_Extract.*\.csv$/i;

/**
 * Medicare Fee-For-Service Public Provider Enrollment (PPEF, PECOS): the base file, one row per
 * enrollment of a provider actively approved to bill Medicare, with its NPI, PAC ID and enrollment
 * ID. Quarterly; a release is in force from the day it was first archived (or its declared window)
 * until the next.
 */
export const source: SourceDecl = {
  sourceId: 'cms_ppef',
  title: 'Medicare Fee-For-Service Public Provider Enrollment (PPEF base file, PECOS)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-characteristics/medicare-provider-supplier-enrollment/medicare-fee-for-service-public-provider-enrollment',
      kind: 'listing',
      note: 'data.cms.gov page of the Public Provider Enrollment files (the base file is PPEF_Enrollment_Extract_<date>.csv).',
      follow: PPEF_MATCH,
    },
  ],
  docs: [
    {
      docId: 'ppef:1',
      title: 'Public Provider Enrollment base file (one row per enrollment: NPI, PAC ID, enrollment ID)',
      match: PPEF_MATCH,
      parser: () => ppefParser,
    },
  ],
  samples: 'shared/datasets/cms_ppef/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
