import { RENDERER_VERSIONS, renderText } from '../../../shared/archive/text';
import { buildPdf } from '../../helpers/pdf-builder';
import { buildXlsx } from '../../helpers/xlsx-builder';
import { buildZip } from '../../helpers/zip-writer';

describe('renderText', () => {
  it('renders CSV as decoded text with the text renderer version', async () => {
    const r = await renderText({ bytes: Buffer.from('HCPCS,MUE\r\n0001U,1\r\n'), name: 'x.csv' });
    expect(r).toEqual({
      renderer: 'text',
      renderer_version: RENDERER_VERSIONS.text,
      encoding: 'utf-8',
      text: 'HCPCS,MUE\r\n0001U,1\r\n',
    });
  });

  it('uses the charset of the content type as a hint, and never changes the bytes', async () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x96]);
    const before = Buffer.from(bytes);
    const r = await renderText({ bytes, name: 'x.txt', contentType: 'text/plain; charset=utf-8' });
    expect(r.text).toBe('caf\u00e9\u2013');
    expect(r.encoding).toBe('windows-1252');
    expect(bytes.equals(before)).toBe(true);
  });

  it('renders an empty file to empty text', async () => {
    expect(await renderText({ bytes: Buffer.alloc(0), name: 'empty.csv' })).toMatchObject({
      renderer: 'text',
      text: '',
    });
  });

  it('renders an XLSX workbook per sheet, tab-separated, with escapes for tabs and line breaks', async () => {
    const bytes = buildXlsx({
      sharedStrings: ['Provider Entity\n(Org/Ind)', 'NPI'],
      sheets: [
        {
          name: 'Sheet1',
          sheetData:
            '<row r="1"><c r="A1" t="e"><v>#VALUE!</v></c><c r="B1" t="inlineStr"><is><t>Title\tx</t></is></c></row>' +
            '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="C3" t="s"><v>1</v></c></row>' +
            '<row r="4"><c r="A4" t="b"><v>1</v></c><c r="B4"><v>45627</v></c><c r="C4"><v>1609376698</v></c></row>',
        },
        { name: 'Lookup', sheetData: '', state: 'hidden' },
      ],
    });
    const r = await renderText({ bytes, name: 'Book.xlsx' });
    expect(r.renderer).toBe('xlsx');
    expect(r.text).toBe(
      [
        '# sheet: Sheet1',
        '#VALUE!\tTitle\\tx',
        '',
        'Provider Entity\\n(Org/Ind)\t\tNPI',
        'TRUE\t45627\t1609376698',
        '',
        '# sheet: Lookup (hidden)',
      ].join('\n'),
    );
  });

  it('lists a plain zip: names, sizes and CRC-32 in archive order', async () => {
    const bytes = buildZip([
      { name: 'readme.txt', data: 'hello' },
      { name: 'data/a.csv', data: 'a,b\n', deflate: false },
    ]);
    const r = await renderText({ bytes, name: 'bundle.zip' });
    expect(r.renderer).toBe('zip');
    expect(r.text.split('\n')).toEqual([
      'name\tsize\tcompressed_size\tcrc32\tmodified',
      expect.stringMatching(/^readme\.txt\t5\t\d+\t3610a686\t2026-01-15T12:30:00$/),
      'data/a.csv\t4\t4\t' +
        (require('node:zlib').crc32('a,b\n') >>> 0).toString(16).padStart(8, '0') +
        '\t2026-01-15T12:30:00',
    ]);
  });

  it('renders a PDF to the text of its pages, separated by form feeds', async () => {
    const r = await renderText({
      bytes: buildPdf([['Last Name First Name', 'Foster Allen R.'], ['page two']]),
      name: 'list.pdf',
    });
    expect(r).toMatchObject({
      renderer: 'pdf',
      encoding: null,
      text: 'Last Name First Name\nFoster Allen R.\fpage two',
    });
  });

  it.each([
    ['a truncated zip', () => buildZip([{ name: 'a.csv', data: 'x'.repeat(500) }]).subarray(0, 60)],
    ['a truncated PDF', () => buildPdf([['some text']]).subarray(0, 120)],
  ])('renders %s as unrenderable with a reason, without throwing', async (_label, make) => {
    const r = await renderText({ bytes: make(), name: 'broken' });
    expect(r.renderer).toBe('unrenderable');
    expect(r.text).toMatch(/^unrenderable (zip|pdf): \S/);
  });

  it('renders text that merely mentions a PDF header as text', async () => {
    const r = await renderText({ bytes: Buffer.from('name,note\nreadme,"starts with %PDF-1.4"\n'), name: 'x.csv' });
    expect(r.renderer).toBe('text');
  });

  it('renders binary content it has no text form for as empty text', async () => {
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await renderText({ bytes: ole2, name: 'Jan 2025 ASP Pricing File.xls' })).toMatchObject({
      renderer: 'binary',
      encoding: null,
      text: '',
    });
  });
});
