import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { openWorkbook, openWorkbookStream } from '../../../shared/formats/xlsx';
import { XlsxPackage } from '../../../shared/formats/xlsx-parts';
import { streamSheetRows } from '../../../shared/formats/xlsx-sheet';
import { fileZipSource, type ZipSource } from '../../../shared/formats/zip';
import { buildXlsx } from '../../helpers/xlsx-builder';

/**
 * Issue 15, point 5: large XLSX sheets are read row by row. Checked by structure, not by timing or
 * heap size, on a generated workbook of 200,000 rows: bytes are counted where they are pulled
 * (the inflated sheet XML, and the package's compressed bytes read from disk), and at every row
 * handed on the bytes pulled past that row's end must stay under one inflated chunk plus what the
 * streams buffer. The bound does not grow with the sheet, so the sheet is never held.
 */
const ROWS = 200_000;
const SHARED = Array.from({ length: 500 }, (_, i) => `code ${i}`);
/** Streams between the inflater and the reader may buffer this much ahead (default highWaterMarks). */
const BUFFERED = 64 * 1024;
/** One inflated chunk of the part (zlib's default chunk size). */
const CHUNK = 16 * 1024;

const rowXml = (n: number) =>
  `<row r="${n}"><c r="A${n}" t="s"><v>${n % SHARED.length}</v></c><c r="B${n}"><v>${(n * 7919) % 1_000_003}</v></c>` +
  `<c r="C${n}" t="inlineStr"><is><t>r${n}</t></is></c></row>`;

function generated() {
  const rows: string[] = [];
  for (let n = 1; n <= ROWS; n++) rows.push(rowXml(n));
  const workbook = buildXlsx({ sharedStrings: SHARED, sheets: [{ name: 'Big', sheetData: rows.join('') }] });
  // The builder writes `<?xml ...?><worksheet ...><sheetData>` before the rows: find the first row.
  const prefix = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
  /** ends[n]: byte offset just past row n of the sheet XML (1-based). */
  const ends = [Buffer.byteLength(prefix)];
  for (let n = 1; n <= ROWS; n++) ends.push(ends[n - 1]! + Buffer.byteLength(rows[n - 1]!));
  return { workbook, ends };
}

const counter = (tally: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      tally.bytes += chunk.length;
      done(null, chunk);
    },
  });

const expectRow = (r: { index: number; cells: unknown[] }) => {
  const n = r.index + 1;
  expect(r.cells).toEqual([SHARED[n % SHARED.length], (n * 7919) % 1_000_003, `r${n}`]);
};

describe('large XLSX sheets, row by row', () => {
  let g: ReturnType<typeof generated>;
  let dir: string;
  let file: string;
  beforeAll(() => {
    g = generated();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-large-'));
    file = path.join(dir, 'big.xlsx');
    fs.writeFileSync(file, g.workbook);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('inflates the sheet part as a stream and hands each row on within one chunk of reading it', async () => {
    const pkg = await XlsxPackage.open(g.workbook, 512 * 1024 * 1024);
    try {
      const sheet = pkg.part('xl/worksheets/sheet1.xml')!;
      expect(sheet.size).toBe(g.ends[ROWS]! + Buffer.byteLength('</sheetData></worksheet>'));
      const pulled = { bytes: 0 };
      let seen = 0;
      let pulledAtFirst = -1;
      let maxAhead = 0;
      let outOfOrder = 0;
      for await (const r of streamSheetRows((await pkg.open(sheet.name)).pipe(counter(pulled)), SHARED)) {
        if (seen === 0) pulledAtFirst = pulled.bytes;
        if (r.index !== seen) outOfOrder++; // a plain check: 200,000 expect() calls would dominate the test
        if (seen % 997 === 0) expectRow(r);
        maxAhead = Math.max(maxAhead, pulled.bytes - g.ends[r.index + 1]!);
        seen++;
      }
      expect(seen).toBe(ROWS);
      expect(outOfOrder).toBe(0);
      expect(pulled.bytes).toBe(sheet.size);
      // The first row arrives after one chunk or so of a 20+ MB part: the part is not inflated first.
      expect(sheet.size).toBeGreaterThan(20 * 1024 * 1024);
      expect(pulledAtFirst).toBeLessThanOrEqual(BUFFERED + CHUNK);
      // And at every row: what was inflated past it is bounded by the buffers, not by the sheet.
      expect(maxAhead).toBeLessThanOrEqual(BUFFERED + CHUNK);
    } finally {
      pkg.close();
    }
  });

  it('reads a workbook file by random access: the first rows arrive before most of the file is read', async () => {
    const read = { bytes: 0 };
    const base = fileZipSource(file);
    const counted: ZipSource = {
      size: base.size,
      readRange: (start, end) => base.readRange(start, end).pipe(counter(read)),
      close: () => base.close?.(),
    };
    const wb = await openWorkbook(counted);
    let seen = 0;
    let readAtFirst = -1;
    try {
      expect(wb.sheets).toEqual([{ name: 'Big', state: 'visible' }]);
      for await (const r of wb.rows(0)) {
        if (seen === 0) readAtFirst = read.bytes;
        if (seen % 1009 === 0) expectRow(r);
        seen++;
      }
    } finally {
      wb.close();
    }
    expect(seen).toBe(ROWS);
    // Before the first row: the end records and central directory (the directory search reads the
    // last 64 KiB), the small parts, and the first ranges of the sheet in the streams' buffers: a
    // bound set by buffer sizes, not by the file, and here a small share of a 4 MB package.
    const bound = 8 * 64 * 1024;
    expect(base.size).toBeGreaterThan(8 * bound);
    expect(readAtFirst).toBeLessThanOrEqual(bound);
    // The whole package is then read once (plus the directory search's overlap with the last part).
    expect(read.bytes).toBeGreaterThanOrEqual(base.size - 64 * 1024);
    expect(read.bytes).toBeLessThan(base.size + 128 * 1024);
  });

  it('opens a workbook that arrives as a stream (spooled to disk, read by random access)', async () => {
    const wb = await openWorkbookStream(Readable.from([g.workbook.subarray(0, 1000), g.workbook.subarray(1000)]));
    const first = [];
    try {
      for await (const r of wb.rows(0)) {
        first.push(r);
        if (first.length === 1000) break; // stopping early closes the part's stream
      }
    } finally {
      wb.close();
    }
    expect(first.map((r) => r.index)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    first.forEach(expectRow);
  });
});
