import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { type Cell, cellText, readWorkbook } from '../../formats/xlsx';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode, wholeBuffer } from '../../state-exclusions/fields';
import { headerIn } from '../../state-exclusions/header';
import { defineLayout } from '../../state-exclusions/layout';
import { ohHead } from './head';

const ID = ohHead.id;

/** Header names of the list's columns over its versions, matched on the normalized header text. */
const COLUMNS = {
  last: /^last name$/,
  first: /^first name$/,
  middle: /^(middle name|middle initial|mi)$/,
  org: /^(organization name|business name)$/,
  dob: /^(dob|date of birth)$/,
  npi: /^npi\b/,
  city: /^city$/,
  state: /^state$/,
  zip: /^zip( code)?$/,
  status: /^status$/,
  date: /^action date$/,
  type: /^provider type$/,
};
type Col = Record<keyof typeof COLUMNS, number>;

/** Labels that put another name of the person in the organization column. */
const ALIAS = /^\(?\s*(a\.?k\.?a\.?|d\.?b\.?a\.?|may go by|former last name)\s*[:;.]?\s*/i;

/**
 * Ohio Department of Medicaid exclusion and suspension list. The 2016 workbook has one sheet
 * (header `Last Name, First Name, Organization Name, DOB, NPI, Address 1, Address 2, City, State,
 * Zip Code, Provider ID, Status, Action Date, Date Added, Provider Type` and a `Revised <date>`
 * note in its last header cell; empty Sheet2/Sheet3; trailing blank rows); later lists split it
 * into `Individuals` and `Organizations` sheets beside an `Instructions` sheet. Every sheet with
 * the header is read, in workbook order; a record's line counts the rows of the sheets before its
 * own, so lines grow through the workbook. A person has a last or first name; the organization
 * column then holds an alias (`aka: …`, `Former last name: …`) or an affiliation (`Owner; …`).
 * Dates are Excel serials; a DOB cell that is not a date (`12/??/1956`) is left empty (a wrong
 * birth date would stop a name match). Provider ID and Date Added have no field in the record.
 */
async function* parseOh(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  const wb = await readWorkbook(await wholeBuffer(input));
  let count = 0;
  let offset = 0;
  let read = false;
  for (const sheet of wb.sheets) {
    // A sheet's header: the first row naming a person or organization column (or none).
    const header = headerIn(
      sheet.rows,
      {
        parserId: ID,
        columns: COLUMNS,
        anchor: ['last', 'org'],
        required: { npi: 'NPI', status: 'Status', date: 'Action Date' },
      },
      offset,
    );
    if (header) {
      read = true;
      for (let j = header.row + 1; j < sheet.rows.length; j++) {
        const cells = sheet.rows[j] ?? [];
        if (cells.every((c) => cellText(c).trim() === '')) continue;
        yield recordOf(cells, header.col, offset + j + 1, wb.date1904, ++count);
      }
    }
    offset += sheet.rows.length;
  }
  if (!read)
    throw new PublisherFormatError(ID, 1, 'no sheet has the header "Last Name" or "Organization Name", "Action Date"');
}

function recordOf(cells: readonly Cell[], col: Col, line: number, date1904: boolean, n: number): ExclusionRecord {
  const g = (k: keyof Col) => (col[k] < 0 ? null : (cells[col[k]] ?? null));
  const last = clean(g('last'));
  const firstCell = clean(g('first'));
  const org = clean(g('org'));
  if (!last && !firstCell && !org)
    throw new PublisherFormatError(ID, line, 'no name: Last Name, First Name and Organization Name are empty');
  const r = emptyRecord('state', 'OH', { line, record: n });
  if (last || firstCell) {
    const given = (firstCell ?? '').split(' ');
    r.entity_type = 'individual';
    r.last_name = last;
    r.first_name = given[0] || null;
    r.middle_name = clean(g('middle')) ?? (given.slice(1).join(' ') || null);
    r.name = [last, [firstCell, clean(g('middle'))].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    if (org && ALIAS.test(org)) {
      const [, label] = ALIAS.exec(org)!;
      const alias = org.replace(ALIAS, '').replace(/\)$/, '').trim();
      r.other_names = [/former/i.test(label!) && firstCell ? `${alias}, ${firstCell}` : alias];
    } else r.organization_name = org;
    r.dob = dobOf(g('dob'), date1904);
  } else {
    // `Three Rivers Optional Care dba. Three Rivers Infus&Pharm`, `Acme Transport Owner: Jane Roe`.
    const [own, ...dba] = org!.split(/\s+d\.?b\.?a\b\.?:?\s*/i);
    r.entity_type = 'organization';
    r.name = org!;
    r.organization_name = own!.split(/\s+owner\s*[:;]/i)[0]!.trim();
    r.other_names = dba.map((s) => s.trim()).filter(Boolean);
  }
  const ids = npisIn(g('npi'));
  r.npis = ids.npis;
  r.npi_text = ids.text;
  r.city = clean(g('city'));
  r.state = stateCode(clean(g('state')));
  r.zip = zipOf(g('zip'));
  r.provider_type = clean(g('type'));
  r.action = clean(g('status'));
  r.start_date = dateCell(g('date'), ID, line, date1904).date;
  return r;
}

/** A date of birth, or null when the cell is not one (`12/??/1956`, `11/16/1967 (1961)`). */
function dobOf(raw: Cell, date1904: boolean): string | null {
  try {
    return dateCell(raw, ID, 0, date1904).date;
  } catch {
    return null;
  }
}

/** A ZIP as text; Excel dropped the leading zero of numeric ZIPs (`4401` is 04401). */
function zipOf(raw: Cell): string | null {
  if (typeof raw === 'number' && Number.isInteger(raw)) {
    const s = String(raw);
    const zip = s.length === 4 || s.length === 8 ? `0${s}` : s;
    return zip.length === 9 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
  }
  return clean(raw);
}

export const ohLayout = defineLayout({ ...ohHead, parse: parseOh });
