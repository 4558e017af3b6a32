import { lazyParser } from '../../publishers/common/lazy';
import type { ShortageRow } from '../../rx/shortage-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { SHORTAGES_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const shortagesParser = lazyParser<ShortageRow>(
  SHORTAGES_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).shortagesParser,
);

/** The export as served (`Drugshortages.cfm` without a Content-Disposition name), saved (`Drugshortages.csv`) or dated by an importer (`Drugshortages-2025-11-03.csv`). */
export const NAMED = /^Drugshortages(\.cfm|[^/]*\.csv)$/i;

/**
 * FDA Drug Shortages Database, CDER: its CSV export of every shortage entry (current, resolved and
 * to be discontinued), served by the database's `Drugshortages.cfm` script as text/csv. FDA edits
 * entries as they change, several times a week; the export carries no release date or label, so
 * a version is in force from the day it was first archived until the next one. Weekly cadence:
 * the daily fetch catches each change within a day, and an export older than 21 days is a gap.
 */
export const source: SourceDecl = {
  sourceId: 'fda_drug_shortages',
  title: 'FDA Drug Shortages (CDER Drug Shortages Database export)',
  publisher: 'U.S. Food and Drug Administration (FDA), CDER',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.accessdata.fda.gov/scripts/drugshortages/default.cfm',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.accessdata.fda.gov/scripts/drugshortages/Drugshortages.cfm',
      kind: 'file',
      note: 'The CSV export of every entry (the database page links it as "Download Current Drug Shortages").',
    },
  ],
  docs: [
    {
      docId: 'shortages:1',
      title: 'Drug shortages export (one row per presentation and company)',
      match: NAMED,
      parser: () => shortagesParser,
    },
  ],
  samples: 'shared/datasets/fda_drug_shortages/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
