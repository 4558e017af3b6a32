import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { XlsxPackage } from './xlsx-parts';
import { type Cell, readSharedStrings, type SheetRow, streamSheetRows } from './xlsx-sheet';
import { parseXml } from './xml-events';
import { fileZipSource, type ZipSource } from './zip';

export type { Cell, SheetRow } from './xlsx-sheet';

/**
 * A small, dependency-light XLSX (SpreadsheetML, ECMA-376) reader for publisher workbooks: cell
 * values only, no styles or formulas. Rows are indexed by Excel row number - 1 (row 9 of the sheet
 * is `rows[8]`, with empty rows kept as `[]`), and cells by column (`A` is 0); trailing empty cells
 * are dropped, so rows differ in length.
 */
export interface Sheet {
  name: string;
  /** `visible`, `hidden` or `veryHidden`, as the workbook declares. */
  state: string;
  rows: Cell[][];
}

export interface Workbook {
  sheets: Sheet[];
  /** True when serial dates count from 1904-01-01 (workbookPr/@date1904). */
  date1904: boolean;
}

export interface ReadWorkbookOptions {
  /** Largest uncompressed part accepted (a guard against zip bombs). Default 512 MiB. */
  maxPartBytes?: number;
}

const REL_OFFICE_DOCUMENT = /\/officeDocument$/;
const REL_SHARED_STRINGS = /\/sharedStrings$/;

/** Reads every sheet of an .xlsx workbook in workbook order. Throws on a malformed package. */
export async function readWorkbook(bytes: Buffer, opts: ReadWorkbookOptions = {}): Promise<Workbook> {
  const wb = await openWorkbook(bytes, opts);
  try {
    const sheets: Sheet[] = [];
    for (let i = 0; i < wb.sheets.length; i++) {
      const rows: Cell[][] = [];
      for await (const r of wb.rows(i)) {
        while (rows.length < r.index) rows.push([]);
        rows[r.index] = r.cells;
      }
      sheets.push({ ...wb.sheets[i]!, rows });
    }
    return { sheets, date1904: wb.date1904 };
  } finally {
    wb.close();
  }
}

/** A workbook opened for streaming: its sheets' names and states, and their rows one at a time. */
export interface OpenedWorkbook {
  sheets: { name: string; state: string }[];
  date1904: boolean;
  /**
   * The rows of the sheet at `sheetIndex`, streamed from its part (see streamSheetRows); nothing
   * for chartsheets and dialog sheets.
   */
  rows(sheetIndex: number): AsyncGenerator<SheetRow>;
  close(): void;
}

/**
 * Opens an .xlsx package and reads its workbook part; worksheet rows are then streamed on demand,
 * so a reader that walks a large sheet row by row never holds the sheet. What is held:
 *
 * - the package's compressed bytes when given as a Buffer (a zip's central directory sits at its
 *   end, so a zip arriving as a stream cannot be read front to back). Given a ZipSource (a file on
 *   disk: `openWorkbookFile`, or `openWorkbookStream` which spools a stream to one), nothing of
 *   the package is held: its directory and each part are read by range as they are needed;
 * - the shared-string table (§18.4), which any cell may reference: read once, when rows are first
 *   asked for, and shared by every sheet's rows;
 * - the rows of one inflated chunk of the sheet part (at most 16 KiB of XML): the part is inflated
 *   as a stream and parsed as it arrives, and its rows are handed on chunk by chunk.
 *
 * Close it when done.
 */
