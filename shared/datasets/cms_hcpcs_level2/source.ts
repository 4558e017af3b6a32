import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fullYear, monthNumber, NO_READING, reading } from '../../sources/version-labels';
import { hcpcsAnwebParser } from './anweb';
import { hcpcsCsvParser } from './csv';
import { hcpcsXlsxParser } from './xlsx';

/**
 * HCPCS Level II record file ("ANWEB"), as CMS names it inside the release zips, in its three forms:
 * the fixed-width `.txt`, the `.xlsx` shipped beside it, and a `.csv` saved from that workbook
 * (case-insensitive). Names seen across releases:
 * - annual: `HCPC2019_CONTR_ANWEB.txt` / `.xlsx`, `HCPC17_CONTR_ANWEB.xlsx` (two-digit year),
 *   `HCPC2018_CONTR_ANWEB_disc.txt` (with discontinued codes);
 * - quarterly: `HCPC2025_JUL_ANWEB.txt`, `HCPC2021_APR_CONTR_ANWEB.xlsx`,
 *   `HCPC2020_APRIL_ANWEB_w_disclaimer_v5.xlsx` (full month name);
 * - reissues of a quarter: `HCPC2024_OCT_ANWEB_v3.txt`, `HCPC2025_JAN_ANWEB_v2.xlsx`, and the
 *   posting date instead (`HCPC2026_JAN_ANWEB_01122026.txt`, MMDDYYYY).
 * The zip's other members (readme, change reports `..._Changes...`, `HCPC2019_Trans_Alpha.xlsx`,
 * `proc_notes_2019.txt`, the record layout) are not the record file, nor is the legacy `.xls`.
 */
const ANWEB =
  /^HCPC(\d{4}|\d{2})(?:_(JAN(?:UARY)?|APR(?:IL)?|JUL(?:Y)?|OCT(?:OBER)?))?(?:_CONTR)?_ANWEB((?:_(?:disc|w_disclaimer|v\d{1,3}|\d{8}))*)\.(txt|xlsx|csv)$/i;

/**
 * Each release is in force from the first day of its month (January for the annual file) and is
 * open-ended: it stays in force until the next release begins (shared/archive/as-of.ts). A reissue
 * (`_v2`, a posting date) gets its quarter's window and a label carrying the marker
 * (`2024 OCT v3`, `2026 JAN 01122026`), so the as-of rule treats it as a reissue of that window
 * (the last observed decides). The .txt, .xlsx and .csv of one release read the same.
 */
export function readHcpcsVersion(f: FileContext): VersionReading {
  const m = ANWEB.exec(f.name);
  if (!m) return NO_READING;
  const year = m[1]!.length === 2 ? fullYear(m[1]!) : Number(m[1]);
  const month = m[2] ? monthNumber(m[2])! : 1;
  const suffixes = m[3]!.split('_').filter(Boolean);
  const markers = [
    ...suffixes.filter((x) => /^v\d+$/i.test(x)).map((x) => x.toLowerCase()),
    ...suffixes.filter((x) => /^\d{8}$/.test(x)),
  ];
  const mon = m[2] ? m[2].slice(0, 3).toUpperCase() : undefined;
  const label = [String(year), mon, ...markers].filter(Boolean).join(' ');
  return reading('file_name', label, { from: `${year}-${String(month).padStart(2, '0')}-01`, to: null });
}

/** Renderings of one release, best first: the fixed-width file CMS calls the record file, its workbook, a CSV copy. */
const FORM_RANK: Record<string, number> = { txt: 0, xlsx: 1, csv: 2 };

export function hcpcsFormatRank(name: string): number {
  return FORM_RANK[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 3;
}

/**
 * The reissue a name states: `_vN` is reissue N (the unmarked first issue is 1); a posting date
 * (`_01122026`, MMDDYYYY) orders reissues by date, after any numbered one of the same release.
 */
export function hcpcsReissueRank(name: string): number {
  const m = ANWEB.exec(name);
  if (!m) return 0;
  const parts = m[3]!.split('_').filter(Boolean);
  const v = parts.find((x) => /^v\d+$/i.test(x));
  const posted = parts.find((x) => /^\d{8}$/.test(x));
  const postedKey = posted ? Number(`${posted.slice(4, 8)}${posted.slice(0, 4)}`) : 0;
  return (v ? Number(v.slice(1)) : 1) + postedKey * 1000;
}

/** The record file in any of its forms (fixed-width .txt, .xlsx, CSV); another name (placed with --doc) reads as the .txt. */
const recordFileParser = (name: string) =>
  /\.csv$/i.test(name) ? hcpcsCsvParser : /\.xlsx$/i.test(name) ? hcpcsXlsxParser : hcpcsAnwebParser;

export const cmsHcpcsLevel2: SourceDecl = {
  sourceId: 'cms_hcpcs_level2',
  title: 'HCPCS Level II alpha-numeric code file',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.cms.gov/about-cms/web-policies-important-links/web-policies/privacy',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update',
      kind: 'listing',
      note: 'Quarterly alpha-numeric HCPCS files (zip: record file, xlsx, readme, change reports).',
      // Links /files/zip/<month>-<year>-alpha-numeric-hcpcs-file.zip (some quarters `-files.zip`,
      // annual releases `<year>-alpha-numeric-hcpcs-file.zip`); the ANWEB record file is a member.
      follow: /^(?:[a-z]+-)?\d{4}-alpha-numeric-hcpcs-files?(?:-[a-z0-9-]+)?\.zip$/i,
    },
  ],
  docs: [{ docId: 'hcpcs:1', title: 'HCPCS Level II record file (ANWEB)', match: ANWEB, parser: recordFileParser }],
  releaseMonths: [1, 4, 7, 10],
  formatRank: hcpcsFormatRank,
  reissueRank: hcpcsReissueRank,
  samples: 'shared/datasets/cms_hcpcs_level2/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readHcpcsVersion,
};
