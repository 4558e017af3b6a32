import { personParts, words } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { type Cell, excelSerialToIsoDate } from '../../formats/xlsx';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { workbookRows } from '../../state-exclusions/workbook';
import { msHead } from './head';

const ID = msHead.id;
// Header cells carry line breaks and notes (`Provider First Name\n(Applicable for Individuals
// Only)`); they are compared with whitespace collapsed, and each column also answers to its short name.
const only = (name: string, who: string) => [`${name} (Applicable for ${who} Only)`, name];
const ENTITY = ['Provider Entity (Org/Ind)', 'Provider Entity', 'Entity'];
const ORG = [...only('Provider Organization Name', 'Organizations'), 'Organization Name'];
const FIRST = [...only('Provider First Name', 'Individuals'), 'First Name'];
const LAST = [...only('Provider Last Name', 'Individuals'), 'Last Name'];
const MIDDLE = [...only('Provider MI Name', 'Individuals'), ...only('Provider Middle Name', 'Individuals'), 'MI'];
const SUFFIX = [...only('Provider Suffix Name', 'Individuals'), 'Suffix'];
const ZIP = ['Zipcode', 'Zip Code', 'Zip'];
const DOB = ['Date of Birth', 'DOB'];
const TYPE = ['Provider Type'];
const SPECIALTY = ['Provider Speciality', 'Provider Specialty', 'Specialty'];
const START = ['Termination Effective Date', 'Effective Date'];
const END = ['Termination End Date', 'End Date'];
const PERIOD = ['Exclusion Period'];
const REASON = ['Termination Reason', 'Reason'];
const SANCTION = ['Sanction Type'];
const NOTES = ['Additional Notes', 'Notes'];

/** End dates from this year on stand for "Indefinite" (the list writes serial 401768, 3000-01-01). */
const NO_END = '2900-01-01';

/** A date of birth: a serial or a text date; one the list garbles (`20/27/1966`) is not a birth date. */
function birthDate(raw: Cell, date1904: boolean): string | null {
  if (typeof raw === 'number') return excelSerialToIsoDate(raw, date1904);
  const s = clean(raw);
  if (!s) return null;
  try {
    return parseDate(s, ID, 0);
  } catch {
    return null;
  }
}

/** The end as `Exclusion Period` words it (`May 15, 2014 - Indefinite`) when no end date is given. */
function endNote(period: string | null, sentinel: boolean): string | null {
  const parts = (period ?? '').split(/\s*-\s*/);
  return parts[parts.length - 1]!.trim() || (sentinel ? 'Indefinite' : null);
}

/** ZIP codes typed as numbers lose their leading zero (`2118`); text ones are kept as published. */
function zipOf(raw: Cell): string | null {
  if (typeof raw === 'number') return String(raw).padStart(5, '0');
  return clean(raw);
}

/**
 * Mississippi Division of Medicaid sanctioned providers list (Sheet1 of the workbook). Rows 1-8
 * are a title, `Updated: <date>` and a sanction-type legend; the header is found by name. Each row
 * is numbered (`#`), and some numbered rows are empty (skipped) while some rows have no number.
 * `Provider Entity (Org/Ind)` says whose row it is (when blank: the name columns do); individuals
 * fill first/last/MI/suffix, organizations the organization name, often with their owner or
 * managing agent in the individual columns (kept in first and last name; the row stays the
 * organization's). Dates are Excel serials; the end date 401768 (3000-01-01) and `Exclusion Period`
 * `... - Indefinite` mean no end. The list publishes dates of birth (serials; a garbled text
 * birth date is dropped) and the Medicaid ID (kept as `Medicaid ID <id>` in the license number, as
 * the LEIE's UPIN is; a leading `'` typed into the cell is not part of it).
 */
async function* parseMs(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  for await (const row of workbookRows(input, ID, { required: ['NPI', 'City', 'State'] })) {
    const g = (names: string[]) => clean(row.get(...names));
    if (count === 0)
      for (const c of [ORG, FIRST, LAST, START])
        if (!row.has(...c))
          throw new PublisherFormatError(ID, row.line, `the header has no ${JSON.stringify(c[0])} column`);
    const org = g(ORG);
    const first = g(FIRST);
    const last = g(LAST);
    // A numbered row with no name and nothing else is an empty slot of the list, not a record; a
    // nameless row that carries an NPI or a date is refused, never dropped.
    if (!org && !first && !last) {
      if (g(['NPI']) || g(START))
        throw new PublisherFormatError(ID, row.line, 'a row with an NPI or a date but no name');
      continue;
    }
    const middle = g(MIDDLE);
    const suffix = g(SUFFIX);
    const person = [first, middle, last].filter(Boolean).join(' ');
    const entity = (g(ENTITY) ?? '').toLowerCase();
    const r = emptyRecord('state', 'MS', { line: row.line, record: ++count });
    r.entity_type = entity.startsWith('org') || (!entity && org && !person) ? 'organization' : 'individual';
    r.first_name = first;
    r.middle_name = middle;
    r.last_name = last ? personParts(last).join(' ') || last : null;
    if (r.entity_type === 'organization') {
      r.name = org ?? person;
      r.organization_name = r.name;
      // `Collins and Collins, LLC dba CCI Professional Healthcare Hospice`: the trade name is another name.
      const dba = /\s+d\/?b\/?a\s+(.+)$/i.exec(r.name);
      if (dba) r.other_names = [dba[1]!.trim()];
    } else {
      r.name = suffix ? `${person}, ${suffix}` : person;
      // The organization column of a person's row names a practice or employer (or repeats the name).
      if (org && words(org).sort().join(' ') !== words(person).sort().join(' ')) r.other_names = [org];
    }
    const ids = npisIn(row.get('NPI'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    const medicaid = g(['Medicaid ID'])?.replace(/^'/, '');
    r.license_number = medicaid ? `Medicaid ID ${medicaid}` : null;
    r.dob = birthDate(row.get(...DOB), row.date1904);
    r.city = g(['City']);
    r.state = stateCode(g(['State']));
    r.zip = zipOf(row.get(...ZIP));
    const type = g(TYPE);
    const specialty = g(SPECIALTY);
    r.provider_type = type && specialty ? `${type} (${specialty})` : (type ?? specialty);
    r.action = [g(SANCTION), g(REASON), g(NOTES)].filter(Boolean).join('; ') || null;
    r.start_date = dateCell(row.get(...START), ID, row.line, row.date1904).date;
    const end = dateCell(row.get(...END), ID, row.line, row.date1904);
    r.end_date = end.date && end.date < NO_END ? end.date : null;
    if (!r.end_date) r.end_note = end.note ?? endNote(g(PERIOD), end.date !== null);
    yield r;
  }
}

export const msLayout = defineLayout({ ...msHead, parse: parseMs });
