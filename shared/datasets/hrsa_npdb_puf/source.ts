import type { NpdbRow } from '../../providers/licenses/rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { NPDB_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const npdbParser = lazyParser<NpdbRow>(
  NPDB_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).npdbParser,
);

/**
 * HRSA's National Practitioner Data Bank Public Use Data File: every report the NPDB received since
 * September 1990 (malpractice payments and adverse actions), de-identified, one row per report,
 * republished about twice a year as NPDByymm.POR / .DAT / .CSV. Only the CSV is read. The name's
 * yymm is kept as the publisher's label by the archive; versions are in force from the day
 * observed (version method `none`), since the name's month and the data's closing date differ.
 */
export const source: SourceDecl = {
  sourceId: 'hrsa_npdb_puf',
  title: 'National Practitioner Data Bank public use data file',
  publisher: 'Health Resources and Services Administration (HRSA), National Practitioner Data Bank',
  license: { name: 'US Government work (public domain)', url: 'https://www.npdb.hrsa.gov/resources/publicData.jsp' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.npdb.hrsa.gov/resources/publicData.jsp',
      kind: 'listing',
      note: 'The download page of the public use file (SPSS, ASCII and CSV forms); the CSV is the document read. Published about twice a year; checked quarterly.',
    },
  ],
  samples: 'shared/datasets/hrsa_npdb_puf/fixtures/manifest.json',
  docs: [
    {
      docId: 'npdb_puf:1',
      title: 'NPDB Public Use Data File, CSV form (NPDByymm.CSV)',
      match: /^NPDB\d{4}\.CSV$/i,
      parser: () => npdbParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
