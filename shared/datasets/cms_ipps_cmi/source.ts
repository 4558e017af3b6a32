import type { CmiRow } from '../../hospitals/profile-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { CMI_FILE, CMI_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const cmiParser = lazyParser<CmiRow>(
  CMI_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).cmiParser,
);

/** The fiscal year in the name is the version label (`FY 2025`); the parser reads it from the name too. */
export function readCmiVersion(f: FileContext): VersionReading {
  const m = CMI_FILE.exec(f.name);
  return m ? reading('file_name', `FY ${m[1]}`) : NO_READING;
}

/**
 * CMS IPPS final rule case mix index: each fiscal year's final rule publishes, per IPPS hospital,
 * the transfer-adjusted case mix index computed from the MedPAR claims of an earlier year (the CMI
 * file, and the same figure in the impact file). One file per fiscal year, its columns named
 * differently across years; a correction notice re-releases a year (the later version wins).
 */
export const source: SourceDecl = {
  sourceId: 'cms_ipps_cmi',
  title: 'IPPS final rule case mix index (CMI and impact files)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.cms.gov/medicare/payment/prospective-payment-systems/acute-inpatient-pps',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/payment/prospective-payment-systems/acute-inpatient-pps',
      kind: 'listing',
      note: 'IPPS home page: one final rule page per fiscal year, each with its case-mix index file and impact file zips.',
      follow: /^FY[ _-]?\d{4}.*(CMI|Case[ _-]?Mix|Impact).*\.zip$/i,
      followHosts: ['www.cms.gov'],
    },
  ],
  docs: [
    {
      docId: 'cmi:1',
      title: 'Case mix index by hospital (final rule CMI or impact file, one per fiscal year)',
      match: CMI_FILE,
      parser: () => cmiParser,
    },
  ],
  samples: 'shared/datasets/cms_ipps_cmi/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readCmiVersion,
};
