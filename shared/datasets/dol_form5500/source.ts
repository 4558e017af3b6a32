import { lazyParser } from '../../publishers/common/lazy';
import type { HealthPlanRow, OwnershipRow, ScheduleARow, ScheduleCRow } from '../../rx/employer-rows';
import type { FileContext, SourceDecl, SourceUrl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { MAIN_PARSER_HEAD, OWNERSHIP_PARSER_HEAD, SCH_A_PARSER_HEAD, SCH_C_PARSER_HEAD } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const mainParser = lazyParser<HealthPlanRow>(MAIN_PARSER_HEAD, () => load().mainParser);
export const scheduleAParser = lazyParser<ScheduleARow>(SCH_A_PARSER_HEAD, () => load().scheduleAParser);
export const scheduleCParser = lazyParser<ScheduleCRow>(SCH_C_PARSER_HEAD, () => load().scheduleCParser);
export const ownershipParser = lazyParser<OwnershipRow>(OWNERSHIP_PARSER_HEAD, () => load().ownershipParser);

/** The members of the FOIA zips, named by plan year (`f_5500_2023_latest.csv`, any case). */
export const MAIN_FILE = /^f_5500_(\d{4})_latest\.csv$/i;
export const SCH_A_FILE = /^f_sch_a_(\d{4})_latest\.csv$/i;
export const SCH_C_FILE = /^f_sch_c_part1_item2_(\d{4})_latest\.csv$/i;
/** The curated ownership table kept in this folder (./plan-ownership.json), archived by import. */
export const OWNERSHIP_FILE = /^plan-ownership(-\d{4}-\d{2}-\d{2})?\.json$/i;

/** The plan year in a member's name is the version label (`PY 2023`); each monthly refresh is a new version of it. */
export function readForm5500Version(f: FileContext): VersionReading {
  const m = MAIN_FILE.exec(f.name) ?? SCH_A_FILE.exec(f.name) ?? SCH_C_FILE.exec(f.name);
  return m ? reading('file_name', `PY ${m[1]}`) : NO_READING;
}

const BASE = 'https://askebsa.dol.gov/FOIA%20Files';
const YEARS = [2022, 2023, 2024, 2025];

/**
 * DOL EBSA Form 5500 FOIA datasets: per plan year, zips of the main form (F_5500_<year>_Latest),
 * Schedule A (insurance contracts) and Schedule C part I item 2 (service providers with
 * reportable compensation), each one CSV with a header row, linked by ACK_ID. The "Latest" sets
 * keep the most recent filing of each plan for the year; DOL refreshes them about monthly.
 * The PBM and carrier ownership table is curated here (./plan-ownership.json, every entity with
 * its public basis) and archived as this source's fourth document, by import.
 */
export const form5500: SourceDecl = {
  sourceId: 'dol_form5500',
  title: 'DOL EBSA Form 5500 filings (main form, Schedules A and C)',
  publisher: 'U.S. Department of Labor, Employee Benefits Security Administration (EBSA)',
  license: {
    name: 'US Government work (public domain); filings are public under ERISA section 104',
    url: 'https://www.dol.gov/agencies/ebsa/about-ebsa/our-activities/public-disclosure/foia/form-5500-datasets',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.dol.gov/agencies/ebsa/about-ebsa/our-activities/public-disclosure/foia/form-5500-datasets',
      kind: 'listing',
      note: 'Form 5500 datasets page: per plan year, the Latest zips of the main form and each schedule, with their layouts.',
      follow: /F_(5500|SCH_A|SCH_C_PART1_ITEM2)_\d{4}_Latest\.zip$/i,
      followHosts: ['askebsa.dol.gov'],
    },
    ...YEARS.flatMap((y): SourceUrl[] => [
      {
        url: `${BASE}/${y}/Latest/F_5500_${y}_Latest.zip`,
        kind: 'file',
        note: `PY ${y} main form (f_5500_${y}_latest.csv).`,
      },
      { url: `${BASE}/${y}/Latest/F_SCH_A_${y}_Latest.zip`, kind: 'file', note: `PY ${y} Schedule A.` },
      {
        url: `${BASE}/${y}/Latest/F_SCH_C_PART1_ITEM2_${y}_Latest.zip`,
        kind: 'file',
        note: `PY ${y} Schedule C part I item 2.`,
      },
    ]),
  ],
  samples: 'shared/datasets/dol_form5500/fixtures/manifest.json',
  docs: [
    { docId: 'form5500:1', title: 'Form 5500 main form (Latest)', match: MAIN_FILE, parser: () => mainParser },
    {
      docId: 'form5500:2',
      title: 'Schedule A: insurance information',
      match: SCH_A_FILE,
      parser: () => scheduleAParser,
    },
    {
      docId: 'form5500:3',
      title: 'Schedule C part I item 2: service providers and compensation',
      match: SCH_C_FILE,
      parser: () => scheduleCParser,
    },
    {
      docId: 'form5500:4',
      title: 'PBM and carrier ownership (curated table, ./plan-ownership.json)',
      match: OWNERSHIP_FILE,
      parser: () => ownershipParser,
      readVersion: () => NO_READING,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readForm5500Version,
};
