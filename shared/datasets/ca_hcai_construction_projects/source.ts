import { lazyParser } from '../../publishers/common/lazy';
import type { SignalRow } from '../../signals/signal-rows';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { HCAI_PROJECTS_PARSER_HEAD } from './head';
import { REPORT_DATE } from './layout';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const hcaiProjectsParser = lazyParser<SignalRow>(
  HCAI_PROJECTS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).hcaiProjectsParser,
);

/** The CSV export of the "Projects by County" report (SSRS names it after the report). */
export const PROJECTS_EXPORT = /^projects[-_ ]?by[-_ ]?county.*\.csv$/i;

const pad = (n: string) => n.padStart(2, '0');

/**
 * The report prints its own date in its title, repeated on every row ("All Projects by Facility
 * within Counties as of 03/04/2024"): the version is that day, in force until the next export.
 */
export function readReportDate(f: FileContext): VersionReading {
  const m = REPORT_DATE.exec(f.head.toString('utf8'));
  if (!m) return NO_READING;
  const [, mo, d, y] = m as unknown as [string, string, string, string];
  const day = `${y}-${pad(mo)}-${pad(d)}`;
  const real = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(real.getTime()) || real.toISOString().slice(0, 10) !== day) return NO_READING;
  return { publisherVersion: day, effectiveFrom: day, effectiveTo: null, method: 'content' };
}

/**
 * California Department of Health Care Access and Information (HCAI), Office of Statewide
 * Hospital Planning and Development (formerly OSHPD's Facilities Development Division): the
 * construction projects it reviews and inspects at hospitals, skilled nursing facilities and
 * clinics under its jurisdiction, from the HCAI Report Center's "Projects by County" report, all
 * counties and statuses, exported as CSV (one row per project). The report is rendered on
 * demand behind a report viewer, with no stable file URL, so an operator exports it and imports
 * the file (`npm run archive -- import`); the declared page is where HCAI points to it. HCAI's
 * CHHS Open Data dataset "Total Construction Cost of Healthcare Projects" is only county totals
 * (no project, facility or address), so it cannot be matched to a hospital and is not read.
 * Judged monthly: the project data changes daily, an operator export a month is the rhythm
 * declared.
 */
export const source: SourceDecl = {
  sourceId: 'ca_hcai_construction_projects',
  title: 'California HCAI health-facility construction projects (Projects by County report)',
  publisher: 'California Department of Health Care Access and Information (HCAI)',
  license: { name: 'HCAI website conditions of use (public information)', url: 'https://hcai.ca.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://hcai.ca.gov/facilities/building-safety/resources/project-status-reports/',
      kind: 'listing',
      note: 'HCAI project status reports page: points to the Report Center ("Projects by County", Office of Statewide Hospital Planning and Development). The CSV export is made in the report viewer and imported by an operator; the page links no file.',
      follow: PROJECTS_EXPORT,
    },
  ],
  docs: [
    {
      docId: 'hcai_projects:1',
      title: 'HCAI "Projects by County" report, all counties and statuses (CSV export)',
      match: PROJECTS_EXPORT,
      parser: () => hcaiProjectsParser,
    },
  ],
  samples: 'shared/datasets/ca_hcai_construction_projects/fixtures/manifest.json',
  versionMethod: 'content',
  readVersion: readReportDate,
};
