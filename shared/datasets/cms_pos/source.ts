import type { PosRow } from '../../hospitals/profile-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { POS_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const posParser = lazyParser<PosRow>(
  POS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).posParser,
);

/** The quarterly CSV as data.cms.gov names it: `POS_File_Hospital_Non_Hospital_Facilities_Q4_2024.csv`. */
export const POS_FILE = /^POS_File_Hospital_Non_Hospital_Facilities_Q([1-4])_(\d{4})\.csv$/i;

/**
 * The quarter in the file name is the version label (`Q4 2024`). CMS extracts the file at the
 * quarter's end and publishes it weeks later without an effective date, so a version is in force
 * from the day the archive first saw it until the next quarter's file.
 */
export function readPosVersion(f: FileContext): VersionReading {
  const m = POS_FILE.exec(f.name);
  if (!m) return NO_READING;
  return reading('file_name', `Q${m[1]} ${m[2]}`);
}

/**
 * CMS Provider of Services (POS) file, hospital and non-hospital facilities: one row per
 * Medicare-certified provider (CCN) with its certification, accreditation, medical school
 * affiliation, location (CBSA) and, for hospitals, the services it offers. Quarterly.
 */
export const source: SourceDecl = {
  sourceId: 'cms_pos',
  title: 'Provider of Services File - Hospital & Non-Hospital Facilities',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-characteristics/hospitals-and-other-facilities/provider-of-services-file-hospital-non-hospital-facilities',
      kind: 'listing',
      note: 'data.cms.gov dataset page: one CSV per quarter, with the record layout (data dictionary PDF).',
      follow: POS_FILE,
      followHosts: ['data.cms.gov'],
    },
  ],
  docs: [
    {
      docId: 'pos:1',
      title: 'POS hospital and non-hospital facilities (quarterly CSV)',
      match: POS_FILE,
      parser: () => posParser,
    },
  ],
  samples: 'shared/datasets/cms_pos/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readPosVersion,
};
