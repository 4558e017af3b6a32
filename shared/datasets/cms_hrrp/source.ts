import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { HrrpHospitalRow } from '../../vbc/hrrp-rows';

/**
 * The HRRP hospital file of CMS's Provider Data Catalog (dataset 9n3s-kdb3), one per program fiscal
 * year: `FY_2024_Hospital_Readmissions_Reduction_Program_Hospital.csv`. The fiscal year in the
 * name is the version label; the program year's payment adjustments apply from 1 October of the
 * year before (FY 2024: 2023-10-01 to 2024-09-30), which is the effective window.
 */
const NAMED = /^FY_?(\d{4})_Hospital_Readmissions_Reduction_Program_Hospital\.csv$/i;

export function readHrrpVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  if (!m) return NO_READING;
  return fiscalYear(Number(m[1]));
}

/** FY N runs from N-1-10-01 to N-09-30. */
export function fiscalYear(fy: number): VersionReading {
  return reading('file_name', `FY ${fy}`, { from: `${fy - 1}-10-01`, to: `${fy}-09-30` });
}

/** The hospital file's parser (./parser.ts), required on first use (shared/publishers/common/lazy.ts). */
export const hrrpHospitalParser = lazyParser<HrrpHospitalRow>(
  { id: 'cms_hrrp/hospital-csv', version: '1' },
  () => (require('./parser') as typeof import('./parser')).hrrpHospitalParser,
);

export const source: SourceDecl = {
  sourceId: 'cms_hrrp',
  title: 'Hospital Readmissions Reduction Program (HRRP): hospital file',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/provider-data/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-data/dataset/9n3s-kdb3',
      kind: 'listing',
      note: 'Provider Data Catalog page of the HRRP hospital file (CSV download per fiscal year).',
      follow: NAMED,
    },
  ],
  docs: [
    {
      docId: 'hrrp:1',
      title: 'HRRP hospital file (per hospital and condition)',
      match: NAMED,
      parser: () => hrrpHospitalParser,
    },
  ],
  samples: 'shared/datasets/cms_hrrp/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readHrrpVersion,
};
