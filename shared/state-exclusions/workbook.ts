import { type Cell, cellText, readWorkbook } from '../formats/xlsx';
import { PublisherFormatError } from '../publishers/common/errors';
import { HeaderIndex } from '../publishers/common/header';
import type { ByteInput } from '../publishers/common/types';
import { wholeBuffer } from './fields';

/** One data row of a state workbook: its Excel row number and its cells by header name. */
export interface WorkbookRow {
  /** 1-based Excel row number (the locator's line). */
  line: number;
  cells: readonly Cell[];
  /** The cell under the first header among `names` (null when the column or the cell is absent). */
  get(...names: string[]): Cell;
  has(...names: string[]): boolean;
  date1904: boolean;
}

export interface WorkbookLayout {
  /** Header names that identify the header row (compared case- and whitespace-insensitively). */
  required: readonly string[];
  /** A row whose first cell is this text ends the table (Kentucky's `End Table`). */
  endMarker?: string;
  /** How many rows the header may sit below the top (preambles, titles, `Start Table`). */
  maxHeaderRow?: number;
}

/**
 * The data rows of the first sheet that has the layout's header, in sheet order. Preamble rows
 * above the header are skipped; rows with no text are skipped; a sheet without the header is a
 * format error naming the expected columns.
 */
export async function* workbookRows(input: ByteInput, parserId: string, layout: WorkbookLayout) {
  const wb = await readWorkbook(await wholeBuffer(input));
  for (const sheet of wb.sheets) {
    const max = Math.min(sheet.rows.length, layout.maxHeaderRow ?? 20);
    for (let i = 0; i < max; i++) {
      const names = (sheet.rows[i] ?? []).map((c) => cellText(c));
      const header = new HeaderIndex(names, parserId, i + 1);
      if (!layout.required.every((r) => header.find(r) >= 0)) continue;
      for (let j = i + 1; j < sheet.rows.length; j++) {
        const cells = sheet.rows[j] ?? [];
        const first = cellText(cells[0]).trim();
        if (layout.endMarker && first.toLowerCase() === layout.endMarker.toLowerCase()) return;
        if (cells.every((c) => cellText(c).trim() === '')) continue;
        const row: WorkbookRow = {
          line: j + 1,
          cells,
          date1904: wb.date1904,
          get: (...n) => {
            const p = header.find(...n);
            return p < 0 ? null : (cells[p] ?? null);
          },
          has: (...n) => header.find(...n) >= 0,
        };
        yield row;
      }
      return;
    }
  }
  throw new PublisherFormatError(parserId, 1, `no sheet has the header ${layout.required.join(', ')}`);
}
