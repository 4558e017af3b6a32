import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { integer, text } from '../../publishers/common/values';

/** Typed access to one MCD row by column name (names as in the MCD data dictionary). */
export interface Row {
  line: number;
  /** Trimmed text or null; a column absent from the header reads as null. */
  text(name: string): string | null;
  /** Raw cell (untrimmed), '' when absent. */
  raw(name: string): string;
  int(name: string): number | null;
  requiredInt(name: string): number;
  /** A date or timestamp cell reduced to YYYY-MM-DD. */
  date(name: string): string | null;
}

function rowOf(h: HeaderIndex, fields: string[], line: number, parserId: string): Row {
  const raw = (name: string) => at(fields, h.find(name));
  return {
    line,
    raw,
    text: (name) => text(raw(name)),
    int: (name) => integer(raw(name), parserId, line),
    requiredInt: (name) => {
      const n = integer(raw(name), parserId, line);
      if (n === null) throw new PublisherFormatError(parserId, line, `${name} is empty`);
      return n;
    },
    date: (name) => parseDate(raw(name), parserId, line),
  };
}

/**
 * A parser for one MCD download table: the first record is the header (names unquoted or quoted),
 * every later record is a row. The MCD CSVs are Windows-1252 (0x96 en dashes in the HTML
 * paragraphs) with LF line ends and HTML inside quoted multi-line fields. `required` columns must
 * be in the header; other columns are optional so that dictionary additions do not break loading.
 */
export function mcdTable<R extends Located>(spec: {
  id: string;
  /** Bumped whenever the records built from the same bytes change (default '1'). */
  version?: string;
  required: readonly string[];
  build: (row: Row) => Omit<R, 'locator'>;
  codesOf?: (r: R) => readonly string[];
}): PublisherParser<R> {
  async function* parse(input: ByteInput): AsyncGenerator<R> {
    let h: HeaderIndex | null = null;
    let count = 0;
    for await (const rec of csvRecords(input, 'windows-1252', spec.id)) {
      if (!h) {
        h = new HeaderIndex(rec.fields, spec.id, rec.line);
        for (const name of spec.required) h.require(name);
        continue;
      }
      if (isBlankRecord(rec.fields)) continue;
      const built = spec.build(rowOf(h, rec.fields, rec.line, spec.id));
      yield { ...built, locator: { line: rec.line, record: ++count } } as R;
    }
    if (!h) throw new PublisherFormatError(spec.id, 1, 'empty file: no header');
  }
  return {
    id: spec.id,
    version: spec.version ?? '1',
    parse: (input) => parse(input),
    codesOf: spec.codesOf ?? (() => []),
  };
}
