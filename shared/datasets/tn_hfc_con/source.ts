import { lazyParser } from '../../publishers/common/lazy';
import type { SignalRow } from '../../signals/signal-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { TN_CON_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const tnConParser = lazyParser<SignalRow>(
  TN_CON_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).tnConParser,
);

/**
 * The list of projects from 2000 on. The page also links the 1973-1999 list, which is not a
 * document here (decisions decades old signal no construction). The workbook's file name is not
 * documented: any .xlsx whose name says 2000 (`…2000 to Present.xlsx`); an operator can place
 * another name with `npm run archive -- import --doc tn_con:1`.
 */
export const CON_LIST = /2000.*\.xlsx$/i;

/**
 * Tennessee certificate-of-need projects: the Health Facilities Commission's (formerly the Health
 * Services and Development Agency's) list of every CON application since 2000, approved or not,
 * with its action codes, an Excel workbook linked from the agency's "Historical CON Projects"
 * page. Tennessee is used because it publishes its CON decisions in bulk in one machine-readable
 * file; New York publishes per-month HTML pages of approved and acknowledged applications and an
 * interactive system (NYSE-CON), and no bulk New York CON dataset was found (README Known gaps).
 * The agency decides at monthly meetings and the list is updated after them: monthly. The file
 * names no release: a version is in force from the day it was archived until the next.
 */
export const source: SourceDecl = {
  sourceId: 'tn_hfc_con',
  title: 'Tennessee certificate-of-need projects (Health Facilities Commission)',
  publisher: 'Tennessee Health Facilities Commission (formerly the Health Services and Development Agency)',
  license: { name: 'State of Tennessee public record', url: 'https://www.tn.gov/about-tn/web-policies.html' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.tn.gov/hsda/certificate-of-need-information/applicants-toolbox/historical-con-projects.html',
      kind: 'listing',
      note: 'Historical CON Projects: links the 1973-1999 and 2000-to-present project lists (Excel) and documents the action codes.',
      follow: CON_LIST,
      maxLinks: 2,
    },
  ],
  docs: [
    {
      docId: 'tn_con:1',
      title: 'Certificate of Need Projects 2000 to Present (XLSX)',
      match: CON_LIST,
      parser: () => tnConParser,
    },
  ],
  samples: 'shared/datasets/tn_hfc_con/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
