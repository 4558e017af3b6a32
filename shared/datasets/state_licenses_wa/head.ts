import type { AdapterCoverage } from '../../providers/licenses/adapters';
import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts). */
export const WA_PARSER_HEAD: ParserHead = { id: 'state_licenses_wa/credentials-csv', version: '1' };

/** The Washington adapter's coverage and vintage record (shared/providers/licenses/adapters.ts). */
export const WA_COVERAGE: AdapterCoverage = {
  state: 'WA',
  sourceId: 'state_licenses_wa',
  docId: 'state_licenses_wa:1',
  professions: ['physician', 'osteopathic_physician', 'physician_assistant', 'nurse', 'pharmacist', 'dentist', 'other'],
  rows: ['license', 'action'],
  history: 'every credential the Department of Health holds, active or not; one row per credential',
  published: 'extracted from the credentialing database daily at 10:00 (data.wa.gov dataset note); archived weekly',
  carries_npi: false,
  omits:
    'NPIs; the date and kind of a disciplinary action (the file has only the ActionTaken flag: an action row per flagged credential, undated, so it never appears in recent alerts); actions before July 1998 (the department answers those by phone)',
  layout:
    'data.wa.gov "Health Care Provider Credential Data" (qxh8-f4bd) rows.csv export: CredentialNumber, LastName, FirstName, MiddleName, CredentialType, Status, BirthYear, CEDueDate, FirstIssueDate, LastIssueDate, ExpirationDate, ActionTaken. Column names from the portal catalogue and third-party mirrors; the values of ActionTaken (Yes/No) are not verified against a download.',
};
