import { CHOW_FACILITY_TYPES, type ChowFacilityType, type ChowRow } from '../../companies/chow-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { PublisherParser } from '../../publishers/common/types';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { CHOW_FILES, CHOW_HEADS } from './head';

/** Each CHOW file's parser (./parser.ts), required on first use (heads in ./head.ts). */
export const chowParsers = Object.fromEntries(
  CHOW_FACILITY_TYPES.map((t) => [
    t,
    lazyParser<ChowRow>(CHOW_HEADS[t], () => (require('./parser') as typeof import('./parser')).chowParsers[t]),
  ]),
) as Record<ChowFacilityType, PublisherParser<ChowRow>>;

export const CHOW_DOC: Record<ChowFacilityType, string> = { hospital: 'chow:1', snf: 'chow:2' };

/**
 * The release in the name is the label (`2025 Q1`, `2024-10-01`); no window: CMS publishes each
 * cumulative file some weeks after its quarter, so a version is in force from the day it was archived.
 */
export function readChowVersion(f: FileContext): VersionReading {
  for (const re of Object.values(CHOW_FILES)) {
    const m = re.exec(f.name);
    if (m) return reading('file_name', m[2] ? `${m[1]} Q${m[2]}` : `${m[1]}-${m[3]}-${m[4]}`);
  }
  return NO_READING;
}

const TITLES: Record<ChowFacilityType, string> = {
  hospital: 'Hospital Change of Ownership',
  snf: 'Skilled Nursing Facility Change of Ownership',
};

/**
 * CMS change of ownership (CHOW) files from Medicare provider enrollment (PECOS), one per facility
 * type: every ownership change since 2016 with the buyer and seller enrollments (organization
 * names, CCN, NPI), the CHOW type (CHOW, Acquisition/Merger, Consolidation) and its effective date.
 * Cumulative and refreshed quarterly.
 */
export const source: SourceDecl = {
  sourceId: 'cms_chow',
  title: 'CMS change of ownership (Hospital and SNF CHOW)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-characteristics/hospitals-and-other-facilities/hospital-change-of-ownership',
      kind: 'listing',
      note: 'Hospital CHOW dataset page (CSV per release).',
      follow: CHOW_FILES.hospital,
    },
    {
      url: 'https://data.cms.gov/provider-characteristics/hospitals-and-other-facilities/skilled-nursing-facility-change-of-ownership',
      kind: 'listing',
      note: 'SNF CHOW dataset page (CSV per release).',
      follow: CHOW_FILES.snf,
    },
  ],
  docs: CHOW_FACILITY_TYPES.map((t) => ({
    docId: CHOW_DOC[t],
    title: `${TITLES[t]} (one row per buyer, seller and effective date)`,
    match: CHOW_FILES[t],
    parser: () => chowParsers[t],
  })),
  samples: 'shared/datasets/cms_chow/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readChowVersion,
};
