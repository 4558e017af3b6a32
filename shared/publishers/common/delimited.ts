import { PublisherFormatError } from './errors';
import { at, HeaderIndex } from './header';
import { readLineBatches } from './lines';
import type { ByteInput, Encoding } from './types';

/** One record of a delimited text file, its cells found by header name. */
export interface DelimitedRecord {
  /** The cell under the first of `names` the header has ('' when none or past the row's end). */
  get(...names: string[]): string;
  /** The record as published, by column name. */
  row: Record<string, string>;
  line: number;
  record: number;
}

/**
 * Records of a text file with one header line and one record a line, split on a single-character
 * delimiter with no quoting (FDA's tab-delimited Drugs@FDA and tilde-delimited Orange Book files:
 * a `"` is a character). Blank lines are skipped; the header's `required` columns must be there
 * (a format error names the first missing). Streams: one chunk and one line are held at a time.
 */
export async function* delimitedRecords(
  input: ByteInput,
  opts: { delimiter: string; encoding: Encoding; parserId: string; required: readonly string[] },
): AsyncGenerator<DelimitedRecord> {
  let header: HeaderIndex | null = null;
  let names: string[] = [];
  let record = 0;
  for await (const batch of readLineBatches(input, opts.encoding, opts.parserId)) {
    for (const l of batch) {
      if (l.text.trim() === '') continue;
      const fields = l.text.split(opts.delimiter);
      if (!header) {
        header = new HeaderIndex(fields, opts.parserId, l.line);
        for (const r of opts.required) header.require(r);
        names = fields.map((n) => n.trim());
        continue;
      }
      const h = header;
      const row: Record<string, string> = {};
      names.forEach((n, i) => {
        if (n) row[n] = fields[i] ?? '';
      });
      yield { get: (...n) => at(fields, h.find(...n)), row, line: l.line, record: ++record };
    }
  }
  if (!header) throw new PublisherFormatError(opts.parserId, 1, 'empty file: no header');
}
