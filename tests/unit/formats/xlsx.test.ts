import { cellText, excelSerialToIsoDate, isXlsxPackage, readWorkbook } from '../../../shared/formats/xlsx';
import { buildXlsx } from '../../helpers/xlsx-builder';
import { buildZip } from '../../helpers/zip-writer';

describe('readWorkbook', () => {
  it('reads every cell type: shared, inline and formula strings, numbers, booleans, errors', async () => {
    const wb = await readWorkbook(
      buildXlsx({
        sharedStrings: ['NPI', 'Name'],
        sheets: [
          {
            name: 'List',
            sheetData:
              '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
              '<row r="2"><c r="A2"><v>1609376698</v></c><c r="B2" t="inlineStr"><is><t>Good &amp; Co</t></is></c>' +
              '<c r="C2" t="str"><f>A2&amp;""</f><v>1609376698</v></c><c r="D2" t="b"><v>0</v></c>' +
              '<c r="E2" t="e"><v>#N/A</v></c><c r="F2"><v>4.5E-2</v></c><c r="G2" s="3"/></row>',
          },
        ],
      }),
    );
    expect(wb.sheets).toEqual([
      {
        name: 'List',
        state: 'visible',
        rows: [
          ['NPI', 'Name'],
          [1609376698, 'Good & Co', '1609376698', false, { error: '#N/A' }, 0.045],
        ],
      },
    ]);
  });

  it('keeps row and column positions: gaps become empty rows and null cells', async () => {
    const wb = await readWorkbook(
      buildXlsx({
        sheets: [{ name: 'S', sheetData: '<row r="3"><c r="C3"><v>1</v></c><c r="AA3"><v>2</v></c></row>' }],
      }),
    );
    const rows = wb.sheets[0]!.rows;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([]);
    expect(rows[2]![2]).toBe(1);
    expect(rows[2]![26]).toBe(2);
    expect(rows[2]![3]).toBeNull();
  });

  it('numbers rows and cells without r attributes by position', async () => {
    const wb = await readWorkbook(
      buildXlsx({
        sheets: [{ name: 'S', sheetData: '<row><c><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>' }],
      }),
    );
    expect(wb.sheets[0]!.rows).toEqual([[1, 2], [3]]);
  });

  it('reads rich-text shared strings without phonetic runs, and decodes _xHHHH_ escapes', async () => {
    const sharedXml =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<si><r><t>Provider </t></r><r><rPr><b/></rPr><t>Entity</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si>' +
      '<si><t>line1_x000D_&#10;line2 _x005F_x000D_</t></si></sst>';
    const wb = await readWorkbook(
      buildXlsx({
        sharedXml,
        sheets: [{ name: 'S', sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' }],
      }),
    );
    expect(wb.sheets[0]!.rows[0]).toEqual(['Provider Entity', 'line1\r\nline2 _x000D_']);
  });

  it('accepts namespace-prefixed SpreadsheetML elements', async () => {
    const wb = await readWorkbook(
      buildXlsx({
        sheets: [
          {
            name: 'P',
            prefix: 'x',
            sheetData: '<x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>ok</x:t></x:is></x:c></x:row>',
          },
        ],
      }),
    );
    expect(wb.sheets[0]!.rows).toEqual([[null, 'ok']]);
  });

  it('reports hidden sheets and the 1904 date system', async () => {
    const wb = await readWorkbook(
      buildXlsx({
        date1904: true,
        sheets: [
          { name: 'A', sheetData: '' },
          { name: 'B', sheetData: '', state: 'hidden' },
        ],
      }),
    );
    expect(wb.date1904).toBe(true);
    expect(wb.sheets.map((s) => [s.name, s.state])).toEqual([
      ['A', 'visible'],
      ['B', 'hidden'],
    ]);
  });

  it('rejects a reference to a shared string that does not exist', async () => {
    const bytes = buildXlsx({
      sharedStrings: ['a'],
      sheets: [{ name: 'S', sheetData: '<row r="1"><c r="A1" t="s"><v>7</v></c></row>' }],
    });
    await expect(readWorkbook(bytes)).rejects.toThrow(/shared string 7/);
  });

  it('rejects malformed sheet XML and truncated packages', async () => {
    await expect(
      readWorkbook(buildXlsx({ sheets: [{ name: 'S', sheetData: '<row r="1"><c r="A1"><v>1</c></row>' }] })),
    ).rejects.toThrow();
    const whole = buildXlsx({ sheets: [{ name: 'S', sheetData: '<row r="1"/>' }] });
    await expect(readWorkbook(whole.subarray(0, whole.length - 30))).rejects.toThrow();
  });

  it('tells a workbook package from another zip', async () => {
    expect(await isXlsxPackage(buildXlsx({ sheets: [{ name: 'S', sheetData: '' }] }))).toBe(true);
    expect(await isXlsxPackage(buildZip([{ name: 'a.csv', data: 'x' }]))).toBe(false);
  });
});

describe('excelSerialToIsoDate', () => {
  it.each([
    [1, false, '1900-01-01'],
    [59, false, '1900-02-28'],
    [61, false, '1900-03-01'],
    [45627, false, '2024-12-01'],
    [45627.75, false, '2024-12-01'],
    [176413, false, '2382-12-31'],
    [0, true, '1904-01-01'],
    [44165, true, '2024-12-01'],
  ])('serial %d (1904: %s) is %s', (serial, date1904, iso) => {
    expect(excelSerialToIsoDate(serial, date1904)).toBe(iso);
  });

  it('has no date for serial 60 (the fictitious 1900-02-29) or negative serials', () => {
    expect(excelSerialToIsoDate(60)).toBeNull();
    expect(excelSerialToIsoDate(-1)).toBeNull();
  });
});

describe('cellText', () => {
  it('renders each cell type as display text', () => {
    expect([null, 'a', 12.5, true, false, { error: '#VALUE!' }].map(cellText)).toEqual([
      '',
      'a',
      '12.5',
      'TRUE',
      'FALSE',
      '#VALUE!',
    ]);
  });
});
