import { personParts } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { laHead } from './head';

const ID = laHead.id;
const FIRST = ['First Name'];
const LAST = ['Last Name or Entity Name', 'Last Name/Entity Name', 'Last Name or Entity', 'Last Name'];
const EFFECTIVE = ['Effective Date'];
/** How far down the header may sit (below the `Document created on:` line). */
const MAX_PREAMBLE = 10;
/** `12/31/9999` is the export's "no date". */
const NO_DATE = '9999-';

/** Full state names as the address column sometimes writes them (`Ozark, Alabama 36360`). */
const STATE_NAMES: Record<string, string> = Object.fromEntries(
  (
    'ALABAMA AL|ALASKA AK|ARIZONA AZ|ARKANSAS AR|CALIFORNIA CA|COLORADO CO|CONNECTICUT CT|DELAWARE DE|FLORIDA FL|' +
    'GEORGIA GA|HAWAII HI|IDAHO ID|ILLINOIS IL|INDIANA IN|IOWA IA|KANSAS KS|KENTUCKY KY|LOUISIANA LA|MAINE ME|' +
    'MARYLAND MD|MASSACHUSETTS MA|MICHIGAN MI|MINNESOTA MN|MISSISSIPPI MS|MISSOURI MO|MONTANA MT|NEBRASKA NE|' +
    'NEVADA NV|NEW HAMPSHIRE NH|NEW JERSEY NJ|NEW MEXICO NM|NEW YORK NY|NORTH CAROLINA NC|NORTH DAKOTA ND|OHIO OH|' +
    'OKLAHOMA OK|OREGON OR|PENNSYLVANIA PA|RHODE ISLAND RI|SOUTH CAROLINA SC|SOUTH DAKOTA SD|TENNESSEE TN|TEXAS TX|' +
    'UTAH UT|VERMONT VT|VIRGINIA VA|WASHINGTON WA|WEST VIRGINIA WV|WISCONSIN WI|WYOMING WY|DISTRICT OF COLUMBIA DC'
  )
    .split('|')
    .map((p) => [p.slice(0, -3), p.slice(-2)]),
);

/** `Plaquemine, LA 70764`, `Zachary, Louisiana 70791`: city, state and ZIP of the address column. */
function address(raw: string | null): { city: string | null; state: string | null; zip: string | null } {
  const m = raw ? /^(.*?),\s*([A-Za-z .]+?)\.?\s+(\d{5}(?:-\d{4})?)$/.exec(raw) : null;
  if (!m) return { city: null, state: null, zip: null };
  const st = m[2]!.trim().toUpperCase();
  return { city: m[1]!.trim() || null, state: stateCode(st) ?? STATE_NAMES[st] ?? null, zip: m[3]! };
}

/** A date column: a date, nothing, or the `12/31/9999` "no date". */
function date(raw: string, line: number): string | null {
  const d = dateCell(raw, ID, line).date;
  return d?.startsWith(NO_DATE) ? null : d;
}

/**
 * Louisiana Department of Health adverse actions list (the `SelSearch/GetCsv` export): UTF-8 CSV,
 * CRLF, a `Document created on: <time>` line above a header whose names are separated by a comma
 * and a space (`First Name, Last Name or Entity Name, Birthdate, ...`; found by name, compared
 * trimmed), every value double-quoted, a trailing empty line. People have a first name (given
 * names, `Floyd Eric`) and a last name (with its suffix, `Fremin, Jr.`); an entity has its name in
 * the last-name column and no first name. Dates are `M/D/YYYY 12:00:00 AM`; `12/31/9999` means no
 * date. The list publishes dates of birth; `NRF` in the NPI column is kept as published. The
 * exclusion (State or OIG, its reason and period) or the termination (its reason and enrollment
 * prohibition period) is the action and its end note; `Reinstate` is the end date.
 */
async function* parseLa(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  let seen = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!h) {
      const header = new HeaderIndex(f, ID, rec.line);
      if (header.find(...FIRST) >= 0 && header.find(...LAST) >= 0) {
        h = header;
        h.require(...EFFECTIVE);
      } else if (++seen >= MAX_PREAMBLE)
        throw new PublisherFormatError(ID, rec.line, `no header with ${FIRST[0]} and ${LAST[0]}`);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (...names: string[]) => clean(at(f, h!.find(...names)));
    const last = g(...LAST);
    if (!last) throw new PublisherFormatError(ID, rec.line, `${LAST[0]} is empty`);
    const first = g(...FIRST);
    const r = emptyRecord('state', 'LA', { line: rec.line, record: ++count });
    if (first) {
      const given = first.split(' ');
      r.entity_type = 'individual';
      r.first_name = given[0]!;
      r.middle_name = given.slice(1).join(' ') || null;
      r.last_name = personParts(last).join(' ') || last;
      r.name = `${first} ${last}`;
    } else {
      r.entity_type = 'organization';
      r.organization_name = last;
      r.name = last;
    }
    const affiliated = g('Affiliated Entity');
    if (affiliated) r.other_names = [affiliated];
    r.dob = date(at(f, h.find('Birthdate', 'Date of Birth', 'DOB')), rec.line);
    const ids = npisIn(at(f, h.find('NPI#', 'NPI')));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.provider_type = g('Title or Provider Type', 'Provider Type', 'Title');
    const where = address(g('State and Zip', 'City, State and Zip', 'Address'));
    r.city = where.city;
    r.state = where.state ?? 'LA';
    r.zip = where.zip;
    const termination = g('Reason for Termination');
    const exclusion = [g('Type of Exclusion'), g('Reason for Exclusion')].filter(Boolean).join(': ');
    r.action = [exclusion, termination && `Termination: ${termination}`].filter(Boolean).join('; ') || null;
    r.start_date = date(at(f, h.find(...EFFECTIVE)), rec.line);
    r.end_date = date(at(f, h.find('Reinstate', 'Reinstatement Date', 'Reinstate Date')), rec.line);
    r.end_note = g('Period of Exclusion') ?? g('Period of Enrollment Prohibition');
    yield r;
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const laLayout = defineLayout({ ...laHead, parse: parseLa });
