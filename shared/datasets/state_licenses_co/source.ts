import type { LicenseRow } from '../../providers/licenses/rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { CO_COVERAGE, CO_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const coParser = lazyParser<LicenseRow>(
  CO_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).coParser,
);

/**
 * Colorado Department of Regulatory Agencies, Division of Professions and Occupations: every licence
 * it issues, one CSV on the Colorado Information Marketplace (Socrata). The export names no date:
 * each archived copy is a snapshot from the day it was observed (version method `none`).
 */
export const source: SourceDecl = {
  sourceId: CO_COVERAGE.sourceId,
  title: 'Colorado DORA professional and occupational licences',
  publisher: 'Colorado Department of Regulatory Agencies, Division of Professions and Occupations',
  license: { name: 'Colorado Information Marketplace terms (public records)', url: 'https://data.colorado.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.colorado.gov/api/views/7s5z-vewr/rows.csv?accessType=DOWNLOAD',
      kind: 'file',
      note: 'Every DORA licence with its discipline columns, one CSV; archived weekly (dataset id not verified in this session).',
    },
  ],
  samples: 'shared/datasets/state_licenses_co/fixtures/manifest.json',
  docs: [
    {
      docId: CO_COVERAGE.docId,
      title: 'Professional and Occupational Licenses in Colorado (CSV export)',
      match: /^(rows|professional_and_occupational_licenses.*|7s5z-vewr.*)\.csv$/i,
      parser: () => coParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
