import { type Cell, cellText, excelSerialToIsoDate, openWorkbook } from '../../formats/xlsx';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import { HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { type HcpcsRecord, hcpcsCodes } from './record';
import { dateColumns, hcpcsLayout, hcpcsTableRecords, isHeaderRow, type TableRow } from './table';

const ID = 'cms_hcpcs_level2/anweb-xlsx';

/** How far below the top the header may sit (CMS has put about ten disclaimer rows above it). */
const MAX_HEADER_ROW = 50;

async function wholeBuffer(input: ByteInput): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  return Buffer.concat(parts);
}

/**
 * A cell as the text the fixed-width file would hold. Date columns stored as numbers are either
 * YYYYMMDD written as a number (20250701) or Excel serial dates (shown as dates by their style);
 * other numbers are written plainly (no exponent for integers).
 */
function cellField(cell: Cell | undefined, isDate: boolean, date1904: boolean): string {
  if (typeof cell !== 'number') return cellText(cell);
  if (isDate && cell < 10_000_000) return excelSerialToIsoDate(cell, date1904) ?? String(cell);
  return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
}

/**
 * The rows of the first sheet whose header row (within the first MAX_HEADER_ROW rows) starts with
 * HCPC, as text cells, streamed row by row from the sheet's part (shared/formats/xlsx.ts
 * `openWorkbook`): the package bytes and the shared-string table are held, the sheet is not.
 */
async function* sheetRows(input: ByteInput): AsyncGenerator<TableRow> {
  const wb = await openWorkbook(await wholeBuffer(input));
  try {
    for (let s = 0; s < wb.sheets.length; s++) {
      let dates: Set<number> | null = null;
      for await (const r of wb.rows(s)) {
        const line = r.index + 1;
        if (!dates) {
          if (line > MAX_HEADER_ROW) break;
          const names = r.cells.map((c) => cellText(c));
          if (!isHeaderRow(names)) continue;
          dates = new Set(dateColumns(hcpcsLayout(new HeaderIndex(names, ID, line))));
          yield { fields: names, line };
          continue;
        }
        const d = dates;
        yield { fields: Array.from(r.cells, (c, i) => cellField(c, d.has(i), wb.date1904)), line };
      }
      if (dates) return;
    }
    throw new PublisherFormatError(
      ID,
      1,
      `no sheet has a header row starting with HCPC in its first ${MAX_HEADER_ROW} rows`,
    );
  } finally {
    wb.close();
  }
}

/**
 * The XLSX form of the ANWEB file, as CMS ships it in the quarterly zip: the columns and rows of
 * ./table.ts on the first sheet that has them, read by header name; the locator's line is the
 * sheet row number (Excel's, 1-based). Records equal the fixed-width parser's.
 */
export const hcpcsXlsxParser: PublisherParser<HcpcsRecord> = {
  id: ID,
  version: '1',
  parse: (input) => hcpcsTableRecords(sheetRows(input), ID),
  codesOf: hcpcsCodes,
};
