import type { AdapterCoverage } from '../../providers/licenses/adapters';
import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts). */
export const NY_PARSER_HEAD: ParserHead = { id: 'state_licenses_ny/opmc-actions-csv', version: '1' };

/** The New York adapter's coverage and vintage record (shared/providers/licenses/adapters.ts). */
export const NY_COVERAGE: AdapterCoverage = {
  state: 'NY',
  sourceId: 'state_licenses_ny',
  docId: 'state_licenses_ny:1',
  professions: ['physician', 'osteopathic_physician', 'physician_assistant'],
  rows: ['action'],
  history: 'Board for Professional Medical Conduct actions since 1990 (about 9,300 rows by 2026), dated',
  published: 'updated by the Department of Health as actions are taken (health.data.ny.gov); archived weekly',
  carries_npi: false,
  omits:
    'licence status (the file holds actions only: the Office of the Professions verification page answers status); professions the Office of the Professions disciplines (nurses, pharmacists, dentists); NPIs',
  layout:
    'health.data.ny.gov "Professional Medical Conduct Board Actions" rows.csv export: Last Name, First Name, Middle Name, License Number, License Type, Effective Date, Action, Misconduct. Column names are taken from descriptions of the dataset (third-party mirrors), not from a download or the data dictionary; the dataset id in the URL is unverified.',
};
