import type { AdapterCoverage } from '../../providers/licenses/adapters';
import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts). */
export const CO_PARSER_HEAD: ParserHead = { id: 'state_licenses_co/licenses-csv', version: '1' };

/** The Colorado adapter's coverage and vintage record (shared/providers/licenses/adapters.ts). */
export const CO_COVERAGE: AdapterCoverage = {
  state: 'CO',
  sourceId: 'state_licenses_co',
  docId: 'state_licenses_co:1',
  professions: ['physician', 'osteopathic_physician', 'physician_assistant', 'nurse', 'pharmacist', 'dentist'],
  rows: ['license', 'action'],
  history:
    'every licence the Division of Professions and Occupations holds; a licence with board discipline carries its case number, program action and dates',
  published:
    'refreshed by DORA on the Colorado Information Marketplace (the portal shows the last update); archived weekly',
  carries_npi: false,
  omits:
    'NPIs; occupations other than the health professions listed (the file holds every DORA licence: those rows are skipped); actions the file does not date',
  layout:
    'data.colorado.gov "Professional and Occupational Licenses in Colorado" (7s5z-vewr) rows.csv export: lastName, firstName, middleName, licenseType, licenseNumber, licenseFirstIssueDate, licenseExpirationDate, licenseStatusDescription, caseNumber, programAction, disciplineEffectiveDate. Column names recalled from the portal and not verified against a download in this session; the dataset id is unverified too.',
};
