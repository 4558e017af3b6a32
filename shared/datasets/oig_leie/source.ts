import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fullYear, NO_READING, reading } from '../../sources/version-labels';
import type { LeieRecord } from './parser';

/**
 * OIG exclusion list. `UPDATED.csv` is the full database, re-served under the same name each
 * month: its label (e.g. "07-2026") is on the publisher's listing page, so the fetcher or the
 * import command supplies it. The monthly supplements name their month (`2607EXCL.csv`,
 * `2607REIN.csv`). None carries an effective window: versions resolve by first observation.
 */
const SUPPLEMENT = /^(\d{2})(\d{2})(EXCL|REIN)\.csv$/i;

export function readLeieVersion(f: FileContext): VersionReading {
  const m = SUPPLEMENT.exec(f.name);
  if (!m) return NO_READING;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return NO_READING;
  return reading('file_name', `${fullYear(m[1]!)}-${m[2]}`);
}

/** The LEIE file's parser (./parser.ts), required on first use (shared/publishers/common/lazy.ts). */
export const leieParser = lazyParser<LeieRecord>(
  { id: 'oig_leie/leie-csv', version: '1', resumable: true },
  () => (require('./parser') as typeof import('./parser')).leieParser,
);

export const source: SourceDecl = {
  sourceId: 'oig_leie',
  title: 'List of Excluded Individuals/Entities (LEIE)',
  publisher: 'HHS Office of Inspector General (OIG)',
  license: { name: 'US Government work (public domain)', url: 'https://oig.hhs.gov/exclusions/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    { url: 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv', kind: 'file', note: 'Full database.' },
    {
      url: 'https://oig.hhs.gov/exclusions/exclusions_list.asp',
      kind: 'listing',
      note: 'Names the month of UPDATED.csv and links the monthly supplements.',
    },
    {
      // Links every month's supplements kept online: downloadables/<YYYY>/<YYMM>excl.csv and …rein.csv.
      url: 'https://oig.hhs.gov/exclusions/leie-database-supplement-downloads/',
      kind: 'listing',
      note: 'Monthly exclusion and reinstatement supplements.',
    },
  ],
  // The full list and both supplements share one layout (./parser.ts).
  docs: [
    { docId: 'leie:1', title: 'LEIE full database (UPDATED.csv)', match: /^UPDATED\.csv$/i, parser: () => leieParser },
    {
      docId: 'leie:2',
      title: 'LEIE monthly exclusions supplement',
      match: /^\d{4}EXCL\.csv$/i,
      parser: () => leieParser,
    },
    {
      docId: 'leie:3',
      title: 'LEIE monthly reinstatements supplement',
      match: /^\d{4}REIN\.csv$/i,
      parser: () => leieParser,
    },
  ],
  samples: 'shared/datasets/oig_leie/fixtures/manifest.json',
  versionMethod: 'listing',
  readVersion: readLeieVersion,
};
