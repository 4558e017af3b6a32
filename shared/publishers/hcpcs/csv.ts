import { csvRecords, isBlankRecord } from '../common/csv';
import { PublisherFormatError } from '../common/errors';
import { at, HeaderIndex, normalizeName } from '../common/header';
import type { ByteInput, PublisherParser } from '../common/types';
import { buildHcpcsRecord, type HcpcsRecord, hcpcsCodes, type RawHcpcs } from './record';

const ID = 'cms_hcpcs_level2/anweb-csv';

function columns(h: HeaderIndex, base: string, n: number): number[] {
  return Array.from({ length: n }, (_, i) => h.find(`${base}${i + 1}`, `${base}_${i + 1}`));
}

/** Column positions, by the publisher's CSV/XLSX names (with the underscore spellings some exports use). */
function layout(h: HeaderIndex) {
  return {
    hcpc: h.require('HCPC', 'HCPCS'),
    seq: h.find('SEQNUM'),
    recid: h.find('RECID'),
    long: h.require('LONG DESCRIPTION', 'LONG_DESCRIPTION'),
    short: h.find('SHORT DESCRIPTION', 'SHORT_DESCRIPTION'),
    prices: columns(h, 'PRICE', 4),
    multPi: h.find('MULT_PI'),
    cim: columns(h, 'CIM', 3),
    mcm: columns(h, 'MCM', 3),
    statute: h.find('STATUTE'),
    labcert: columns(h, 'LABCERT', 8),
    xref: columns(h, 'XREF', 5),
    cov: h.find('COV'),
    ascGrp: h.find('ASC_GRP'),
    ascDt: h.find('ASC_DT'),
    opps: h.find('OPPS'),
    oppsPi: h.find('OPPS_PI'),
    oppsDt: h.find('OPPS_DT'),
    procNote: h.find('PROCNOTE'),
    betos: h.find('BETOS'),
    tos: columns(h, 'TOS', 5),
    anestBu: h.find('ANEST_BU'),
    addDt: h.find('ADD_DT'),
    actEffDt: h.find('ACT_EFF_DT'),
    termDt: h.find('TERM_DT'),
    actionCd: h.find('ACTION_CD'),
  };
}

type Layout = ReturnType<typeof layout>;

function raw(f: string[], c: Layout, kind: RawHcpcs['kind']): RawHcpcs {
  const g = (p: number) => at(f, p);
  return {
    key: g(c.hcpc).trim(),
    kind,
    seq: g(c.seq),
    longParts: [g(c.long)],
    short: g(c.short),
    prices: c.prices.map(g),
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

/**
 * The CSV form of the ANWEB file (the publisher's XLSX saved as CSV): one header row named
 * HCPC, SEQNUM, RECID, LONG DESCRIPTION, ... ACTION_CD, then one row per record. When RECID is
 * present, rows with id 4 or 8 continue the previous record's long description exactly as in the
 * fixed-width file; without RECID every row is a record and a 2-character HCPC is a modifier.
 * Rows before the header (title lines) are skipped. Records equal the fixed-width parser's.
 */
async function* parseHcpcsCsv(input: ByteInput): AsyncGenerator<HcpcsRecord> {
  let c: Layout | null = null;
  let current: { raw: RawHcpcs; line: number } | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!c) {
      const first = normalizeName(f[0] ?? '');
      if (first === 'hcpc' || first === 'hcpcs') c = layout(new HeaderIndex(f, ID, rec.line));
      continue;
    }
    if (isBlankRecord(f)) continue;
    const recid = at(f, c.recid).trim();
    const key = at(f, c.hcpc).trim();
    if (recid === '4' || recid === '8') {
      const kind = recid === '4' ? 'procedure' : 'modifier';
      if (!current || current.raw.key !== key || current.raw.kind !== kind) {
        throw new PublisherFormatError(ID, rec.line, `continuation of ${key} without its first record`);
      }
      current.raw.longParts.push(at(f, c.long));
      continue;
    }
    if (recid !== '' && recid !== '3' && recid !== '7') {
      throw new PublisherFormatError(ID, rec.line, `unknown RECID ${JSON.stringify(recid)}`);
    }
    if (current) yield buildHcpcsRecord(current.raw, ID, current.line, ++count);
    const kind = recid === '7' || (recid === '' && key.length === 2) ? 'modifier' : 'procedure';
    current = { raw: raw(f, c, kind), line: rec.line };
  }
  if (!c) throw new PublisherFormatError(ID, 1, 'no header row starting with HCPC');
  if (current) yield buildHcpcsRecord(current.raw, ID, current.line, ++count);
}

export const hcpcsCsvParser: PublisherParser<HcpcsRecord> = {
  id: ID,
  version: '1',
  parse: (input) => parseHcpcsCsv(input),
  codesOf: hcpcsCodes,
};
