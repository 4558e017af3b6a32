import { looksLikeOrganization, personParts } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { workbookRows } from '../../state-exclusions/workbook';
import { azHead } from './head';

const ID = azHead.id;

/**
 * AHCCCS (Arizona) state exclusions workbook: sheet `State Exclusions` with `NPI, Provider Name,
 * Exclusion Effective Date, Exclusion End Date`. Dates are Excel serials; an end can be
 * `Permanent`. The NPI cell holds a number, several NPIs (`1467062539; \n1225667264`), `N/A`, or
 * `SSN` for a person enrolled by social security number. Names are one field, people in
 * `FIRST LAST` order (`Pamela O'Guinn`), so a name with no business word and no `SSN` marker is
 * read both ways (entity type `unknown`).
 */
async function* parseAz(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  const rows = workbookRows(input, ID, { required: ['NPI', 'Provider Name', 'Exclusion Effective Date'] });
  for await (const row of rows) {
    const name = clean(row.get('Provider Name'));
    if (!name) throw new PublisherFormatError(ID, row.line, 'Provider Name is empty');
    const r = emptyRecord('state', 'AZ', { line: row.line, record: ++count });
    r.name = name;
    const npiCell = clean(row.get('NPI'));
    const ids = npisIn(row.get('NPI'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    if (npiCell?.toUpperCase() === 'SSN') {
      r.entity_type = 'individual';
      const w = personParts(name);
      r.first_name = w[0] ?? null;
      r.last_name = w.length > 1 ? w[w.length - 1]! : null;
      r.middle_name = w.slice(1, -1).join(' ') || null;
    } else {
      r.entity_type = looksLikeOrganization(name) ? 'organization' : 'unknown';
      r.organization_name = name;
    }
    r.state = 'AZ';
    r.action = 'State exclusion';
    const start = dateCell(row.get('Exclusion Effective Date'), ID, row.line, row.date1904);
    const end = dateCell(row.get('Exclusion End Date'), ID, row.line, row.date1904);
    r.start_date = start.date;
    r.end_date = end.date;
    r.end_note = end.note;
    yield r;
  }
}

export const azLayout = defineLayout({ ...azHead, parse: parseAz });
