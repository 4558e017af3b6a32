import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import { lineStartOf, mark } from '../../publishers/common/resume';
import type { ByteInput, Located, ParseOptions, PublisherParser, ResumeHeader } from '../../publishers/common/types';
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

type Positions = Record<(typeof COLUMNS)[number], number>;

function positions(fields: string[], line: number): Positions {
  if (normalizeName(fields[0] ?? '') !== 'lastname')
    throw new PublisherFormatError(ID, line, 'header must start with LASTNAME');
  const h = new HeaderIndex(fields, ID, line);
  return Object.fromEntries(COLUMNS.map((c) => [c, h.require(c)])) as Positions;
}

/**
 * The LEIE CSV: an unquoted header, every value double-quoted, dates YYYYMMDD, CRLF. Resumable:
 * the header's column names travel in the resume point.
 */
async function* parseLeie(input: ByteInput, options?: ParseOptions): AsyncGenerator<LeieRecord> {
  const resumeAt = options?.resumeAt;
  const cursor = options?.cursor;
  const start = lineStartOf(resumeAt);
  let pos: Positions | null = resumeAt?.header?.fields ? positions([...resumeAt.header.fields], 1) : null;
  let header: ResumeHeader | undefined = pos ? resumeAt!.header : undefined;
  let count = resumeAt?.record ?? 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID, { start })) {
    const f = rec.fields;
    if (!pos) {
      pos = positions(f, rec.line);
      header = { bom: start.bom, fields: f };
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
    mark(cursor, rec.end, rec.lastLine, ++count, header!);
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
      locator: { line: rec.line, record: count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const leieParser: PublisherParser<LeieRecord> = {
  id: ID,
  version: '1',
  resumable: true,
  parse: (input, options) => parseLeie(input, options),
  codesOf: () => [],
};
