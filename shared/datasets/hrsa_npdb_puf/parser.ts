import type { NpdbRow } from '../../providers/licenses/rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { integer, text } from '../../publishers/common/values';
import { NPDB_PARSER_HEAD } from './head';

const ID = NPDB_PARSER_HEAD.id;

/**
 * Record types (RECTYPE): malpractice payment reports (`M` before the 2004 format, `P` after) and
 * adverse action reports (`A` before, `R` after). Any other code is kept as `other`.
 */
export function reportClass(rectype: string): NpdbRow['report_class'] {
  const t = rectype.toUpperCase();
  if (t === 'M' || t === 'P') return 'malpractice_payment';
  if (t === 'A' || t === 'R') return 'adverse_action';
  return 'other';
}

/**
 * The NPDB Public Use Data File, CSV form (NPDByymm.CSV): one row per report, 54 variables named as
 * the format specification's Variable Layout names them (read case-insensitively: the
 * specification prints them lower case). Of them the benchmark keeps the record and report type,
 * the years, the practitioner's work and licence states, the field of licence and the first
 * adverse action classification. A row without a licence state is kept under `--` (the
 * specification allows blanks: foreign or unknown).
 */
async function* parseNpdb(input: ByteInput): AsyncGenerator<NpdbRow> {
  let pos: Record<string, number> | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields.map((x) => x.trim());
    if (!pos) {
      const h = new HeaderIndex(
        f.map((n) => normalizeName(n)),
        ID,
        rec.line,
      );
      pos = {
        seqno: h.require('seqno'),
        rectype: h.require('rectype'),
        reptype: h.require('reptype'),
        origyear: h.require('origyear'),
        workstat: h.find('workstat'),
        licnstat: h.require('licnstat'),
        licnfeld: h.find('licnfeld'),
        aayear: h.find('aayear'),
        aaclass1: h.find('aaclass1'),
      };
      continue;
    }
    if (isBlankRecord(f)) continue;
    const p = pos;
    const seqno = text(at(f, p.seqno!));
    const rectype = text(at(f, p.rectype!));
    if (!seqno || !rectype) throw new PublisherFormatError(ID, rec.line, 'SEQNO or RECTYPE is empty');
    yield {
      seqno,
      rectype,
      report_class: reportClass(rectype),
      reptype: text(at(f, p.reptype!)),
      origyear: integer(at(f, p.origyear!), ID, rec.line),
      work_state: text(at(f, p.workstat!))?.toUpperCase() ?? null,
      license_state: text(at(f, p.licnstat!))?.toUpperCase() ?? '--',
      license_field: text(at(f, p.licnfeld!)),
      aa_year: integer(at(f, p.aayear!), ID, rec.line),
      aa_class1: text(at(f, p.aaclass1!)),
      locator: { line: rec.line, record: ++count },
    };
  }
}

export const npdbParser: PublisherParser<NpdbRow> = {
  ...NPDB_PARSER_HEAD,
  parse: (input) => parseNpdb(input),
  codesOf: () => [],
};
