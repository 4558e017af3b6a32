import { type HcrisProviderRow, hcrisCcn } from '../../hospitals/hcris-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { PROVIDER_PARSER_HEAD } from './head';

const ID = PROVIDER_PARSER_HEAD.id;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `01-OCT-22` (Oracle DD-MON-YY, as the file writes FYB and FYE) to ISO; two-digit years are 20YY. */
export function oracleDate(raw: string, line: number): string | null {
  const s = raw.trim().toUpperCase();
  if (s === '') return null;
  const m = /^(\d{1,2})-([A-Z]{3})-(\d{2}|\d{4})$/.exec(s);
  const month = m ? MONTHS.indexOf(m[2]!) + 1 : 0;
  if (!m || month === 0) throw new PublisherFormatError(ID, line, `unreadable date ${JSON.stringify(raw)}`);
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const iso = `${year}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new PublisherFormatError(ID, line, `impossible date ${JSON.stringify(raw)}`);
  return iso;
}

type Field =
  | 'ccn'
  | 'fyb'
  | 'fye'
  | 'status'
  | 'ctrl'
  | 'name'
  | 'street'
  | 'po_box'
  | 'city'
  | 'state'
  | 'zip'
  | 'county';
/** Column names of HOSPITAL10_PROVIDER_ID_INFO.CSV, read by header name. */
const COLUMNS: Record<Field, string> = {
  ccn: 'PROVIDER_NUMBER',
  fyb: 'FYB',
  fye: 'FYE',
  status: 'STATUS',
  ctrl: 'CTRL_TYPE',
  name: 'HOSP10_Name',
  street: 'Street_Addr',
  po_box: 'PO_Box',
  city: 'City',
  state: 'State',
  zip: 'Zip_Code',
  county: 'County',
};
const OPTIONAL: ReadonlySet<Field> = new Set(['po_box', 'county', 'ctrl', 'status']);

async function* parseProviders(input: ByteInput): AsyncGenerator<HcrisProviderRow> {
  let pos: Record<Field, number> | null = null;
  let names: string[] = [];
  let record = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(
        (Object.keys(COLUMNS) as Field[]).map((k) => [k, OPTIONAL.has(k) ? h.find(COLUMNS[k]) : h.require(COLUMNS[k])]),
      ) as Record<Field, number>;
      names = f.map((n) => n.trim());
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Field) => at(f, pos![k]);
    const ccn = hcrisCcn(g('ccn'));
    if (!ccn) throw new PublisherFormatError(ID, rec.line, `PROVIDER_NUMBER ${JSON.stringify(g('ccn'))} is not a CCN`);
    const zip = text(g('zip'));
    yield {
      ccn,
      name: text(g('name')),
      street: text(g('street')),
      po_box: text(g('po_box')),
      city: text(g('city')),
      state: text(g('state'))?.toUpperCase() ?? null,
      // `35957-`: a ZIP+4 whose four digits are missing keeps its five.
      zip: zip ? zip.replace(/-$/, '') : null,
      county: text(g('county')),
      fy_begin: oracleDate(g('fyb'), rec.line),
      fy_end: oracleDate(g('fye'), rec.line),
      status: text(g('status')),
      control_type_code: text(g('ctrl')),
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/** HOSPITAL10_PROVIDER_ID_INFO.CSV: one row per provider with its name and address. */
export const providerParser: PublisherParser<HcrisProviderRow> = {
  ...PROVIDER_PARSER_HEAD,
  parse: (input) => parseProviders(input),
  codesOf: () => [],
};
