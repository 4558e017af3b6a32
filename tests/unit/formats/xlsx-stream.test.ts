import { Readable } from 'node:stream';
import { openWorkbook, readWorkbook } from '../../../shared/formats/xlsx';
import { streamSheetRows } from '../../../shared/formats/xlsx-sheet';
import { buildXlsx } from '../../helpers/xlsx-builder';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rowXml = (n: number) => `<row r="${n}"><c r="A${n}" t="s"><v>0</v></c><c r="B${n}"><v>${n}</v></c></row>`;

describe('streamed worksheet rows', () => {
  it('hands rows on while the part is still being read, never the whole sheet at once', async () => {
    const rows = 20_000;
    const xml = Buffer.from(
      `<worksheet xmlns="${NS}"><sheetData>${Array.from({ length: rows }, (_, i) => rowXml(i + 1)).join('')}</sheetData></worksheet>`,
    );
    let pulled = 0;
    const chunks = Math.ceil(xml.length / 4096);
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < xml.length; i += 4096) {
          pulled++;
          yield xml.subarray(i, i + 4096);
        }
      })(),
    );
    let seen = 0;
    let pulledAtFirst = 0;
    for await (const r of streamSheetRows(source, ['K0001'])) {
      if (seen === 0) pulledAtFirst = pulled;
      expect(r).toEqual({ index: seen, cells: ['K0001', seen + 1] });
      seen++;
    }
    expect(seen).toBe(rows);
    expect(chunks).toBeGreaterThan(50);
    expect(pulledAtFirst).toBeLessThan(5);
  });

  it('opens a workbook once and streams any sheet; readWorkbook gives the same rows', async () => {
    const bytes = buildXlsx({
      sharedStrings: ['HCPC'],
      sheets: [
        { name: 'A', sheetData: '<row r="2"><c r="B2" t="s"><v>0</v></c></row>' },
        {
          name: 'B',
          sheetData: '<row r="1"><c r="A1"><v>7</v></c></row><row r="3"><c r="C3" t="b"><v>1</v></c></row>',
        },
      ],
    });
    const wb = await openWorkbook(bytes);
    try {
      expect(wb.sheets).toEqual([
        { name: 'A', state: 'visible' },
        { name: 'B', state: 'visible' },
      ]);
      const streamed = [];
      for await (const r of wb.rows(1)) streamed.push(r);
      expect(streamed).toEqual([
        { index: 0, cells: [7] },
        { index: 2, cells: [null, null, true] },
      ]);
      // Stopping early is fine: the part's stream is closed with the generator.
      for await (const r of wb.rows(0)) {
        expect(r).toEqual({ index: 1, cells: [null, 'HCPC'] });
        break;
      }
    } finally {
      wb.close();
    }
    expect((await readWorkbook(bytes)).sheets[1]!.rows).toEqual([[7], [], [null, null, true]]);
  });
});
