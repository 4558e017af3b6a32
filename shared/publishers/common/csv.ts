import { PublisherFormatError } from './errors';
import { type LineStart, type PhysicalLine, readLineBatches } from './lines';
import type { ByteInput, Encoding } from './types';

/**
 * One logical CSV record: its fields, the physical lines it spans (first and last, 1-based) and
 * `end`, the byte offset just past its last line (where the next record starts).
 */
export interface CsvRecord {
  fields: string[];
  line: number;
  lastLine: number;
  end: number;
}

export interface CsvOptions {
  /** Field delimiter; default `,`. */
  delimiter?: string;
  parserId?: string;
  /** Guard against a runaway quoted field swallowing the file; default 64 Mi characters. */
  maxRecordChars?: number;
}

/**
 * RFC 4180 records over batches of physical lines (see readLineBatches), yielded in batches. A
 * quoted field may hold delimiters, doubled quotes and line breaks; a line break inside quotes is
 * kept exactly as the file had it (CRLF or LF), so field text is what the publisher wrote.
 * Leniencies the publishers need: a quote that does not open a field is literal, and text after a
 * closing quote is kept. A file ending inside a quoted field is a format error naming the line the
 * record started on.
 */
export async function* readCsv(
  batches: AsyncIterable<PhysicalLine[]>,
  opts: CsvOptions = {},
): AsyncGenerator<CsvRecord[]> {
  const delim = opts.delimiter ?? ',';
  const max = opts.maxRecordChars ?? 64 * 1024 * 1024;
  const parserId = opts.parserId ?? 'csv';
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let startLine = 0;
  let size = 0;
  for await (const lines of batches) {
    const out: CsvRecord[] = [];
    for (const pl of lines) {
      const s = pl.text;
      if (!inQuotes) {
        startLine = pl.line;
        size = 0;
        if (s.indexOf('"') < 0) {
          out.push({ fields: s.split(delim), line: pl.line, lastLine: pl.line, end: pl.end });
          continue;
        }
        fields = [];
        field = '';
      }
      size += s.length;
      if (size > max) throw new PublisherFormatError(parserId, startLine, `record longer than ${max} characters`);
      const n = s.length;
      let i = 0;
      let atFieldStart = !inQuotes;
      while (i <= n) {
        if (inQuotes) {
          const q = s.indexOf('"', i);
          if (q < 0) {
            field += s.slice(i) + pl.eol;
            break;
          }
          field += s.slice(i, q);
          if (s.charCodeAt(q + 1) === 34) {
            field += '"';
            i = q + 2;
          } else {
            inQuotes = false;
            i = q + 1;
          }
          continue;
        }
        if (atFieldStart && s.charCodeAt(i) === 34) {
          inQuotes = true;
          atFieldStart = false;
          i++;
          continue;
        }
        const d = s.indexOf(delim, i);
        if (d < 0) {
          fields.push(field + s.slice(i));
          field = '';
          break;
        }
        fields.push(field + s.slice(i, d));
        field = '';
        i = d + delim.length;
        atFieldStart = true;
        if (i === n) {
          fields.push('');
          break;
        }
      }
      if (!inQuotes) out.push({ fields, line: startLine, lastLine: pl.line, end: pl.end });
    }
    if (out.length > 0) yield out;
  }
  if (inQuotes) throw new PublisherFormatError(parserId, startLine, 'file ends inside a quoted field');
}

/** True when every field is empty or whitespace (publisher spacer rows such as `,,,,`). */
export function isBlankRecord(fields: readonly string[]): boolean {
  return fields.every((f) => f.trim() === '');
}

/**
 * Convenience for CSV parsers: decoded, split and parsed records one by one (one async hop per
 * record, which is noise next to the parsing itself). `start` resumes at a record boundary (see
 * readLineBatches); a record never ends inside quotes, so the boundary after any record is one.
 */
export async function* csvRecords(
  input: ByteInput,
  encoding: Encoding,
  parserId: string,
  opts: Omit<CsvOptions, 'parserId'> & { start?: LineStart } = {},
): AsyncGenerator<CsvRecord> {
  const { start, ...csv } = opts;
  for await (const batch of readCsv(readLineBatches(input, encoding, parserId, start), { ...csv, parserId }))
    yield* batch;
}
