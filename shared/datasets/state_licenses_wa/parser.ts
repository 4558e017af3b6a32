import { licenseKey } from '../../providers/license-key';
import { boardCsvRows } from '../../providers/licenses/csv';
import { emptyLicenseRow, type LicenseRow } from '../../providers/licenses/license-row';
import { professionOf } from '../../providers/licenses/professions';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { WA_PARSER_HEAD } from './head';

const ID = WA_PARSER_HEAD.id;

/** Column names of the export (the portal's field names; `Credential Number` spaced in API-renamed copies). */
const COLUMNS = {
  number: ['CredentialNumber', 'Credential Number'],
  last: ['LastName', 'Last Name'],
  first: ['FirstName', 'First Name'],
  middle: ['MiddleName', 'Middle Name'],
  type: ['CredentialType', 'Credential Type'],
  status: ['Status'],
  firstIssue: ['FirstIssueDate', 'First Issue Date'],
  expiration: ['ExpirationDate', 'Expiration Date'],
  action: ['ActionTaken', 'Action Taken'],
} as const;

/**
 * Washington DOH health care provider credentials: one row per credential. A credential flagged
 * `ActionTaken` = Yes also yields an undated action row (the file says an action exists, not what
 * or when: the board's page says; see `verify_at`).
 */
async function* parseWa(input: ByteInput): AsyncGenerator<LicenseRow> {
  let count = 0;
  for await (const row of boardCsvRows(input, ID, COLUMNS, ['number', 'last', 'type', 'status'])) {
    const number = row.get('number');
    if (!number) throw new PublisherFormatError(ID, row.line, 'CredentialNumber is empty');
    const key = licenseKey('WA', number);
    const r = emptyLicenseRow('license', 'WA', number, key, { line: row.line, record: ++count });
    r.license_type = row.get('type');
    r.profession = professionOf(r.license_type);
    r.last_name = row.get('last');
    r.first_name = row.get('first');
    r.middle_name = row.get('middle');
    r.status = row.get('status');
    r.first_issue_date = row.date('firstIssue');
    r.expiration_date = row.date('expiration');
    const flag = (row.get('action') ?? '').toUpperCase();
    r.has_public_action = flag === 'YES' || flag === 'Y' || flag === 'TRUE';
    yield r;
    if (r.has_public_action) {
      yield {
        ...r,
        kind: 'action',
        status: null,
        action: 'Action taken (the file does not say which; see the board)',
        action_date: null,
        action_detail: null,
        locator: { line: row.line, record: ++count },
      };
    }
  }
}

export const waParser: PublisherParser<LicenseRow> = {
  ...WA_PARSER_HEAD,
  parse: (input) => parseWa(input),
  codesOf: () => [],
};
