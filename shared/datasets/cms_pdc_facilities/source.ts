import { FACILITY_DOC, FACILITY_TYPES, type FacilityType, type PdcFacilityRow } from '../../facilities/pdc-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { PublisherParser } from '../../publishers/common/types';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { monthNumber, NO_READING, reading } from '../../sources/version-labels';
import { PDC_PARSER_HEADS } from './head';

/** Each facility file's parser (./parser.ts), required on first use (heads in ./head.ts). */
export const pdcParsers = Object.fromEntries(
  FACILITY_TYPES.map((t) => [
    t,
    lazyParser<PdcFacilityRow>(
      PDC_PARSER_HEADS[t],
      () => (require('./parser') as typeof import('./parser')).pdcFacilityParsers[t],
    ),
  ]),
) as Record<FacilityType, PublisherParser<PdcFacilityRow>>;

/**
 * The file of each facility type as the Provider Data Catalog serves it (the release month in the
 * name where CMS puts one, `NH_ProviderInfo_Aug2021.csv`), its PDC dataset id and title.
 */
export const PDC_FILES: Record<FacilityType, { match: RegExp; dataset: string; title: string }> = {
  nursing_home: {
    match: /^NH_ProviderInfo(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: '4pq5-n9py',
    title: 'Nursing Home Provider Information',
  },
  hospice: {
    match: /^Hospice_General[-_]Information(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: 'yc9t-dgbk',
    title: 'Hospice General Information',
  },
  home_health: {
    match: /^HH_Provider(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: '6jpm-sxkc',
    title: 'Home Health Care Agencies',
  },
  dialysis: {
    match: /^DFC_FACILITY(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: '23ew-n7w9',
    title: 'Dialysis Facility listing',
  },
  irf: {
    match: /^Inpatient_Rehabilitation_Facility[-_]General_Information(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: '7t8x-u3ir',
    title: 'Inpatient Rehabilitation Facility General Information',
  },
  ltch: {
    match: /^Long[-_]Term_Care_Hospital[-_]General_Information(_[A-Za-z]{3}\d{4})?\.csv$/i,
    dataset: 'azum-44iv',
    title: 'Long-Term Care Hospital General Information',
  },
};

const MONTH = /_([A-Za-z]{3})(\d{4})\.csv$/;

/** The release month of a name such as `NH_ProviderInfo_Aug2021.csv` (in force from its first day); none otherwise. */
export function readPdcVersion(f: FileContext): VersionReading {
  const m = MONTH.exec(f.name);
  const month = m ? monthNumber(m[1]!) : null;
  if (!m || !month) return NO_READING;
  const label = `${m[2]}-${String(month).padStart(2, '0')}`;
  return reading('file_name', label, { from: `${label}-01`, to: null });
}

/**
 * CMS Provider Data Catalog facility files (Care Compare), one document per facility type: one row
 * per Medicare-certified facility with its CCN, name, address, county, ownership and certification
 * date, refreshed with the Care Compare releases (monthly for nursing homes, quarterly for the
 * others). A file whose name carries no release month is in force from the day it was first
 * archived until the next one.
 */
export const source: SourceDecl = {
  sourceId: 'cms_pdc_facilities',
  title: 'Provider Data Catalog facility files (Care Compare)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/provider-data/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: FACILITY_TYPES.map((t) => ({
    url: `https://data.cms.gov/provider-data/dataset/${PDC_FILES[t].dataset}`,
    kind: 'listing' as const,
    note: `Provider Data Catalog page of ${PDC_FILES[t].title} (CSV download).`,
    follow: PDC_FILES[t].match,
  })),
  docs: FACILITY_TYPES.map((t) => ({
    docId: FACILITY_DOC[t],
    title: `${PDC_FILES[t].title} (one row per facility)`,
    match: PDC_FILES[t].match,
    parser: () => pdcParsers[t],
  })),
  samples: 'shared/datasets/cms_pdc_facilities/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readPdcVersion,
};
