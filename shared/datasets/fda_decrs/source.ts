import { lazyParser } from '../../publishers/common/lazy';
import type { EstablishmentRow } from '../../rx/establishment-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { DECRS_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const decrsParser = lazyParser<EstablishmentRow>(
  DECRS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).decrsParser,
);

/**
 * FDA Drug Establishments Current Registration Site (DECRS, CDER): the currently registered drug
 * establishments, downloaded as drls_reg.zip (drls_reg.txt, tab-delimited, and a drls_reg.xls twin).
 * FDA rewrites it each business day and names no release, so a version is in force from the day it
 * was first archived until the next. The "Excluded" download (drls_excluded.zip) is archived as a
 * file without a document: its layout is not documented where this repository could read it.
 */
export const source: SourceDecl = {
  sourceId: 'fda_decrs',
  title: 'FDA Drug Establishments Current Registration Site',
  publisher: 'U.S. Food and Drug Administration (FDA), CDER',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.fda.gov/drugs/drug-approvals-and-databases/drug-establishments-current-registration-site',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.accessdata.fda.gov/cder/drls_reg.zip',
      kind: 'file',
      note: 'Drug establishment annual registration status download: drls_reg.txt (tab-delimited) and drls_reg.xls.',
    },
    {
      url: 'https://www.accessdata.fda.gov/cder/drls_excluded.zip',
      kind: 'file',
      note: 'Drug establishment annual registration status (Excluded) download: archived, not read.',
    },
  ],
  docs: [
    {
      docId: 'decrs:1',
      title: 'Registered drug establishments (drls_reg.txt)',
      match: /^drls_reg\.txt$/i,
      parser: () => decrsParser,
    },
  ],
  samples: 'shared/datasets/fda_decrs/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
