import { looksLikeOrganization, personParts } from '../../exclusions/names';
import { type EntityType, type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { type Cell, cellText, readWorkbook } from '../../formats/xlsx';
import { PublisherFormatError } from '../../publishers/common/errors';
import { HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, wholeBuffer } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { maHead } from './head';

const ID = maHead.id;
const NAME = 'Provider Name';
const TYPE = ['Provider Type'];
const NPI = ['National Provider Identifier (NPI)', 'National Provider Identifier', 'NPI'];
const UNIQUE_ID = ['Unique ID'];
const REASON = ['Suspension/Exclusion Reason', 'Exclusion Reason', 'Reason'];
const EFFECTIVE = ['Suspension/Exclusion Effective Date', 'Exclusion Effective Date', 'Effective Date'];
const REINSTATED = [
  'Reinstated into MassHealth',
  'Reinstated into MassHealth Date',
  'Reinstatement Date',
  'Reinstated',
];
const NOTES = ['Notes'];

/** Provider types of people (MassHealth's provider type names, upper case as published). */
const PERSON_TYPES =
  /^(PHYSICIAN|REGISTERED NURSE|PODIATRIST|DENTIST|CHIROPRACTOR|PSYCHOLOGIST|OPTOMETRIST|OPTICIAN|THERAPIST|DOULA|PERSONAL CARE ATTENDANT|INDEPENDENT NURSE|NURSE|CERTIFIED REGISTERED NURSE|PSYCHIATRIC CLINICAL NURSE|LICENSED INDEPENDENT CLINICAL SOCIAL WORKER|CLINICAL SOCIAL WORKER|SOCIAL WORKER|AUDIOLOGIST|MIDWIFE|PHARMACIST|PHYSICIAN ASSISTANT)/i;
/** Provider types of businesses. */
const ORG_TYPES =
  /\b(GROUP PRACTICE|ORGANIZATION|AGENCY|PHARMACY|TRANSPORTATION|LABORATORY|HOSPICE|HOSPITAL|PROSTHETICS|FOSTER CARE|DURABLE MEDICAL|REST HOME|NURSING FACILITY|SPECIAL PROGRAMS|CLINIC|CENTER)\b/i;

/** Whose row it is: the provider type says; names decide only for types such as `QMB ONLY PROVIDERS`. */
function entityOf(name: string, type: string | null): EntityType {
  const org = looksLikeOrganization(name);
  if (type && ORG_TYPES.test(type)) return 'organization';
  if (type && PERSON_TYPES.test(type) && !org && personParts(name).length >= 2) return 'individual';
  return org ? 'organization' : 'unknown';
}

interface Table {
  header: HeaderIndex;
  /** Rows of the sheets before this one: its lines count on past them (see parseMa). */
  offset: number;
  rows: Cell[][];
  /** Index of the first row below the header. */
  start: number;
}

/** Each sheet that has a `Provider Name` header within its first 20 rows, in workbook order. */
async function tables(input: ByteInput): Promise<{ tables: Table[]; date1904: boolean }> {
  const wb = await readWorkbook(await wholeBuffer(input));
  const found: Table[] = [];
  let offset = 0;
  for (const sheet of wb.sheets) {
    for (let i = 0; i < Math.min(sheet.rows.length, 20); i++) {
      const header = new HeaderIndex(
        (sheet.rows[i] ?? []).map((c) => cellText(c)),
        ID,
        offset + i + 1,
      );
      if (header.find(NAME) < 0) continue;
      header.require(...NPI);
      header.require(...EFFECTIVE);
      found.push({ header, offset, rows: sheet.rows, start: i + 1 });
      break;
    }
    offset += sheet.rows.length;
  }
  if (!found.length) throw new PublisherFormatError(ID, 1, `no sheet has the header ${JSON.stringify(NAME)}`);
  return { tables: found, date1904: wb.date1904 };
}

/**
 * MassHealth suspended or excluded providers workbook. Sheet `Exclusions List`: `Provider Name,
 * Provider Type, National Provider Identifier (NPI), Unique ID, Suspension/Exclusion Reason,
 * Suspension/Exclusion Effective Date`; sheet `Removed fx the list` (sic): providers reinstated,
 * with `Reinstated into MassHealth` and `Notes` and no Unique ID. Both are read, a reinstated row
 * ending on its reinstatement date (so it is never in force after it). Sheets are found by header,
 * not by name or position. Names are one field, people `FIRST M LAST` (double spaces, `FARRIS,II`);
 * the provider type tells people from businesses. NPI cells are numbers, text, `NONE` or blank;
 * personal care attendants have a MassHealth `Unique ID` instead, kept as `Unique ID <n>` in the
 * license number (as the LEIE's UPIN is). Dates are Excel serials.
 *
 * Lines: a row's line is its Excel row number counted on through the workbook's sheets (the
 * second sheet's row 2 is line rows-of-the-first-sheet + 2), so lines grow through the file and
 * every record replays from its locator; on the first sheet the line is the Excel row number.
 */
async function* parseMa(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  const { tables: found, date1904 } = await tables(input);
  let count = 0;
  for (const t of found) {
    const reinstatement = t.header.find(...REINSTATED) >= 0;
    for (let j = t.start; j < t.rows.length; j++) {
      const cells = t.rows[j] ?? [];
      if (cells.every((c) => cellText(c).trim() === '')) continue;
      const line = t.offset + j + 1;
      const get = (names: string[]) => {
        const p = t.header.find(...names);
        return p < 0 ? null : (cells[p] ?? null);
      };
      const name = clean(get([NAME]));
      if (!name) throw new PublisherFormatError(ID, line, `${NAME} is empty`);
      const type = clean(get(TYPE));
      const r = emptyRecord('state', 'MA', { line, record: ++count });
      r.name = name;
      r.entity_type = entityOf(name, type);
      if (r.entity_type === 'individual') {
        const w = personParts(name);
        r.first_name = w[0] ?? null;
        r.last_name = w.length > 1 ? w[w.length - 1]! : null;
        r.middle_name = w.slice(1, -1).join(' ') || null;
      } else r.organization_name = name;
      const ids = npisIn(get(NPI));
      r.npis = ids.npis;
      r.npi_text = ids.text;
      const unique = clean(get(UNIQUE_ID));
      r.license_number = unique ? `Unique ID ${unique}` : null;
      r.provider_type = type;
      r.state = 'MA';
      r.action = clean(get(REASON));
      r.start_date = dateCell(get(EFFECTIVE), ID, line, date1904).date;
      if (reinstatement) {
        const end = dateCell(get(REINSTATED), ID, line, date1904);
        r.end_date = end.date;
        r.end_note = end.note ?? clean(get(NOTES));
      }
      yield r;
    }
  }
}

export const maLayout = defineLayout({ ...maHead, parse: parseMa });
