import type { HcrisCellsRow, HcrisProviderRow, HcrisReportRow } from '../../hospitals/hcris-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, SourceUrl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { ALPHA_PARSER_HEAD, NMRC_PARSER_HEAD, PROVIDER_PARSER_HEAD, RPT_PARSER_HEAD } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const rptParser = lazyParser<HcrisReportRow>(RPT_PARSER_HEAD, () => load().rptParser);
export const nmrcParser = lazyParser<HcrisCellsRow>(NMRC_PARSER_HEAD, () => load().nmrcParser);
export const alphaParser = lazyParser<HcrisCellsRow>(ALPHA_PARSER_HEAD, () => load().alphaParser);
export const providerParser = lazyParser<HcrisProviderRow>(PROVIDER_PARSER_HEAD, () => load().providerParser);

/** The members of HOSP10FY<year>.zip, named by the HCRIS fiscal year they hold. */
export const RPT_FILE = /^HOSP10_(\d{4})_RPT\.CSV$/i;
export const NMRC_FILE = /^HOSP10_(\d{4})_NMRC\.CSV$/i;
export const ALPHA_FILE = /^HOSP10_(\d{4})_ALPHA\.CSV$/i;
export const PROVIDER_FILE = /^HOSPITAL10_PROVIDER_ID_INFO\.CSV$/i;

/**
 * The HCRIS fiscal year in a member's name is the version label (`FY 2022`). CMS refreshes each
 * year's zip every quarter with new, amended and settled reports and states no date, so a version is
 * in force from the day the archive first saw it; the refreshes of one year are the versions of
 * that year, and the latest released on a date replaces the earlier ones (shared/hospitals).
 */
export function readHcrisVersion(f: FileContext): VersionReading {
  const m = RPT_FILE.exec(f.name) ?? NMRC_FILE.exec(f.name) ?? ALPHA_FILE.exec(f.name);
  return m ? reading('file_name', `FY ${m[1]}`) : NO_READING;
}

const ZIP = /^HOSP10FY\d{4}\.zip$/i;

/**
 * CMS Healthcare Cost Report Information System (HCRIS), hospital cost reports on Form CMS-2552-10
 * (cost-reporting periods beginning on or after 1 May 2010). One zip per HCRIS fiscal year (the federal
 * fiscal year in which a cost-reporting period begins) holds three headerless CSV tables: RPT (one
 * row per report: CCN, status, period, processing and settlement dates), NMRC (numeric cells) and
 * ALPHA (text cells), cells addressed by worksheet, line and column, linked by RPT_REC_NUM.
 * HOSPITAL10_PROVIDER_ID_INFO.CSV names the providers.
 */
export const source: SourceDecl = {
  sourceId: 'cms_hcris_hosp10',
  title: 'HCRIS hospital cost reports (Form CMS-2552-10)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.cms.gov/data-research/statistics-trends-and-reports/cost-reports',
  },
  thirdPartyLicensedDescriptors: false,
  // A new fiscal year's zip each year; CMS refreshes the open years' zips quarterly (the weekly
  // fetch of an annual source sees each refresh).
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/data-research/statistics-trends-and-reports/cost-reports/hospital-2010-form',
      kind: 'listing',
      note: 'HCRIS Hospital 2552-10 page: one HOSP10FY<YYYY>.zip per fiscal year (RPT, NMRC, ALPHA tables), refreshed quarterly.',
      follow: ZIP,
      followHosts: ['downloads.cms.gov'],
    },
    ...[2021, 2022, 2023, 2024].map(
      (y): SourceUrl => ({
        url: `https://downloads.cms.gov/FILES/HCRIS/HOSP10FY${y}.zip`,
        kind: 'file',
        note: `FY ${y}: HOSP10_${y}_RPT.CSV, HOSP10_${y}_NMRC.CSV, HOSP10_${y}_ALPHA.CSV.`,
      }),
    ),
    {
      url: 'https://downloads.cms.gov/FILES/HCRIS/HOSP10-REPORTS.ZIP',
      kind: 'file',
      note: 'Hospital 2552-10 reports zip: HOSPITAL10_PROVIDER_ID_INFO.CSV (provider names and addresses).',
    },
  ],
  docs: [
    { docId: 'hcris:1', title: 'RPT: one row per cost report', match: RPT_FILE, parser: () => rptParser },
    { docId: 'hcris:2', title: 'NMRC: numeric cells', match: NMRC_FILE, parser: () => nmrcParser },
    { docId: 'hcris:3', title: 'ALPHA: text cells', match: ALPHA_FILE, parser: () => alphaParser },
    {
      docId: 'hcris:4',
      title: 'Provider ID info: names and addresses',
      match: PROVIDER_FILE,
      parser: () => providerParser,
      readVersion: () => NO_READING,
    },
  ],
  samples: 'shared/datasets/cms_hcris_hosp10/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readHcrisVersion,
};
