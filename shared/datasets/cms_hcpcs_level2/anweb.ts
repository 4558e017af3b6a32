import { PublisherFormatError } from '../../publishers/common/errors';
import { readLineBatches } from '../../publishers/common/lines';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { buildHcpcsRecord, type HcpcsRecord, hcpcsCodes, type RawHcpcs } from './record';

const ID = 'cms_hcpcs_level2/anweb-txt';

/** 1-based inclusive column positions from HCPCS2019_recordlayout.txt. */
function cut(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

function repeat(line: string, from: number, width: number, times: number): string[] {
  return Array.from({ length: times }, (_, i) => cut(line, from + i * width, from + (i + 1) * width - 1));
}

/** Positions 1-11: a 5-character code (or 3 blanks and a 2-character modifier), a 5-digit sequence, a record id. */
const RECORD_START = /^(?:[A-Z0-9]{5}| {3}[A-Z0-9]{2})\d{5}[3478]/;

/**
 * Some releases print the ASC effective date one field early, in positions 231-238 with no ASC
 * group (HCPC2018 C9488: `D20170401  `). Read such a record as "no group, that date" rather than
 * as group `20` and the unreadable date `170401`.
 */
function ascFields(line: string): { grp: string; dt: string } {
  const grp = cut(line, 231, 232);
  const dt = cut(line, 233, 240);
  const shifted = cut(line, 231, 238);
  if (/^(19|20)\d{6}$/.test(shifted) && cut(line, 239, 240).trim() === '') return { grp: '', dt: shifted };
  return { grp, dt };
}

function firstLine(line: string): RawHcpcs {
  const rid = line[10];
  const asc = ascFields(line);
  return {
    key: cut(line, 1, 5),
    kind: rid === '7' ? 'modifier' : 'procedure',
    seq: cut(line, 6, 10),
    longParts: [cut(line, 12, 91)],
    short: cut(line, 92, 119),
    prices: repeat(line, 120, 2, 4),
    multPi: cut(line, 128, 128),
    cim: repeat(line, 129, 6, 3),
    mcm: repeat(line, 147, 8, 3),
    statute: cut(line, 171, 180),
    labcert: repeat(line, 181, 3, 8),
    xref: repeat(line, 205, 5, 5),
    cov: cut(line, 230, 230),
    ascGrp: asc.grp,
    ascDt: asc.dt,
    opps: cut(line, 241, 243),
    oppsPi: cut(line, 244, 244),
    oppsDt: cut(line, 245, 252),
    procNote: cut(line, 253, 256),
    betos: cut(line, 257, 259),
    tos: repeat(line, 261, 1, 5),
    anestBu: cut(line, 266, 268),
    addDt: cut(line, 269, 276),
    actEffDt: cut(line, 277, 284),
    termDt: cut(line, 285, 292),
    actionCd: cut(line, 293, 293),
  };
}

/**
 * The HCPCS Level II alpha-numeric file (HCPCyyyy_..._ANWEB*.txt): fixed-width 320-character
 * records after free-text "Disclaimers" preamble lines. Record id 3 (procedure) or 7 (modifier)
 * opens a record; ids 4 and 8 continue its long description (positions 12-91) and are folded in,
 * joined with single spaces. The publisher writes Windows-1252 (0xA0 no-break spaces in the
 * preamble). After the first record, any line that is neither a record nor blank is a format error.
 */
async function* parseAnweb(input: ByteInput): AsyncGenerator<HcpcsRecord> {
  let current: { raw: RawHcpcs; line: number } | null = null;
  let count = 0;
  let started = false;
  for await (const batch of readLineBatches(input, 'windows-1252', ID)) {
    for (const pl of batch) {
      const line = pl.text.padEnd(320, ' ');
      if (!RECORD_START.test(line)) {
        if (!started || pl.text.trim() === '') continue;
        throw new PublisherFormatError(ID, pl.line, 'not a HCPCS record line');
      }
      started = true;
      const rid = line[10];
      if (rid === '4' || rid === '8') {
        const key = cut(line, 1, 5);
        const expected = rid === '4' ? 'procedure' : 'modifier';
        if (!current || current.raw.key !== key || current.raw.kind !== expected) {
          throw new PublisherFormatError(ID, pl.line, `continuation of ${key.trim()} without its first record`);
        }
        current.raw.longParts.push(cut(line, 12, 91));
        continue;
      }
      if (current) yield buildHcpcsRecord(current.raw, ID, current.line, ++count);
      current = { raw: firstLine(line), line: pl.line };
    }
  }
  if (current) yield buildHcpcsRecord(current.raw, ID, current.line, ++count);
}

export const hcpcsAnwebParser: PublisherParser<HcpcsRecord> = {
  id: ID,
  version: '1',
  parse: (input) => parseAnweb(input),
  codesOf: hcpcsCodes,
};
