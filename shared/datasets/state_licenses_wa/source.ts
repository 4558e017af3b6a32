import type { LicenseRow } from '../../providers/licenses/rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { WA_COVERAGE, WA_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const waParser = lazyParser<LicenseRow>(
  WA_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).waParser,
);

/**
 * Washington State Department of Health provider credentials, the bulk CSV of data.wa.gov
 * (Socrata dataset qxh8-f4bd). The export names no date: each archived copy is a snapshot in force
 * from the day it was observed until the next (version method `none`).
 */
export const source: SourceDecl = {
  sourceId: WA_COVERAGE.sourceId,
  title: 'Washington DOH health care provider credential data',
  publisher: 'Washington State Department of Health (data.wa.gov)',
  license: { name: 'Washington State open data (public records)', url: 'https://data.wa.gov/d/qxh8-f4bd' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.wa.gov/api/views/qxh8-f4bd/rows.csv?accessType=DOWNLOAD',
      kind: 'file',
      note: 'Every credential, one CSV (about 2.4 million rows); the portal refreshes it daily, archived weekly.',
    },
  ],
  samples: 'shared/datasets/state_licenses_wa/fixtures/manifest.json',
  docs: [
    {
      docId: WA_COVERAGE.docId,
      title: 'Health Care Provider Credential Data (CSV export)',
      match: /^(rows|health_care_provider_credential_data.*|qxh8-f4bd.*)\.csv$/i,
      parser: () => waParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
