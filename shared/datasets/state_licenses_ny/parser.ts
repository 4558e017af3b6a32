import { licenseKey } from '../../providers/license-key';
import { boardCsvRows } from '../../providers/licenses/csv';
import { emptyLicenseRow, type LicenseRow } from '../../providers/licenses/license-row';
import { professionOf } from '../../providers/licenses/professions';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { NY_PARSER_HEAD } from './head';

const ID = NY_PARSER_HEAD.id;

const COLUMNS = {
  last: ['Last Name'],
  first: ['First Name'],
  middle: ['Middle Name'],
  number: ['License Number', 'License No'],
  type: ['License Type'],
  effective: ['Effective Date', 'Action Effective Date'],
  action: ['Action', 'Action Taken'],
  misconduct: ['Misconduct', 'Misconduct Description'],
} as const;

/** New York OPMC board actions: one action per row, dated by its effective date. */
async function* parseNy(input: ByteInput): AsyncGenerator<LicenseRow> {
  let count = 0;
  for await (const row of boardCsvRows(input, ID, COLUMNS, ['last', 'number', 'effective', 'action'])) {
    const number = row.get('number');
    // An action against an unlicensed person (no number) cannot be tied to a licence: skipped.
    if (!number) continue;
    const r = emptyLicenseRow('action', 'NY', number, licenseKey('NY', number), { line: row.line, record: ++count });
    r.license_type = row.get('type');
    r.profession = professionOf(r.license_type) === 'other' ? 'physician' : professionOf(r.license_type);
    r.last_name = row.get('last');
    r.first_name = row.get('first');
    r.middle_name = row.get('middle');
    r.has_public_action = true;
    r.action = row.get('action');
    r.action_date = row.date('effective');
    r.action_detail = row.get('misconduct');
    yield r;
  }
}

export const nyParser: PublisherParser<LicenseRow> = {
  ...NY_PARSER_HEAD,
  parse: (input) => parseNy(input),
  codesOf: () => [],
};
