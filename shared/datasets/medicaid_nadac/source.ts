import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fromMdy, NO_READING, reading } from '../../sources/version-labels';
import { NADAC_PARSER_HEAD } from './head';
import type { NadacRecord } from './parser';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const nadacParser = lazyParser<NadacRecord>(
  NADAC_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).nadacParser,
);

/**
 * NADAC weekly file. The download name carries the as-of date
 * (`nadac-national-average-drug-acquisition-cost-04-29-2026.csv`); a renamed copy (`NADAC.csv`)
 * still carries it in the `As of Date` column of its first data row. The file has no effective
 * window of its own (each row carries its own effective date), so versions resolve by first
 * observation; the as-of date is the version label. A file of several weeks (data.medicaid.gov's
 * year-to-date or yearly NADAC download) is its last week: see `latestAsOfDate` in ./parser.ts.
 */
const NAMED = /(\d{2}-\d{2}-\d{4})\.csv$/i;

export function readNadacVersion(f: FileContext): VersionReading {
  const named = NAMED.exec(f.name);
  const fromName = named ? fromMdy(named[1]!) : null;
  if (fromName) return reading('file_name', fromName);
  // Every complete line of the head (the last may be cut): a file of several weeks is labelled by
  // the latest as-of date its head shows (its parser keeps that week's rows: ./parser.ts).
  const lines = f.head.toString('utf8').split(/\r?\n/);
  if (lines.length < 2) return NO_READING;
  const header = splitCsvLine(lines[0]!);
  const i = header.findIndex((h) => h.trim().toLowerCase() === 'as of date');
  if (i < 0) return NO_READING;
  let asOf: string | null = null;
  for (const line of lines.slice(1, lines.length > 2 ? -1 : undefined)) {
    const cell = splitCsvLine(line)[i];
    const d = cell ? fromMdy(cell) : null;
    if (d && (!asOf || d > asOf)) asOf = d;
  }
  return asOf ? reading('content', asOf) : NO_READING;
}

/** One CSV record on one line (RFC 4180 quoting); enough for a header and a first row. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export const medicaidNadac: SourceDecl = {
  sourceId: 'medicaid_nadac',
  title: 'National Average Drug Acquisition Cost (NADAC)',
  publisher: 'Centers for Medicare & Medicaid Services (Medicaid)',
  license: { name: 'US Government work (public domain)', url: 'https://data.medicaid.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://data.medicaid.gov/dataset/nadac-national-average-drug-acquisition-cost',
      kind: 'listing',
      note: 'Weekly CSV download per as-of date.',
      // Files are served from download.medicaid.gov; the same family also has
      // nadac-comparison-*.csv and first-time-nadac-rates-*.csv, which are not this document.
      follow: /^nadac-national-average-drug-acquisition-cost-\d{2}-\d{2}-\d{4}\.csv$/i,
      followHosts: ['download.medicaid.gov'],
    },
  ],
  samples: 'shared/datasets/medicaid_nadac/fixtures/manifest.json',
  docs: [
    {
      docId: 'nadac:1',
      title: 'NADAC weekly file',
      match: /^(nadac.*\.csv|NADAC\.csv)$/i,
      parser: () => nadacParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readNadacVersion,
};
