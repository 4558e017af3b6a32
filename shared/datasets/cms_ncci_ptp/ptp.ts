import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { readLineBatches } from '../../publishers/common/lines';
import { lineStartOf, mark } from '../../publishers/common/resume';
import type { ByteInput, Located, ParseOptions, PublisherParser, ResumeHeader } from '../../publishers/common/types';
import { codeText, text } from '../../publishers/common/values';

const ID = 'cms_ncci_ptp/ptp-txt';

/**
 * One procedure-to-procedure edit: column 2 is not paid with column 1 on the same date unless the
 * modifier indicator allows it (0 not allowed, 1 allowed, 9 not applicable). `deletion_date` is
 * null when the file prints `*` (the edit is open).
 */
export interface PtpRecord extends Located {
  column1: string;
  column2: string;
  /** The `*=in existence prior to 1996` column. */
  prior_1996: boolean;
  effective_date: string;
  deletion_date: string | null;
  modifier_indicator: 0 | 1 | 9;
  rationale: string | null;
}

const CODE = /^[A-Z0-9]{5}$/;
/** A data line opens with two codes and a tab; the copyright, title and wrapped header lines never do. */
const DATA = /^[A-Z0-9]{5}\t[A-Z0-9]{5}\t/;

/**
 * The NCCI PTP text file (ccipra-vNNNrN-fN.TXT practitioner, ccioph-... outpatient hospital):
 * tab-delimited, no quoting; a copyright line, a title line and a header wrapped over four lines,
 * then column 1, column 2, prior-1996 flag, effective date YYYYMMDD, deletion date YYYYMMDD or `*`,
 * modifier indicator, rationale. Parsed line by line (files exceed 100 MB): memory stays flat.
 * Resumable: after any edit line the next line is a record boundary, and the preamble decides
 * nothing the data lines need.
 */
async function* parsePtp(input: ByteInput, options?: ParseOptions): AsyncGenerator<PtpRecord> {
  const at = options?.resumeAt;
  const cursor = options?.cursor;
  const start = lineStartOf(at);
  let count = at?.record ?? 0;
  let started = at !== undefined;
  let header: ResumeHeader | undefined;
  for await (const batch of readLineBatches(input, 'windows-1252', ID, start)) {
    for (const pl of batch) {
      const s = pl.text;
      if (!DATA.test(s)) {
        if (!started || s.trim() === '') continue;
        throw new PublisherFormatError(ID, pl.line, 'not a PTP edit line');
      }
      started = true;
      const f = s.split('\t');
      const c1 = codeText(f[0]!);
      const c2 = codeText(f[1]!);
      if (!CODE.test(c1) || !CODE.test(c2)) throw new PublisherFormatError(ID, pl.line, 'column 1 or 2 is not a code');
      const prior = (f[2] ?? '').trim();
      if (prior !== '' && prior !== '*')
        throw new PublisherFormatError(ID, pl.line, `unexpected prior-1996 flag ${prior}`);
      const effective = parseDate(f[3] ?? '', ID, pl.line);
      if (!effective) throw new PublisherFormatError(ID, pl.line, 'empty effective date');
      const mod = (f[5] ?? '').trim();
      if (mod !== '0' && mod !== '1' && mod !== '9') {
        throw new PublisherFormatError(ID, pl.line, `modifier indicator ${JSON.stringify(mod)} is not 0, 1 or 9`);
      }
      header ??= { bom: start.bom };
      mark(cursor, pl.end, pl.line, ++count, header);
      yield {
        column1: c1,
        column2: c2,
        prior_1996: prior === '*',
        effective_date: effective,
        deletion_date: parseDate(f[4] ?? '', ID, pl.line, ['*']),
        modifier_indicator: Number(mod) as 0 | 1 | 9,
        rationale: text(f[6] ?? ''),
        locator: { line: pl.line, record: count },
      };
    }
  }
}

export const ptpParser: PublisherParser<PtpRecord> = {
  id: ID,
  version: '1',
  resumable: true,
  parse: (input, options) => parsePtp(input, options),
  codesOf: (r) => [r.column1, r.column2],
};
