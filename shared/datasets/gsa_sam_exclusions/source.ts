import type { ExclusionRecord } from '../../exclusions/record';
import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { SAM_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const samParser = lazyParser<ExclusionRecord>(
  SAM_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).samParser,
);

/**
 * GSA's SAM.gov Exclusions Public Extract: every active federal exclusion (debarments, suspensions,
 * proposed debarments, voluntary exclusions, reciprocal HHS/OIG exclusions), republished whole
 * each day as `SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP` with one CSV of the same name inside.
 * The name's `YYDDD` is the extract's date (two-digit year, day of the year), read as the version
 * label and the start of its window. Downloading it needs a SAM.gov account's public API key
 * (api.sam.gov data-services extracts), so scheduled fetches follow the listing page and an
 * operator may import the file (`npm run archive -- import`).
 */
const EXTRACT = /^SAM_Exclusions_Public_Extract(?:_V(\d))?_(\d{2})(\d{3})\.(csv|zip)$/i;

/** `25156` -> `2025-06-05` (day 156 of 2025); undefined for an impossible day. */
export function julianDate(yy: string, ddd: string): string | undefined {
  const year = 2000 + Number(yy);
  const day = Number(ddd);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day < 1 || day > (leap ? 366 : 365)) return undefined;
  return new Date(Date.UTC(year, 0, day)).toISOString().slice(0, 10);
}

export function readSamVersion(f: FileContext): VersionReading {
  const m = EXTRACT.exec(f.name) ?? f.parents.map((p) => EXTRACT.exec(p)).find(Boolean);
  if (!m) return NO_READING;
  const date = julianDate(m[2]!, m[3]!);
  return date ? reading('file_name', date, { from: date, to: null }) : NO_READING;
}

export const source: SourceDecl = {
  sourceId: 'gsa_sam_exclusions',
  title: 'SAM.gov Exclusions (Public Extract)',
  publisher: 'General Services Administration (GSA), System for Award Management',
  license: { name: 'US Government work (public domain)', url: 'https://sam.gov/data-services/Exclusions' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://sam.gov/data-services/Exclusions/Public%20V2',
      kind: 'listing',
      note: 'Lists the daily public extracts SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP (download needs a SAM.gov public API key).',
    },
  ],
  docs: [
    {
      docId: 'sam:1',
      title: 'SAM.gov Exclusions Public Extract (CSV)',
      match: /^SAM_Exclusions_Public_Extract(?:_V\d)?_\d{5}\.csv$/i,
      parser: () => samParser,
    },
  ],
  samples: 'shared/datasets/gsa_sam_exclusions/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readSamVersion,
};
