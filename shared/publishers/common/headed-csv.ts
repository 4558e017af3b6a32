import { csvRecords, isBlankRecord } from './csv';
import { PublisherFormatError } from './errors';
import { HeaderIndex } from './header';
import { lineStartOf, mark } from './resume';
import type { ByteInput, ParseOptions, ResumeHeader } from './types';

/**
 * The rows of a UTF-8 CSV whose columns are read by name from its header line: `layout` finds the
 * positions once, `row` builds each record (blank records skipped). Resumable: the header's names
 * travel in the resume point, so a resumed parse lays the columns out again without the first line.
 * A file without a header line is a format error.
 */
export async function* headedCsvRows<P, R>(
  input: ByteInput,
  options: ParseOptions | undefined,
  id: string,
  layout: (h: HeaderIndex) => P,
  row: (fields: string[], p: P, line: number, record: number) => R,
): AsyncGenerator<R> {
  const resume = options?.resumeAt;
  const cursor = options?.cursor;
  const start = lineStartOf(resume);
  const fields = resume?.header?.fields;
  let p: P | null = fields ? layout(new HeaderIndex([...fields], id, 1)) : null;
  let header: ResumeHeader | undefined = fields ? resume!.header : undefined;
  let n = resume?.record ?? 0;
  for await (const rec of csvRecords(input, 'utf-8', id, { start })) {
    if (p === null) {
      p = layout(new HeaderIndex(rec.fields, id, rec.line));
      header = { bom: start.bom, fields: rec.fields };
      continue;
    }
    if (isBlankRecord(rec.fields)) continue;
    const r = row(rec.fields, p, rec.line, ++n);
    mark(cursor, rec.end, rec.lastLine, n, header!);
    yield r;
  }
  if (p === null) throw new PublisherFormatError(id, 1, 'empty file: no header');
}
