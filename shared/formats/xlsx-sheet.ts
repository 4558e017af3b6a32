import type { Readable } from 'node:stream';
import { unescapeXstring } from './xlsx-parts';
import { parseXml, type XmlHandlers, xmlChunks } from './xml-events';

/**
 * One cell value as stored (ECMA-376 Part 1, §18.3.1.4 `c` and §18.18.11 ST_CellType): shared,
 * inline and formula strings are strings; numbers are numbers (dates stay Excel serials, because
 * date-ness lives in the cell's style, not its value); booleans are booleans; error cells keep
 * their error text (`#VALUE!`); a cell without a value is null.
 */
export type Cell = string | number | boolean | null | { error: string };

const MAX_COLUMNS = 16384;
const MAX_ROWS = 1048576;

/** `A` -> 0, `Z` -> 25, `AA` -> 26; the row digits are ignored. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n - 1;
}

/** Reads the shared-string table (§18.4): one string per `si`, phonetic runs (`rPh`) left out. */
export async function readSharedStrings(stream: Readable): Promise<string[]> {
  const out: string[] = [];
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  await parseXml(stream, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inT = true;
    },
    close(name) {
      if (name === 'si') {
        out.push(unescapeXstring(current ?? ''));
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inT = false;
    },
    text(t) {
      if (inT && phonetic === 0 && current !== null) current += t;
    },
  });
  return out;
}

/** One worksheet (§18.3) row as streamed: its index (Excel row number - 1) and its cells (trailing empty ones dropped). */
export interface SheetRow {
  index: number;
  cells: Cell[];
}

/**
 * Streams one worksheet's rows in sheet order without holding the sheet: rows are handed on after
 * each chunk of the part is parsed, so memory stays bounded by one chunk's rows (plus the shared
 * strings, which any cell may reference). Rows absent from the markup (gaps) are not yielded.
 */
export async function* streamSheetRows(stream: Readable, shared: readonly string[]): AsyncGenerator<SheetRow> {
  const ready: SheetRow[] = [];
  for await (const _ of xmlChunks(
    stream,
    sheetRowHandlers(shared, (index, cells) => ready.push({ index, cells })),
  )) {
    yield* ready.splice(0);
  }
}

/** XML handlers that build the rows of a worksheet and hand each finished row on, with its index. */
function sheetRowHandlers(shared: readonly string[], onRow: (index: number, row: Cell[]) => void): XmlHandlers {
  let row: Cell[] | null = null;
  let rowIndex = -1;
  let col = -1;
  let type = 'n';
  let value: string | null = null;
  let inline: string | null = null;
  let collect: 'v' | 't' | null = null;
  let phonetic = 0;

  const finishCell = () => {
    if (!row) return;
    const cell = toCell(type, value, inline, shared);
    if (cell !== null) {
      while (row.length < col) row.push(null);
      row[col] = cell;
    }
  };

  return {
    open(name, a) {
      if (name === 'row') {
        rowIndex = a.r ? Number.parseInt(a.r, 10) - 1 : rowIndex + 1;
        if (!(rowIndex >= 0 && rowIndex < MAX_ROWS)) throw new Error(`xlsx: bad row number ${a.r}`);
        row = [];
        col = -1;
      } else if (name === 'c') {
        col = a.r ? columnIndex(a.r) : col + 1;
        if (!(col >= 0 && col < MAX_COLUMNS)) throw new Error(`xlsx: bad cell reference ${a.r}`);
        type = a.t ?? 'n';
        value = null;
        inline = null;
      } else if (name === 'v') {
        collect = 'v';
        value = '';
      } else if (name === 'is') inline = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && inline !== null) collect = 't';
    },
    close(name) {
      if (name === 'c') finishCell();
      else if (name === 'row' && row) {
        onRow(rowIndex, row);
        row = null;
      } else if (name === 'v' || name === 't') collect = null;
      else if (name === 'rPh') phonetic--;
    },
    text(t) {
      if (collect === 'v') value += t;
      else if (collect === 't' && phonetic === 0) inline += t;
    },
  };
}

function toCell(type: string, v: string | null, inline: string | null, shared: readonly string[]): Cell {
  switch (type) {
    case 's': {
      if (v === null || v.trim() === '') return null;
      const s = shared[Number.parseInt(v, 10)];
      if (s === undefined) throw new Error(`xlsx: shared string ${v} does not exist`);
      return s;
    }
    case 'inlineStr':
      return inline !== null ? unescapeXstring(inline) : v !== null ? unescapeXstring(v) : null;
    case 'str':
    case 'd':
      return v === null ? null : unescapeXstring(v);
    case 'b':
      return v === null ? null : v.trim() === '1' || v.trim().toLowerCase() === 'true';
    case 'e':
      return v === null ? null : { error: v };
    default: {
      if (v === null || v.trim() === '') return null;
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
  }
}
