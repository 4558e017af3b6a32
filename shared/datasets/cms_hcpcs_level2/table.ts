import { isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import { buildHcpcsRecord, type HcpcsRecord, type RawHcpcs } from './record';

/**
 * The tabular forms of the ANWEB record file (the .xlsx CMS ships beside the fixed-width .txt, and
 * a CSV saved from it), read by header name: one header row named HCPC, SEQNUM, RECID, LONG
 * DESCRIPTION, SHORT DESCRIPTION, ... ACTION_CD, then one row per physical record of the
 * fixed-width file. Column names are matched with underscores or spaces (`ADD_DT`, `ADD DT`: CMS
 * has shipped both) and numbered columns with or without a separator (`PRICE1`, `PRICE_1`).
 */

/** A name as CMS spells it in one year or another: with underscores, or with spaces. */
function spellings(name: string): string[] {
  return name.includes('_') ? [name, name.replace(/_/g, ' ')] : [name];
}

function columns(h: HeaderIndex, base: string, n: number): number[] {
  return Array.from({ length: n }, (_, i) => h.find(`${base}${i + 1}`, `${base}_${i + 1}`, `${base} ${i + 1}`));
}

/** Column positions of a header row (-1 for a column the file does not have). */
export function hcpcsLayout(h: HeaderIndex) {
  const f = (name: string) => h.find(...spellings(name));
  return {
    hcpc: h.require('HCPC', 'HCPCS'),
    seq: f('SEQNUM'),
    recid: f('RECID'),
    long: h.require('LONG DESCRIPTION', 'LONG_DESCRIPTION'),
    short: f('SHORT_DESCRIPTION'),
    prices: columns(h, 'PRICE', 4),
    multPi: f('MULT_PI'),
    cim: columns(h, 'CIM', 3),
    mcm: columns(h, 'MCM', 3),
    statute: f('STATUTE'),
    labcert: columns(h, 'LABCERT', 8),
    xref: columns(h, 'XREF', 5),
    cov: f('COV'),
    ascGrp: f('ASC_GRP'),
    ascDt: f('ASC_DT'),
    opps: f('OPPS'),
    oppsPi: f('OPPS_PI'),
    oppsDt: f('OPPS_DT'),
    procNote: f('PROCNOTE'),
    betos: f('BETOS'),
    tos: columns(h, 'TOS', 5),
    anestBu: f('ANEST_BU'),
    addDt: f('ADD_DT'),
    actEffDt: f('ACT_EFF_DT'),
    termDt: f('TERM_DT'),
    actionCd: f('ACTION_CD'),
  };
}

export type HcpcsLayout = ReturnType<typeof hcpcsLayout>;

/** Positions of the date columns, whose numeric spreadsheet cells need reading as dates. */
export function dateColumns(c: HcpcsLayout): number[] {
  return [c.ascDt, c.oppsDt, c.addDt, c.actEffDt, c.termDt].filter((p) => p >= 0);
}

/** The header row: its first cell is HCPC (or HCPCS). Rows above it are title or disclaimer rows. */
export function isHeaderRow(fields: readonly string[]): boolean {
  const first = normalizeName(fields[0] ?? '');
  return first === 'hcpc' || first === 'hcpcs';
}

/**
 * Spreadsheets drop the leading zeros of number-like text: the fixed-width layout has SEQNUM as 5
 * digits and pricing indicators as 2, so a shorter all-digit value gets its zeros back.
 */
function zeroPad(s: string, width: number): string {
  const t = s.trim();
  return /^\d+$/.test(t) && t.length < width ? t.padStart(width, '0') : s;
}

function raw(f: readonly string[], c: HcpcsLayout, kind: RawHcpcs['kind']): RawHcpcs {
  const g = (p: number) => at(f, p);
  return {
    key: g(c.hcpc).trim(),
    kind,
    seq: zeroPad(g(c.seq), 5),
    longParts: [g(c.long)],
    short: g(c.short),
    prices: c.prices.map((p) => zeroPad(g(p), 2)),
    multPi: g(c.multPi),
    cim: c.cim.map(g),
    mcm: c.mcm.map(g),
    statute: g(c.statute),
    labcert: c.labcert.map(g),
    xref: c.xref.map(g),
    cov: g(c.cov),
    ascGrp: g(c.ascGrp),
    ascDt: g(c.ascDt),
    opps: g(c.opps),
    oppsPi: g(c.oppsPi),
    oppsDt: g(c.oppsDt),
    procNote: g(c.procNote),
    betos: g(c.betos),
    tos: c.tos.map(g),
    anestBu: g(c.anestBu),
    addDt: g(c.addDt),
    actEffDt: g(c.actEffDt),
    termDt: g(c.termDt),
    actionCd: g(c.actionCd),
  };
}

/** One row of the table as text cells, with the line its locator names (CSV line, or sheet row). */
export interface TableRow {
  fields: readonly string[];
  line: number;
}

/**
 * Records from the rows of a tabular ANWEB form, in row order. Rows before the header row are
 * skipped. When RECID is present, rows with id 4 or 8 continue the previous record's long
 * description exactly as in the fixed-width file; without RECID every row is a record and a
 * 2-character HCPC is a modifier. Records equal the fixed-width parser's (locators differ).
 */
export async function* hcpcsTableRecords(rows: AsyncIterable<TableRow>, parserId: string): AsyncGenerator<HcpcsRecord> {
  let c: HcpcsLayout | null = null;
  let current: { raw: RawHcpcs; line: number } | null = null;
  let count = 0;
  for await (const { fields: f, line } of rows) {
    if (!c) {
      if (isHeaderRow(f)) c = hcpcsLayout(new HeaderIndex(f, parserId, line));
      continue;
    }
    if (isBlankRecord(f)) continue;
    const recid = at(f, c.recid).trim();
    const key = at(f, c.hcpc).trim();
    if (recid === '4' || recid === '8') {
      const kind = recid === '4' ? 'procedure' : 'modifier';
      if (!current || current.raw.key !== key || current.raw.kind !== kind) {
        throw new PublisherFormatError(parserId, line, `continuation of ${key} without its first record`);
      }
      current.raw.longParts.push(at(f, c.long));
      continue;
    }
    if (recid !== '' && recid !== '3' && recid !== '7') {
      throw new PublisherFormatError(parserId, line, `unknown RECID ${JSON.stringify(recid)}`);
    }
    if (current) yield buildHcpcsRecord(current.raw, parserId, current.line, ++count);
    const kind = recid === '7' || (recid === '' && key.length === 2) ? 'modifier' : 'procedure';
    current = { raw: raw(f, c, kind), line };
  }
  if (!c) throw new PublisherFormatError(parserId, 1, 'no header row starting with HCPC');
  if (current) yield buildHcpcsRecord(current.raw, parserId, current.line, ++count);
}
