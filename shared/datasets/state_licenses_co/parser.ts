import { licenseKey } from '../../providers/license-key';
import { boardCsvRows } from '../../providers/licenses/csv';
import { emptyLicenseRow, type LicenseRow } from '../../providers/licenses/license-row';
import { professionOf } from '../../providers/licenses/professions';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { CO_PARSER_HEAD } from './head';

const ID = CO_PARSER_HEAD.id;

const COLUMNS = {
  last: ['lastName', 'Last Name'],
  first: ['firstName', 'First Name'],
  middle: ['middleName', 'Middle Name'],
  type: ['licenseType', 'License Type'],
  sub: ['subCategory', 'Sub Category'],
  number: ['licenseNumber', 'License Number'],
  firstIssue: ['licenseFirstIssueDate', 'License First Issue Date'],
  expiration: ['licenseExpirationDate', 'License Expiration Date'],
  status: ['licenseStatusDescription', 'License Status Description'],
  caseNumber: ['caseNumber', 'Case Number'],
  action: ['programAction', 'Program Action'],
  actionDate: ['disciplineEffectiveDate', 'Discipline Effective Date'],
} as const;

/**
 * Colorado DORA licences: one row per licence (a licence with several cases repeats, one row per
 * case). Rows of professions outside the health set are skipped. A row with a program action
 * also yields an action row dated by its discipline effective date.
 */
async function* parseCo(input: ByteInput): AsyncGenerator<LicenseRow> {
  let count = 0;
  const seen = new Set<string>();
  for await (const row of boardCsvRows(input, ID, COLUMNS, ['number', 'type', 'status'])) {
    const number = row.get('number');
    if (!number) continue;
    const profession = professionOf(row.get('type'), number.split(/[.\-\s]/)[0]);
    if (profession === 'other') continue;
    const key = licenseKey('CO', number);
    const r = emptyLicenseRow('license', 'CO', number, key, { line: row.line, record: 0 });
    r.license_type = row.get('type');
    r.profession = profession;
    r.last_name = row.get('last');
    r.first_name = row.get('first');
    r.middle_name = row.get('middle');
    r.status = row.get('status');
    r.first_issue_date = row.date('firstIssue');
    r.expiration_date = row.date('expiration');
    const action = row.get('action');
    r.has_public_action = !!(action || row.get('caseNumber'));
    // One licence row per licence (its later case rows add actions only).
    if (!seen.has(key)) {
      seen.add(key);
      yield { ...r, locator: { line: row.line, record: ++count } };
    }
    if (action) {
      yield {
        ...r,
        kind: 'action',
        status: null,
        action,
        action_date: row.date('actionDate'),
        action_detail: row.get('caseNumber'),
        locator: { line: row.line, record: ++count },
      };
    }
  }
}

export const coParser: PublisherParser<LicenseRow> = {
  ...CO_PARSER_HEAD,
  parse: (input) => parseCo(input),
  codesOf: () => [],
};
