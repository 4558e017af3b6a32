import type { FacilityRow } from '../../facilities/facility-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { HOSPITAL_GENERAL_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const hospitalGeneralParser = lazyParser<FacilityRow>(
  HOSPITAL_GENERAL_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).hospitalGeneralParser,
);

/** The file's name as CMS serves it (no date in it). */
export const NAMED = /^Hospital_General_Information\.csv$/i;

/**
 * CMS Provider Data Catalog "Hospital General Information" (dataset xubh-q36u): one row per
 * Medicare-certified hospital with its CCN, name, address, type and ownership; refreshed with the
 * Care Compare releases (about quarterly). The file names no release, so a version is in force from
 * the day it was first archived until the next one.
 */
export const source: SourceDecl = {
  sourceId: 'cms_hospital_general_information',
  title: 'Hospital General Information (Care Compare)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/provider-data/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-data/dataset/xubh-q36u',
      kind: 'listing',
      note: 'Provider Data Catalog page of Hospital General Information (CSV download).',
      follow: NAMED,
    },
  ],
  docs: [
    {
      docId: 'hgi:1',
      title: 'Hospital General Information (one row per hospital)',
      match: NAMED,
      parser: () => hospitalGeneralParser,
    },
  ],
  samples: 'shared/datasets/cms_hospital_general_information/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
