import type { ProviderLinkRow } from '../../providers/links-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { DAC_FACILITY_HEAD, DAC_NATIONAL_HEAD } from './head';

/** The parsers (./parser.ts), required on first use (heads in ./head.ts). */
export const dacNationalParser = lazyParser<ProviderLinkRow>(
  DAC_NATIONAL_HEAD,
  () => (require('./parser') as typeof import('./parser')).dacNationalParser,
);
export const dacFacilityParser = lazyParser<ProviderLinkRow>(
  DAC_FACILITY_HEAD,
  () => (require('./parser') as typeof import('./parser')).dacFacilityParser,
);

export const NATIONAL_MATCH = /^DAC_NationalDownloadableFile([-_ ].*)?\.csv$/i;
export const FACILITY_MATCH = /^Facility_Affiliation([-_ ].*)?\.csv$/i;

/**
 * CMS Doctors and Clinicians (Care Compare, Provider Data Catalog): the national downloadable file
 * (one row per clinician, Medicare enrollment, group practice and address, about 2.7 million rows)
 * and its facility-affiliation file (one row per clinician and facility CCN: hospitals, home health
 * agencies, hospices, nursing homes, dialysis facilities, inpatient rehabilitation facilities and
 * long-term care hospitals). Neither name carries a release date: a file is in force from the day it
 * was first archived (or its declared window) until the next.
 */
export const source: SourceDecl = {
  sourceId: 'cms_dac',
  title: 'Doctors and Clinicians national file and facility affiliations (Care Compare)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/provider-data/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-data/dataset/mj5m-pzi6',
      kind: 'listing',
      note: 'Provider Data Catalog page of the Doctors and Clinicians National Downloadable File (CSV download).',
      follow: NATIONAL_MATCH,
    },
    {
      url: 'https://data.cms.gov/provider-data/dataset/27ea-46a8',
      kind: 'listing',
      note: 'Provider Data Catalog page of the Doctors and Clinicians Facility Affiliation file (CSV download).',
      follow: FACILITY_MATCH,
    },
  ],
  docs: [
    {
      docId: 'dac:1',
      title: 'Doctors and Clinicians national downloadable file (one row per clinician, enrollment and address)',
      match: NATIONAL_MATCH,
      parser: () => dacNationalParser,
    },
    {
      docId: 'dac:2',
      title: 'Doctors and Clinicians facility affiliations (one row per clinician and facility CCN)',
      match: FACILITY_MATCH,
      parser: () => dacFacilityParser,
    },
  ],
  samples: 'shared/datasets/cms_dac/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
