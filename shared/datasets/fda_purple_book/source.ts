import { lazyParser } from '../../publishers/common/lazy';
import type { PurpleBookRow } from '../../rx/purple-book-rows';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { monthYearIn, NO_READING, reading } from '../../sources/version-labels';
import { PURPLE_BOOK_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const purpleBookParser = lazyParser<PurpleBookRow>(
  PURPLE_BOOK_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).purpleBookParser,
);

/**
 * The month a download names (`purplebook-search-january-2025-data-download.csv`) or its first
 * lines print, as `YYYY-MM`; no window (a monthly extract is in force from the day it was archived
 * until the next one), so versions without a month resolve by first observation.
 */
export function readPurpleBookVersion(f: FileContext): VersionReading {
  const my = monthYearIn(f.name.replace(/[-_]/g, ' '));
  if (my) return reading('file_name', `${my.year}-${String(my.month).padStart(2, '0')}`);
  const inHead = monthYearIn(f.head.toString('utf8').split(/\r?\n/, 3).join(' '));
  return inHead ? reading('content', `${inHead.year}-${String(inHead.month).padStart(2, '0')}`) : NO_READING;
}

/**
 * FDA Purple Book: Database of Licensed Biological Products, monthly data download (CSV): every
 * licensed biological product (CDER and CBER) with its BLA type (351(a), 351(k) biosimilar or
 * interchangeable), its reference product for 351(k) products, and exclusivity dates.
 */
export const source: SourceDecl = {
  sourceId: 'fda_purple_book',
  title: 'FDA Purple Book (licensed biological products, biosimilars and interchangeables)',
  publisher: 'U.S. Food and Drug Administration (FDA)',
  license: { name: 'US Government work (public domain)', url: 'https://purplebooksearch.fda.gov/downloads' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://purplebooksearch.fda.gov/downloads',
      kind: 'listing',
      note: 'One CSV per month ("Purple Book Database Extract" section after the month’s changes).',
      follow: /^purplebook-search-.*data-download\.csv$/i,
    },
  ],
  docs: [
    {
      docId: 'purplebook:1',
      title: 'Purple Book monthly data download (CSV)',
      match: /^purplebook.*\.csv$/i,
      parser: () => purpleBookParser,
    },
  ],
  samples: 'shared/datasets/fda_purple_book/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readPurpleBookVersion,
};
