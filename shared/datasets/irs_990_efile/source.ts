import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, SourceUrl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { Irs990ReturnRow, SystemFilerRow } from '../../systems/filing-rows';
import { FILERS_PARSER_HEAD, RETURN_PARSER_HEAD } from './head';

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const returnParser = lazyParser<Irs990ReturnRow>(
  RETURN_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).returnParser,
);
export const filersParser = lazyParser<SystemFilerRow>(
  FILERS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).filersParser,
);

/** A return as the IRS names it inside its zips: `<OBJECT_ID>_public.xml`. */
export const RETURN_FILE = /^\d{10,20}_public\.xml$/i;
/**
 * A zip of returns as the IRS names it on the downloads page: `<year>_TEOS_XML_<part>.zip` (2021 on,
 * e.g. `2024_TEOS_XML_01A.zip`) or `download990xml_<year>_<n>.zip` (earlier years). Archived whole
 * (keepZipWhole): the zip is one version of `irs990:1`, its returns are read from it in one load.
 */
export const RETURN_ZIP = /^(?:\d{4}_TEOS_XML_[0-9A-Z]+|download990xml_\d{4}_\d+)\.zip$/i;
/** The curated system-to-filer table (./fixtures/README.md), archived by import. */
export const FILERS_FILE = /^irs990-system-filers(-\d{4}-\d{2}-\d{2})?\.json$/i;

/**
 * A return's version label is its OBJECT_ID (`object 202410019349300102`): each XML file is one
 * return, kept as a supplement in force from the day it was first archived (the IRS publishes
 * returns months after filing; the filing date is in the return, `ReturnTs`).
 */
export function readReturnVersion(f: FileContext): VersionReading {
  const m = /^(\d{10,20})_public\.xml$/i.exec(f.name);
  if (m) return reading('file_name', `object ${m[1]}`);
  return RETURN_ZIP.test(f.name) ? reading('file_name', `zip ${f.name.replace(/\.zip$/i, '')}`) : NO_READING;
}

const BASE = 'https://apps.irs.gov/pub/epostcard/990/xml';
const YEARS = [2023, 2024, 2025];

/**
 * IRS Form 990 series e-file returns (Tax Exempt Organization Search bulk data): per processing
 * year, an index CSV (RETURN_ID, FILING_TYPE, EIN, TAX_PERIOD, SUB_DATE, TAXPAYER_NAME, RETURN_TYPE,
 * DLN, OBJECT_ID) and zips of the returns, one XML file per return named by its OBJECT_ID. Each
 * zip is archived whole as one supplement of document `irs990:1` (its returns parsed from it in
 * one load); a single return's XML, imported by itself, is a supplement too. The
 * system-to-filer links are a curated table of this folder (`irs990:2`), archived by import.
 * Judged monthly: the IRS adds zips to the current year through the year.
 */
export const source: SourceDecl = {
  sourceId: 'irs_990_efile',
  title: 'IRS Form 990 e-file returns (XML) and the curated health-system filer links',
  publisher: 'Internal Revenue Service (IRS), Tax Exempt and Government Entities',
  license: {
    name: 'US Government work (public domain); returns are public under IRC 6104',
    url: 'https://www.irs.gov/charities-non-profits/form-990-series-downloads',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.irs.gov/charities-non-profits/form-990-series-downloads',
      kind: 'listing',
      note: 'Form 990 Series Downloads: per year the index CSV and the zips of XML returns (split in parts since 2024).',
      follow: /\.(zip|csv)$/i,
      followHosts: ['apps.irs.gov'],
    },
    ...YEARS.map(
      (y): SourceUrl => ({
        url: `${BASE}/${y}/index_${y}.csv`,
        kind: 'file',
        note: `Index of the returns processed in ${y} (archived; the returns themselves are read from the zips).`,
      }),
    ),
  ],
  docs: [
    {
      docId: 'irs990:1',
      title: 'Form 990 e-file returns (an IRS zip of returns, kept whole, or one XML file per return)',
      match: new RegExp(`${RETURN_FILE.source}|${RETURN_ZIP.source}`, 'i'),
      parser: () => returnParser,
      keepZipWhole: true,
    },
    {
      docId: 'irs990:2',
      title: 'Health-system filer links (curated table, EINs with citations)',
      match: FILERS_FILE,
      parser: () => filersParser,
      readVersion: (f) => {
        const m = /(\d{4}-\d{2}-\d{2})\.json$/i.exec(f.name);
        return m ? reading('file_name', m[1]!) : NO_READING;
      },
    },
  ],
  samples: 'shared/datasets/irs_990_efile/fixtures/manifest.json',
  /** The IRS zips of returns are kept whole (verified, not extracted), so a large one costs no more than its bytes. */
  maxZipMembers: 500_000,
  versionMethod: 'file_name',
  readVersion: readReturnVersion,
};
