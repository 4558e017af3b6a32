import { type Cell, cellText, readWorkbook } from '../formats/xlsx';
import { PublisherFormatError } from '../publishers/common/errors';
import { normalizeName } from '../publishers/common/header';
import type { ByteInput } from '../publishers/common/types';
import { wholeBuffer } from './fields';

/** How far down a sheet a header row is looked for (title, legend and note rows come first). */
const HEADER_SCAN_ROWS = 20;

export interface HeaderSpec<K extends string> {
  parserId: string;
  /** Each column by a pattern over its normalized header name (case and spacing ignored). */
  columns: Readonly<Record<K, RegExp>>;
  /** The row that has any of these columns is the header. */
  anchor: readonly NoInfer<K>[];
  /** Columns the header must then have, each with the name a missing-column error gives it. */
  required?: Readonly<Partial<Record<NoInfer<K>, string>>>;
}

export interface FoundHeader<K extends string> {
  /** 0-based row of the header in its sheet. */
  row: number;
  /** Each column's position, -1 when the header lacks it. */
  col: Record<K, number>;
  /** The header's normalized names, by position. */
  names: string[];
}

/**
 * The header row of a state list's sheet, found by column names rather than positions, so a list
 * that adds, moves or slightly renames columns still reads: the first of the first rows that has an
 * anchor column, with every required column (else a PublisherFormatError naming the missing one at
 * that line, `lineOffset` + row). Null when no row has an anchor column.
 */
export function headerIn<K extends string>(
  rows: readonly Cell[][],
  spec: HeaderSpec<K>,
  lineOffset = 0,
): FoundHeader<K> | null {
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const names = (rows[i] ?? []).map((c) => normalizeName(cellText(c)));
    const col = Object.fromEntries(
      Object.entries<RegExp>(spec.columns).map(([k, re]) => [k, names.findIndex((n) => re.test(n))]),
    ) as Record<K, number>;
    if (!spec.anchor.some((k) => col[k] >= 0)) continue;
    for (const [k, label] of Object.entries(spec.required ?? {}) as [K, string][]) {
      if (col[k] < 0) throw new PublisherFormatError(spec.parserId, lineOffset + i + 1, `missing column "${label}"`);
    }
    return { row: i, col, names };
  }
  return null;
}

/** The header of the first sheet that has one, with that sheet's rows; a format error when none has. */
export function findHeader<K extends string>(
  sheets: readonly Cell[][][],
  spec: HeaderSpec<K>,
): FoundHeader<K> & { rows: Cell[][] } {
  for (const rows of sheets) {
    const found = headerIn(rows, spec);
    if (found) return { ...found, rows };
  }
  const wanted = [...new Set([...spec.anchor, ...Object.keys(spec.required ?? {})])];
  throw new PublisherFormatError(spec.parserId, 1, `no sheet has the header (columns ${wanted.join(', ')})`);
}

/** A data row below a found header: its cells, a reader by column key, and the workbook's date system. */
export interface HeadedRow<K extends string> {
  /** 1-based row number in its sheet. */
  line: number;
  cells: readonly Cell[];
  col: Readonly<Record<K, number>>;
  /** The cell of a column, null when the header lacks it. */
  get(k: K): Cell | null;
  date1904: boolean;
}

/**
 * The non-blank rows below the header of a state list's workbook (the first sheet with one, see
 * `findHeader`), in order: what a one-table layout loops over.
 */
export async function* headedRows<K extends string>(
  input: ByteInput,
  spec: HeaderSpec<K>,
): AsyncGenerator<HeadedRow<K>> {
  const wb = await readWorkbook(await wholeBuffer(input));
  const { rows, row, col } = findHeader(
    wb.sheets.map((s) => s.rows),
    spec,
  );
  for (let j = row + 1; j < rows.length; j++) {
    const cells = rows[j] ?? [];
    if (cells.every((c) => cellText(c).trim() === '')) continue;
    yield { line: j + 1, cells, col, get: (k) => (col[k] < 0 ? null : (cells[col[k]] ?? null)), date1904: wb.date1904 };
  }
}