export async function openWorkbook(input: Buffer | ZipSource, opts: ReadWorkbookOptions = {}): Promise<OpenedWorkbook> {
  const pkg = await XlsxPackage.open(input, opts.maxPartBytes ?? 512 * 1024 * 1024);
  try {
    const rootRels = await pkg.relationships('');
    const workbookPart = rootRels.find((r) => REL_OFFICE_DOCUMENT.test(r.type))?.target ?? 'xl/workbook.xml';
    const rels = await pkg.relationships(workbookPart);
    const declared: { name: string; state: string; rid: string }[] = [];
    let date1904 = false;
    await parseXml(await pkg.open(workbookPart), {
      open(name, a) {
        if (name === 'sheet') declared.push({ name: a.name ?? '', state: a.state ?? 'visible', rid: a.id ?? '' });
        else if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      },
    });
    const sharedPart = rels.find((r) => REL_SHARED_STRINGS.test(r.type) && !r.external)?.target;
    let shared: Promise<string[]> | undefined;
    const sharedStrings = () => {
      shared ??=
        sharedPart && pkg.part(sharedPart) ? pkg.open(sharedPart).then(readSharedStrings) : Promise.resolve([]);
      return shared;
    };
    const worksheet = (s: { rid: string }) => {
      const target = rels.find((r) => r.id === s.rid && !r.external)?.target;
      // Chartsheets and dialog sheets have no cell grid.
      return target !== undefined && pkg.part(target) !== undefined && !/chartsheets?\//i.test(target)
        ? target
        : undefined;
    };
    return {
      sheets: declared.map((s) => ({ name: s.name, state: s.state })),
      date1904,
      async *rows(sheetIndex) {
        const s = declared[sheetIndex];
        const target = s && worksheet(s);
        if (target) yield* streamSheetRows(await pkg.open(target), await sharedStrings());
      },
      close: () => pkg.close(),
    };
  } catch (err) {
    pkg.close();
    throw err;
  }
}

/** Opens an .xlsx file on disk by random access: the package is never read whole. */
export function openWorkbookFile(file: string, opts: ReadWorkbookOptions = {}): Promise<OpenedWorkbook> {
  return openWorkbook(fileZipSource(file), opts);
}

/**
 * Opens an .xlsx package that arrives as a stream (an archived file, a download) in bounded
 * memory: the stream is spooled to a temporary file, which is opened by random access and removed
 * when the workbook is closed.
 */
export async function openWorkbookStream(input: Readable, opts: ReadWorkbookOptions = {}): Promise<OpenedWorkbook> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, 'workbook.xlsx');
    await pipeline(input, fs.createWriteStream(file, { flags: 'wx' }));
    const wb = await openWorkbookFile(file, opts);
    return {
      ...wb,
      close: () => {
        wb.close();
        remove();
      },
    };
  } catch (err) {
    remove();
    throw err;
  }
}

/** True when zip bytes are a SpreadsheetML package: the package's main part is an XML workbook. */
export async function isXlsxPackage(bytes: Buffer): Promise<boolean> {
  const pkg = await XlsxPackage.open(bytes, 1024 * 1024);
  try {
    if (pkg.part('xl/workbook.xml')) return true;
    const rels = await pkg.relationships('').catch(() => []);
    const main = rels.find((r) => REL_OFFICE_DOCUMENT.test(r.type))?.target;
    return main !== undefined && /workbook[^/]*\.xml$/i.test(main) && pkg.part(main) !== undefined;
  } finally {
    pkg.close();
  }
}

/**
 * Converts an Excel serial date to YYYY-MM-DD (ECMA-376 Part 1, §18.17.4.1): in the 1900 system,
 * serial 1 is 1900-01-01 and serial 60 is the non-existent 1900-02-29 kept for Lotus compatibility;
 * in the 1904 system serial 0 is 1904-01-01. The time part is dropped. Null for non-finite or
 * negative serials and for serial 60.
 */
export function excelSerialToIsoDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 0) return null;
  const day = Math.floor(serial);
  let epochDays: number;
  if (date1904) epochDays = Date.UTC(1904, 0, 1) / 86400000 + day;
  else if (day === 60) return null;
  else epochDays = Date.UTC(1899, 11, 31) / 86400000 + (day < 60 ? day : day - 1);
  return new Date(epochDays * 86400000).toISOString().slice(0, 10);
}

/** A cell as display text: errors as their code, booleans as TRUE/FALSE, empty as ''. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return cell.error;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}
