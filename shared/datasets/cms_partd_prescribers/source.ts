import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { PARTD_PRESCRIBER_PARSER_HEAD } from './head';
import type { PartdPrescriberRecord } from './parser';

/** The parser (./parser.ts), required on first use. */
export const partdPrescriberParser = lazyParser<PartdPrescriberRecord>(
  PARTD_PRESCRIBER_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).partdPrescriberParser,
);

/**
 * "Medicare Part D Prescribers - by Provider and Drug", one CSV per data year, named by release and
 * data year: `MUP_DPR_RY24_P04_V10_DY22_NPIBN.csv` (release year 2024, data year 2022). The label
 * is `DY2022 RY2024`; a release has no effective window of its own, so versions resolve by first
 * observation (a later release of the next data year replaces it).
 */
const NAMED = /^MUP_DPR_RY(\d{2})_P\d{2}_V\d{2}_DY(\d{2})_NPIBN\.csv$/i;

export function readPartdPrescriberVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  return m ? reading('file_name', `DY20${m[2]} RY20${m[1]}`) : NO_READING;
}

export const cmsPartdPrescribers: SourceDecl = {
  sourceId: 'cms_partd_prescribers',
  title: 'Medicare Part D Prescribers - by Provider and Drug',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-summary-by-type-of-service/medicare-part-d-prescribers/medicare-part-d-prescribers-by-provider-and-drug',
      kind: 'listing',
      note: 'One CSV per data year (about 25 million rows); the by-Provider and by-Geography files are not read.',
      follow: NAMED,
      followHosts: ['data.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_partd_prescribers/fixtures/manifest.json',
  docs: [
    {
      docId: 'partd_prescribers:1',
      title: 'Part D prescribers by provider and drug',
      match: NAMED,
      parser: () => partdPrescriberParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readPartdPrescriberVersion,
};
