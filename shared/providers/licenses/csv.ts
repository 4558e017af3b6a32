import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';

/** A column by its header name, with the other names it went by in earlier layouts. */
export type ColumnMap<K extends string> = Readonly<Record<K, readonly string[]>>;

export interface CsvRow<K extends string> {
  get(k: K): string | null;
  date(k: K): string | null;
  line: number;
}

/**
 * The records of a board's CSV (a Socrata `rows.csv` export: RFC 4180, UTF-8, one header row) by
 * header name. `required` columns must be in the header (a format error names the first missing);
 * the others read as null when absent. Dates are M/D/YYYY or ISO (Socrata writes both, by export
 * path); a timestamp's time is dropped.
 */
export async function* boardCsvRows<K extends string>(
  input: ByteInput,
  id: string,
  columns: ColumnMap<K>,
  required: readonly NoInfer<K>[],
): AsyncGenerator<CsvRow<K>> {
  let pos: Record<K, number> | null = null;
  for await (const rec of csvRecords(input, 'utf-8', id)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, id, rec.line);
      const p = {} as Record<K, number>;
      for (const k of Object.keys(columns) as K[]) {
        p[k] = required.includes(k) ? h.require(...columns[k]) : h.find(...columns[k]);
      }
      pos = p;
      continue;
    }
    if (isBlankRecord(f)) continue;
    const cols = pos;
    const line = rec.line;
    yield {
      line,
      get: (k) => text(at(f, cols[k])),
      date: (k) => {
        const raw = (text(at(f, cols[k])) ?? '')
          .replace(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/, '')
          .replace(/ \d{1,2}:\d{2}(:\d{2})?( [AP]M)?$/i, '');
        return parseDate(raw, id, line);
      },
    };
  }
  if (!pos) throw new PublisherFormatError(id, 1, 'the file has no header row');
}
