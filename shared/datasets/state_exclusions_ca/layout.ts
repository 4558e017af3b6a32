import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { addressState, clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { caHead } from './head';

const ID = caHead.id;
const AKA = 'A/K/A-Also Known As D/B/A-Doing Business as';

/**
 * Medi-Cal Suspended and Ineligible Provider List (DHCS): UTF-8 with a byte-order mark, records
 * ending CRLF with bare LF inside quoted fields, a header record over two physical lines (the
 * A/K/A-D/B/A column), a trailing comma on every record, `N/A` for empty values. An entity has its
 * name in `Last Name` and `N/A` in the first name. `Provider Number` mixes NPIs with state
 * provider numbers; addresses are free text (several separated by `;`). `Active Period` is text
 * (`Indefinitely effective`).
 */
async function* parseCa(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!h) {
      h = new HeaderIndex(f, ID, rec.line);
      for (const c of ['Last Name', 'First Name', 'Provider Number', 'Date of Suspension']) h.require(c);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (c: string) => clean(at(f, h!.find(c)));
    const last = g('Last Name');
    if (!last) throw new PublisherFormatError(ID, rec.line, 'Last Name is empty');
    const first = g('First Name');
    const middle = g('Middle Name');
    const r = emptyRecord('state', 'CA', { line: rec.line, record: ++count });
    if (first) {
      r.entity_type = 'individual';
      r.last_name = last;
      r.first_name = first;
      r.middle_name = middle;
      r.name = [last, [first, middle].filter(Boolean).join(' ')].join(', ');
    } else {
      r.entity_type = 'organization';
      r.organization_name = last;
      r.name = last;
    }
    r.other_names = (g(AKA) ?? '')
      .split(';')
      .map((s) => s.replace(/,\s*$/, '').trim())
      .filter((s) => s.length > 0);
    const address = g('Address(es)');
    r.state = addressState(address);
    const ids = npisIn(at(f, h.find('Provider Number')));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.license_number = g('License Number');
    r.provider_type = g('Provider Type');
    r.action = 'Suspended and ineligible';
    r.start_date = dateCell(at(f, h.find('Date of Suspension')), ID, rec.line).date;
    r.end_note = g('Active Period');
    yield r;
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const caLayout = defineLayout({ ...caHead, parse: parseCa });
