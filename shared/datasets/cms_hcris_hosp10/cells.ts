import { type HcrisCell, type HcrisCellsRow, KEPT_WORKSHEETS } from '../../hospitals/hcris-rows';
import { csvRecords } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { readLineBatches } from '../../publishers/common/lines';
import { lineStartOf, mark } from '../../publishers/common/resume';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { ALPHA_PARSER_HEAD, NMRC_PARSER_HEAD } from './head';

/** Cells one stored row holds at most (a worksheet A of a large system has about 2,000). */
export const MAX_CELLS_PER_ROW = 2000;

/**
 * NMRC and ALPHA share one record layout (HCRIS 2552-10 documentation): RPT_REC_NUM, WKSHT_CD,
 * LINE_NUM, CLMN_NUM and the value (ITM_VAL_NUM, a number; ALPHNMRC_ITM_TXT, text), no header. Only
 * the worksheets the reads serve are kept (G, S-10, A: `KEPT_WORKSHEETS`); the others are checked
 * for their field count and skipped. Consecutive cells of one report and worksheet become one row
 * (at most MAX_CELLS_PER_ROW cells), so a year of tens of millions of cells loads as a few rows per
 * report, holding one run in memory.
 */
class Runs {
  private run: HcrisCellsRow | null = null;
  private record: number;
  private lastEnd = 0;
  constructor(
    private readonly table: 'NMRC' | 'ALPHA',
    private readonly options: ParseOptions | undefined,
    private readonly bom: () => boolean,
  ) {
    this.record = options?.resumeAt?.record ?? 0;
  }

  /** Adds a cell; returns the run it closes, if any. */
  add(rpt: string, wksht: string, cell: HcrisCell, line: number, lastLine: number, end: number): HcrisCellsRow | null {
    const r = this.run;
    let closed: HcrisCellsRow | null = null;
    if (!r || r.rpt_rec_num !== rpt || r.worksheet !== wksht || r.cells.length >= MAX_CELLS_PER_ROW) {
      closed = this.close();
      this.run = {
        rpt_rec_num: rpt,
        worksheet: wksht,
        table: this.table,
        cells: [],
        last_line: line,
        locator: { line, record: 0 },
      };
    }
    this.run!.cells.push(cell);
    this.run!.last_line = lastLine;
    this.lastEnd = end;
    return closed;
  }

  /** The open run, numbered and marked as the point after its last line. */
  close(): HcrisCellsRow | null {
    const r = this.run;
    this.run = null;
    if (!r) return null;
    r.locator.record = ++this.record;
    mark(this.options?.cursor, this.lastEnd, r.last_line, this.record, { bom: this.bom() });
    return r;
  }
}

function checkKeys(id: string, line: number, rpt: string, wksht: string, ln: string, col: string): void {
  if (!/^\d+$/.test(rpt))
    throw new PublisherFormatError(id, line, `RPT_REC_NUM ${JSON.stringify(rpt)} is not a number`);
  if (!/^[A-Z0-9]{7}$/.test(wksht))
    throw new PublisherFormatError(id, line, `WKSHT_CD ${JSON.stringify(wksht)} is not a worksheet code`);
  if (!/^\d{1,5}$/.test(ln)) throw new PublisherFormatError(id, line, `LINE_NUM ${JSON.stringify(ln)} is not a line`);
  if (!/^[0-9A-Z]{1,5}$/.test(col))
    throw new PublisherFormatError(id, line, `CLMN_NUM ${JSON.stringify(col)} is not a column`);
}

const pad5 = (s: string) => s.padStart(5, '0');

async function* parseNumeric(input: ByteInput, options?: ParseOptions): AsyncGenerator<HcrisCellsRow> {
  const id = NMRC_PARSER_HEAD.id;
  const start = lineStartOf(options?.resumeAt);
  const runs = new Runs('NMRC', options, () => start.bom);
  // NMRC holds no quotes or text: a plain split per line (the CSV reader costs about twice as much).
  for await (const batch of readLineBatches(input, 'latin1', id, start)) {
    for (const pl of batch) {
      const s = pl.text;
      if (s === '' || s.trim() === '') continue;
      const f = s.split(',');
      if (f.length !== 5)
        throw new PublisherFormatError(id, pl.line, `expected 5 fields (NMRC layout), found ${f.length}`);
      const wksht = f[1]!.trim();
      if (!KEPT_WORKSHEETS.has(wksht)) continue;
      const rpt = f[0]!.trim();
      const ln = f[2]!.trim();
      const col = f[3]!.trim();
      checkKeys(id, pl.line, rpt, wksht, ln, col);
      const raw = f[4]!.trim();
      const value = Number(raw);
      if (raw === '' || !Number.isFinite(value))
        throw new PublisherFormatError(id, pl.line, `ITM_VAL_NUM ${JSON.stringify(f[4])} is not a number`);
      const closed = runs.add(rpt, wksht, [pad5(ln), pad5(col), value], pl.line, pl.line, pl.end);
      if (closed) yield closed;
    }
  }
  const last = runs.close();
  if (last) yield last;
}

async function* parseAlpha(input: ByteInput, options?: ParseOptions): AsyncGenerator<HcrisCellsRow> {
  const id = ALPHA_PARSER_HEAD.id;
  const start = lineStartOf(options?.resumeAt);
  const runs = new Runs('ALPHA', options, () => start.bom);
  // Text may hold commas (quoted) and characters beyond ASCII (read as Windows-1252).
  for await (const rec of csvRecords(input, 'windows-1252', id, { start })) {
    const f = rec.fields;
    if (f.every((x) => x.trim() === '')) continue;
    if (f.length !== 5)
      throw new PublisherFormatError(id, rec.line, `expected 5 fields (ALPHA layout), found ${f.length}`);
    const wksht = f[1]!.trim();
    if (!KEPT_WORKSHEETS.has(wksht)) continue;
    const rpt = f[0]!.trim();
    const ln = f[2]!.trim();
    const col = f[3]!.trim();
    checkKeys(id, rec.line, rpt, wksht, ln, col);
    const closed = runs.add(rpt, wksht, [pad5(ln), pad5(col), f[4]!.trim()], rec.line, rec.lastLine, rec.end);
    if (closed) yield closed;
  }
  const last = runs.close();
  if (last) yield last;
}

/** HOSP10_<year>_NMRC.CSV: the numeric cells of worksheets G, S-10 and A, a row per report and worksheet run. */
export const nmrcParser: PublisherParser<HcrisCellsRow> = {
  ...NMRC_PARSER_HEAD,
  resumable: true,
  parse: parseNumeric,
  codesOf: () => [],
};

/** HOSP10_<year>_ALPHA.CSV: the text cells of the same worksheets (cost-center names of worksheet A). */
export const alphaParser: PublisherParser<HcrisCellsRow> = {
  ...ALPHA_PARSER_HEAD,
  resumable: true,
  parse: parseAlpha,
  codesOf: () => [],
};
