import * as fs from 'node:fs';
import { extractPdfText } from '../../../shared/formats/pdf';
import { type Cell, cellText, excelSerialToIsoDate, readWorkbook, type Sheet } from '../../../shared/formats/xlsx';
import { describeWithSamples, SAMPLES_DIR, samplePath } from '../../helpers/samples';

/**
 * The reader against every real state workbook (PROVENANCE.md describes each): the header row is
 * where the publisher put it and the data-row counts match the provenance table.
 */
interface Expectation {
  file: string;
  sheet: string;
  /** 0-based index of the header row. */
  header: number;
  /** Leading header cells, as text. */
  headerStart: string[];
  /** Rows after the header, empty and note rows included: PROVENANCE.md's count (Vermont: "~89", measured 90). */
  dataRows: number;
}

const WORKBOOKS: Expectation[] = [
  {
    file: 'state_exclusions_az/Arizona.xlsx',
    sheet: 'State Exclusions',
    header: 0,
    headerStart: ['NPI', 'Provider Name'],
    dataRows: 708,
  },
  {
    file: 'state_exclusions_co/Colorado.xlsx',
    sheet: 'Termination List',
    header: 0,
    headerStart: ['Provider Name', '"Doing Business As" Name', 'NPI'],
    dataRows: 318,
  },
  {
    file: 'state_exclusions_ky/Kentucky.xlsx',
    sheet: 'Terminations nad Exclusions',
    header: 2,
    headerStart: ['First Name', 'Last Name or Practice Name', 'NPI'],
    dataRows: 398,
  },
  {
    file: 'state_exclusions_ma/Massachusetts.xlsx',
    sheet: 'Exclusions List',
    header: 0,
    headerStart: ['Provider Name', 'Provider Type'],
    dataRows: 295,
  },
  {
    file: 'state_exclusions_ma/Massachusetts.xlsx',
    sheet: 'Removed fx the list',
    header: 0,
    headerStart: ['Provider Name'],
    dataRows: 5,
  },
  {
    file: 'state_exclusions_ms/Mississippi.xlsx',
    sheet: 'Sheet1',
    header: 8,
    headerStart: ['#', 'Provider Entity \n(Org/Ind)', 'Role'],
    dataRows: 194,
  },
  {
    file: 'state_exclusions_mt/Montana.xlsx',
    sheet: 'Sheet1',
    header: 0,
    headerStart: ['Terminated/Excluded Provider(s)', 'Healthcare Profession', 'NPI', 'Effective Date'],
    dataRows: 174,
  },
  {
    file: 'state_exclusions_oh/ExclusionSuspensionList.xlsx',
    sheet: 'Sheet1',
    header: 0,
    headerStart: ['Last Name', 'First Name', 'Organization Name', 'DOB'],
    dataRows: 882,
  },
  {
    file: 'state_exclusions_sc/SouthCarolina.xlsx',
    sheet: 'Sheet1',
    header: 2,
    headerStart: ['Individual//Entity', 'NPI', 'City'],
    dataRows: 1329,
  },
  {
    file: 'state_exclusions_vt/Vermont.xlsx',
    sheet: 'Excluded Providers',
    header: 1,
    headerStart: ['VT Medicaid Provider ID ', 'Provider NPI'],
    dataRows: 90,
  },
  {
    file: 'state_exclusions_wa/Washington.xlsx',
    sheet: 'Termination and exclusion list',
    header: 3,
    headerStart: ['Name', 'License #', 'NPI # or P1 #'],
    dataRows: 235,
  },
];

const cache = new Map<string, Promise<Sheet[]>>();
const sheetsOf = (file: string) => {
  if (!cache.has(file))
    cache.set(
      file,
      readWorkbook(fs.readFileSync(samplePath(file))).then((w) => w.sheets),
    );
  return cache.get(file) as Promise<Sheet[]>;
};
const sheet = async (file: string, name: string) => (await sheetsOf(file)).find((s) => s.name === name) as Sheet;
const texts = (row: Cell[] | undefined) => (row ?? []).map(cellText);

describeWithSamples('XLSX reader on the state exclusion workbooks', SAMPLES_DIR, () => {
  it.each(WORKBOOKS.map((w) => [`${w.file} [${w.sheet}]`, w] as const))(
    '%s: header row and data-row count',
    async (_l, w) => {
      const s = await sheet(w.file, w.sheet);
      expect(s).toBeDefined();
      expect(texts(s.rows[w.header]).slice(0, w.headerStart.length)).toEqual(w.headerStart);
      expect(s.rows.length - w.header - 1).toBe(w.dataRows);
    },
  );

  it('reads Vermont A1 as the error cell #VALUE! and keeps provider ids with leading zeros as text', async () => {
    const s = await sheet('state_exclusions_vt/Vermont.xlsx', 'Excluded Providers');
    expect(s.rows[0]![0]).toEqual({ error: '#VALUE!' });
    expect(s.rows[2]![0]).toBe('0001926');
    expect(excelSerialToIsoDate(s.rows[2]![9] as number)).toBe('2382-12-31');
  });

  it('keeps the line breaks inside Mississippi header cells', async () => {
    const header = texts((await sheet('state_exclusions_ms/Mississippi.xlsx', 'Sheet1')).rows[8]);
    expect(header).toContain('Provider Organization Name\n (Applicable for Organizations Only)');
    expect(header.filter((h) => h.includes('\n')).length).toBeGreaterThanOrEqual(5);
  });

  it('reads Arizona dates as Excel serials that convert to real dates', async () => {
    const row = (await sheet('state_exclusions_az/Arizona.xlsx', 'State Exclusions')).rows[1]!;
    expect(typeof row[2]).toBe('number');
    expect(excelSerialToIsoDate(row[2] as number)).toMatch(/^20\d\d-\d\d-\d\d$/);
  });

  it('finds no sheets beyond those PROVENANCE.md lists (Ohio Sheet2 and Sheet3 are empty)', async () => {
    const oh = await sheetsOf('state_exclusions_oh/ExclusionSuspensionList.xlsx');
    expect(oh.map((s) => [s.name, s.rows.length > 0])).toEqual([
      ['Sheet1', true],
      ['Sheet2', false],
      ['Sheet3', false],
    ]);
  });

  it('extracts provider names from the TennCare PDF', async () => {
    const { pages } = await extractPdfText(
      fs.readFileSync(samplePath('state_exclusions_tn/terminatedproviderlist.pdf')),
    );
    const text = pages.join('\n');
    expect(text).toContain('Last Name');
    expect(text).toMatch(/Foster\s+Allen R\./);
    expect(text).toContain('Cumberland Neurology, LLC');
  });
});
