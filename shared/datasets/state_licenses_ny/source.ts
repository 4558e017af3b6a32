import type { LicenseRow } from '../../providers/licenses/rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { NY_COVERAGE, NY_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const nyParser = lazyParser<LicenseRow>(
  NY_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).nyParser,
);

/**
 * New York State Department of Health, Office of Professional Medical Conduct: the Board for
 * Professional Medical Conduct's actions against physicians, physician assistants and specialist
 * assistants, one CSV on health.data.ny.gov (Socrata). The export names no date: each archived
 * copy is a snapshot from the day it was observed (version method `none`).
 */
export const source: SourceDecl = {
  sourceId: NY_COVERAGE.sourceId,
  title: 'New York Professional Medical Conduct board actions',
  publisher: 'New York State Department of Health, Office of Professional Medical Conduct',
  license: { name: 'Health Data NY terms of use (public records)', url: 'https://health.data.ny.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://health.data.ny.gov/api/views/ebmi-8ctw/rows.csv?accessType=DOWNLOAD',
      kind: 'file',
      note: 'Every OPMC board action since 1990, one CSV; archived weekly (dataset id not verified in this session).',
    },
  ],
  samples: 'shared/datasets/state_licenses_ny/fixtures/manifest.json',
  docs: [
    {
      docId: NY_COVERAGE.docId,
      title: 'Professional Medical Conduct Board Actions (CSV export)',
      match: /^(rows|professional_medical_conduct_board_actions.*|ebmi-8ctw.*)\.csv$/i,
      parser: () => nyParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
