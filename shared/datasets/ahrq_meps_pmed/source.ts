import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, SourceUrl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { MepsPersonDrugRecord, MepsPersonRecord } from './head';
import { FYC_PARSER_HEAD, PMED_PARSER_HEAD } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const pmedParser = lazyParser<MepsPersonDrugRecord>(PMED_PARSER_HEAD, () => load().pmedParser);
export const fycParser = lazyParser<MepsPersonRecord>(FYC_PARSER_HEAD, () => load().fycParser);

/**
 * AHRQ names each public-use file by its HC number: `h229a.xlsx` is HC-229A (2021 prescribed
 * medicines), `h233.xlsx` HC-233 (2021 full-year consolidated), each shipped as `<name>xlsx.zip`.
 * The number does not say the year (the parsers read it from the PERWTyyF column); the label is the
 * HC number.
 */
export const PMED_FILE = /^h(\d{2,3})a\.xlsx$/i;
export const FYC_FILE = /^h(\d{2,3})\.xlsx$/i;

export function readMepsVersion(f: FileContext): VersionReading {
  const m = PMED_FILE.exec(f.name);
  if (m) return reading('file_name', `HC-${m[1]}A`);
  const n = FYC_FILE.exec(f.name);
  return n ? reading('file_name', `HC-${n[1]}`) : NO_READING;
}

/** The years whose files are declared by URL (HC numbers from AHRQ's data-files list). */
const YEARS: readonly { year: number; pmed: string; fyc: string }[] = [
  { year: 2021, pmed: 'h229a', fyc: 'h233' },
  { year: 2022, pmed: 'h239a', fyc: 'h243' },
  { year: 2023, pmed: 'h248a', fyc: 'h251' },
];

export const source: SourceDecl = {
  sourceId: 'ahrq_meps_pmed',
  title: 'MEPS Household Component: prescribed medicines and full-year consolidated files',
  publisher: 'Agency for Healthcare Research and Quality (AHRQ)',
  license: {
    name: 'US Government work (public domain), under the MEPS data use agreement (no re-identification)',
    url: 'https://meps.ahrq.gov/mepsweb/data_stats/download_data_files.jsp',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://meps.ahrq.gov/mepsweb/data_stats/download_data_files.jsp',
      kind: 'listing',
      note: 'MEPS data files: one prescribed-medicines file (HC-xxxA) and one full-year consolidated file (HC-xxx) per data year, each also in XLSX (hxxxaxlsx.zip, hxxxxlsx.zip).',
      follow: /h\d{2,3}a?xlsx\.zip$/i,
      followHosts: ['meps.ahrq.gov'],
    },
    ...YEARS.flatMap((y): SourceUrl[] => [
      {
        url: `https://meps.ahrq.gov/data_files/pufs/${y.pmed}/${y.pmed}xlsx.zip`,
        kind: 'file',
        note: `${y.year} prescribed medicines (${y.pmed.toUpperCase()}), XLSX.`,
      },
      {
        url: `https://meps.ahrq.gov/data_files/pufs/${y.fyc}/${y.fyc}xlsx.zip`,
        kind: 'file',
        note: `${y.year} full-year consolidated file (${y.fyc.toUpperCase()}), XLSX.`,
      },
    ]),
  ],
  docs: [
    {
      docId: 'meps:1',
      title: 'Prescribed medicines (HC-xxxA), one file per data year',
      match: PMED_FILE,
      parser: () => pmedParser,
    },
    {
      docId: 'meps:2',
      title: 'Full-year consolidated file (HC-xxx), one per data year',
      match: FYC_FILE,
      parser: () => fycParser,
    },
  ],
  samples: 'shared/datasets/ahrq_meps_pmed/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readMepsVersion,
};
