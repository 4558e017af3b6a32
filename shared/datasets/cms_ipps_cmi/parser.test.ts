import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CmiRow } from '../../hospitals/profile-rows';
import { cmiParser } from './parser';

async function parse(buf: Buffer | string, fileName: string): Promise<CmiRow[]> {
  const out: CmiRow[] = [];
  for await (const r of cmiParser.parse(buf, { fileName })) out.push(r);
  return out;
}
const read = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('IPPS case mix index parser (fixtures)', () => {
  it('reads the FY 2024 CMI file (tab-delimited, Case Mix Index)', async () => {
    const rows = await parse(read('FY_2024_Final_Rule_CMI_File.txt'), 'FY_2024_Final_Rule_CMI_File.txt');
    expect(rows.map((r) => [r.ccn, r.fiscal_year, r.case_mix_index, r.cases])).toEqual([
      ['010099', 2024, 1.6842, 9876],
      ['050777', 2024, 1.7215, 14230],
      ['140901', 2024, 2.1034, 21877],
      ['010150', 2024, 1.102, 1045],
    ]);
    expect(rows[0]!.cmi_column).toBe('Case Mix Index');
  });

  it('reads the FY 2025 impact file by name (title line, TACMIV42, Bills with commas) and skips its total row', async () => {
    const rows = await parse(read('FY_2025_Final_Rule_Impact_File.csv'), 'FY_2025_Final_Rule_Impact_File.csv');
    expect(rows.map((r) => [r.ccn, r.case_mix_index, r.cases])).toEqual([
      ['010099', 1.7105, 10112],
      ['050777', 1.735, 14002],
      ['140901', 2.1408, 22415],
    ]);
    expect(rows[0]).toMatchObject({
      fiscal_year: 2025,
      cmi_column: 'TACMIV42',
      provider_name: 'PINE HOLLOW REGIONAL MEDICAL CENTER',
      locator: { line: 4, record: 1 },
    });
    expect(rows[0]!.source_row['Geographic Labor Market Area']).toBe('20020');
  });

  it('refuses a file with no index column, a bad number, or no fiscal year in its name', async () => {
    await expect(parse('Provider Number\tBeds\r\n010099\t4\r\n', 'FY_2024_Final_Rule_CMI_File.txt')).rejects.toThrow(
      /no header/,
    );
    await expect(
      parse('Provider Number\tCase Mix Index\r\n010099\tabc\r\n', 'FY_2024_Final_Rule_CMI_File.txt'),
    ).rejects.toThrow(/not a number/);
    await expect(parse('Provider Number\tCase Mix Index\r\n', 'cmi.txt')).rejects.toThrow(/no fiscal year/);
  });
});
