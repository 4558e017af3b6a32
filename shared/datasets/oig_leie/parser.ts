import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';

const ID = 'oig_leie/leie-csv';

/**
 * One LEIE row (UPDATED.csv, and the monthly supplements YYMMEXCL.csv / YYMMREIN.csv, which share
 * the layout). The sentinels are read as "none": `00000000` dates and the `0000000000` NPI are null.
 */
export interface LeieRecord extends Located {
  /** `individual` when LASTNAME is filled, else `entity` (BUSNAME only). */
  entity_type: 'individual' | 'entity';
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  business_name: string | null;
  general: string | null;
  specialty: string | null;
  upin: string | null;
  npi: string | null;
  dob: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Statutory authority, e.g. `1128a1`. */
  exclusion_type: string | null;
  exclusion_date: string;
  reinstatement_date: string | null;
  waiver_date: string | null;
  waiver_state: string | null;
}

const COLUMNS = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

/** The LEIE CSV: an unquoted header, every value double-quoted, dates YYYYMMDD, CRLF. */
async function* parseLeie(input: ByteInput): AsyncGenerator<LeieRecord> {
  let pos: Record<(typeof COLUMNS)[number], number> | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!pos) {
      if (normalizeName(f[0] ?? '') !== 'lastname')
        throw new PublisherFormatError(ID, rec.line, 'header must start with LASTNAME');
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(COLUMNS.map((c) => [c, h.require(c)])) as Record<(typeof COLUMNS)[number], number>;
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (c: (typeof COLUMNS)[number]) => text(at(f, pos![c]));
    const date = (c: (typeof COLUMNS)[number]) => parseDate(at(f, pos![c]), ID, rec.line);
    const npi = g('NPI');
    if (npi !== null && !/^\d{10}$/.test(npi))
      throw new PublisherFormatError(ID, rec.line, `NPI ${npi} is not 10 digits`);
    const exclusion = date('EXCLDATE');
    if (!exclusion) throw new PublisherFormatError(ID, rec.line, 'EXCLDATE is empty');
    const last = g('LASTNAME');
    yield {
      entity_type: last ? 'individual' : 'entity',
      last_name: last,
      first_name: g('FIRSTNAME'),
      middle_name: g('MIDNAME'),
      business_name: g('BUSNAME'),
      general: g('GENERAL'),
      specialty: g('SPECIALTY'),
      upin: g('UPIN'),
      npi: npi === '0000000000' ? null : npi,
      dob: date('DOB'),
      address: g('ADDRESS'),
      city: g('CITY'),
      state: g('STATE'),
      zip: g('ZIP'),
      exclusion_type: g('EXCLTYPE'),
      exclusion_date: exclusion,
      reinstatement_date: date('REINDATE'),
      waiver_date: date('WAIVERDATE'),
      waiver_state: g('WVRSTATE'),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const leieParser: PublisherParser<LeieRecord> = {
  id: ID,
  version: '1',
  parse: (input) => parseLeie(input),
  codesOf: () => [],
};
