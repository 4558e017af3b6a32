import type { PepRow } from '../../hospitals/profile-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { DELINEATION_FILE, PEP_FILE, PEP_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const pepParser = lazyParser<PepRow>(
  PEP_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).pepParser,
);

/** The vintage in the name is the version label (`Vintage 2024`); the delineation's year (`July 2023`) is its own. */
export function readPepVersion(f: FileContext): VersionReading {
  const m = PEP_FILE.exec(f.name);
  if (m) return reading('file_name', `Vintage ${m[1]}`);
  const d = DELINEATION_FILE.exec(f.name);
  return d ? reading('file_name', `Delineation ${d[1]}`) : NO_READING;
}

/**
 * U.S. Census Bureau Population Estimates Program (PEP): annual July 1 estimates of the
 * metropolitan and micropolitan statistical areas (CBSAs), their metropolitan divisions and
 * counties, one file per vintage. Each vintage re-estimates every year of its decade since the
 * last census, so a later vintage revises the figures of earlier ones. The areas are OMB's
 * delineation (list1_<year>.xlsx), archived as a second document.
 */
export const source: SourceDecl = {
  sourceId: 'census_pep_cbsa',
  title: 'Census population estimates: metropolitan and micropolitan statistical areas',
  publisher: 'U.S. Census Bureau, Population Division',
  license: { name: 'US Government work (public domain)', url: 'https://www.census.gov/programs-surveys/popest.html' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www2.census.gov/programs-surveys/popest/datasets/2020-2024/metro/totals/',
      kind: 'listing',
      note: 'Vintage 2024 metro and micro totals: cbsa-est2024-alldata.csv (file layout: CBSA-EST2024-ALLDATA.pdf).',
      follow: PEP_FILE,
      followHosts: ['www2.census.gov'],
    },
    {
      url: 'https://www.census.gov/geographies/reference-files/time-series/demo/metro-micro/delineation-files.html',
      kind: 'listing',
      note: 'OMB delineation files (list1_<year>.xlsx: CBSAs, divisions and their counties).',
      follow: DELINEATION_FILE,
      followHosts: ['www2.census.gov'],
    },
  ],
  docs: [
    {
      docId: 'pep:1',
      title: 'CBSA population estimates, all data (one file per vintage)',
      match: PEP_FILE,
      parser: () => pepParser,
    },
    // Archived for the record of which delineation the estimates use; no layout reads it yet
    // (the estimates file carries each area's title and type).
    { docId: 'pep:2', title: 'OMB delineation file (list 1)', match: DELINEATION_FILE },
  ],
  samples: 'shared/datasets/census_pep_cbsa/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readPepVersion,
};
