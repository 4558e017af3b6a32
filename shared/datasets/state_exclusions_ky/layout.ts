import { personParts, stripParenthetical } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { workbookRows } from '../../state-exclusions/workbook';
import { kyHead } from './head';

const ID = kyHead.id;
const LAST = 'Last Name or Practice Name';

/**
 * Kentucky DMS terminations and exclusions workbook: a multi-line "Document Information" note
 * (with `Updated: <date>`), a `Start Table` marker row, then the header `First Name, Last Name or
 * Practice Name, NPI, License, Effective Date, Reason for Term/Exclusion, Timeframe of
 * Term/Exclusion`, and an `End Table` row. A practice has `N/A` as its first name. Last names
 * carry credentials and notes (`Hargis, MD (Sunbelt Radiology)`); NPI cells may hold several.
 */
async function* parseKy(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  const rows = workbookRows(input, ID, { required: ['First Name', LAST, 'NPI'], endMarker: 'End Table' });
  for await (const row of rows) {
    const lastRaw = clean(row.get(LAST));
    if (!lastRaw) throw new PublisherFormatError(ID, row.line, `${LAST} is empty`);
    const first = clean(row.get('First Name'));
    const r = emptyRecord('state', 'KY', { line: row.line, record: ++count });
    if (first) {
      r.entity_type = 'individual';
      r.first_name = first;
      const given = first.split(/\s+/);
      r.middle_name = given.length > 1 ? given.slice(1).join(' ') : null;
      r.last_name = personParts(stripParenthetical(lastRaw)).join(' ') || lastRaw;
      r.name = `${first} ${lastRaw}`;
      const note = /\(([^)]*)\)/.exec(lastRaw);
      if (note) r.other_names = [note[1]!.trim()];
    } else {
      r.entity_type = 'organization';
      r.organization_name = lastRaw;
      r.name = lastRaw;
    }
    const ids = npisIn(row.get('NPI'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.license_number = clean(row.get('License'));
    r.state = 'KY';
    r.action = clean(row.get('Reason for Term/Exclusion'));
    r.start_date = dateCell(row.get('Effective Date'), ID, row.line, row.date1904).date;
    r.end_note = clean(row.get('Timeframe of Term/Exclusion'));
    yield r;
  }
}

export const kyLayout = defineLayout({ ...kyHead, parse: parseKy });
