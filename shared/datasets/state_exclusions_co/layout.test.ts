import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  declaredLayout,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
  sampleRows,
} from '../../../tests/helpers/state-lists';
import { type RowValue, rowsWorkbook } from '../../../tests/helpers/xlsx-builder';
import { collect } from '../../../tests/unit/publishers/helpers';

const SOURCE = 'state_exclusions_co';
const FILE = 'Colorado.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Termination List');

describe('HCPF termination list layout on the fixtures', () => {
  it('reads people LAST CREDENTIAL, FIRST and First Last, firms, DBAs and several NPIs', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows).toHaveLength(6);
    expect(byName(rows, /LANGSTON/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'LANGSTON',
      first_name: 'OWEN',
      middle_name: 'P',
      provider_type: 'MD',
      npis: ['1742039583'],
      state: 'CO',
      action: '10 CCR 2505-10, Section 8.076.1.7.e',
      start_date: '2019-03-14',
      end_date: null,
      locator: { line: 2, record: 1 },
    });
    expect(byName(rows, /PEAK TRAIL/)).toMatchObject({ entity_type: 'organization', npis: [], npi_text: null });
    expect(byName(rows, /Ferreira/).npis).toEqual(['1286504174', '1938740267']);
    expect(byName(rows, /Wren/)).toMatchObject({
      entity_type: 'unknown',
      other_names: ['Wren Mobility, LLC'],
      npis: ['1560293841'],
    });
    expect(byName(rows, /Alpine/)).toMatchObject({
      entity_type: 'organization',
      npis: ['1104736594'],
      start_date: '2025-03-14',
    });
    expect(byName(rows, /Silverline/)).toMatchObject({ entity_type: 'organization', other_names: ['Pruett, Dana'] });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads another month of the layout: title rows, reordered and renamed columns, trailing blanks', async () => {
    const bytes = workbook([
      ['Health First Colorado Provider Termination List'],
      [],
      ['NPI', 'Provider Name', 'Effective Date', 'DBA Name', 'Termination Authority'],
      ['1742039583', 'Langston, Owen', 45870, 'Langston Family Clinic', '10 C.C.R. 2505-10, Section 8.076.1.7.e'],
      [' ', ' ', null, ' '],
    ]);
    const rows = await collect(declaredLayout(SOURCE, FILE), bytes);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Langston, Owen',
        entity_type: 'individual',
        other_names: ['Langston Family Clinic'],
        start_date: '2025-08-01',
        locator: { line: 4, record: 1 },
      }),
    ]);
  });

  it('a workbook without the layout fails naming the problem, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const noDate = workbook([
      ['Provider Name', 'NPI', 'Termination Authority'],
      ['Langston, Owen', '1742039583', '10 CCR 2505-10'],
    ]);
    await expect(collect(layout, noDate)).rejects.toThrow(/line 2: the header has no "Termination Effective Date"/);
    const noHeader = workbook([
      ['Name', 'Date'],
      ['Langston, Owen', 45870],
    ]);
    await expect(collect(layout, noHeader)).rejects.toThrow(/line 1: no sheet has the header Provider Name, NPI/);
  });
});

describeWithSamples('HCPF termination list layout on the real list', samplePath(SOURCE), () => {
  // 318: the workbook's one sheet has the header in row 1 and its last row is 319, every row 2-319
  // with a provider name (counted from xl/worksheets/sheet1.xml with Python's zipfile and
  // ElementTree, outside this code: rows below the header whose column A is not empty).
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 318));

  it('reads names, NPIs and dates the way the list prints them (checked by hand)', async () => {
    const co = await sampleRows(SOURCE, FILE);
    // First row (Excel row 2): NPI `N/A`, serial 40572.
    expect(co[0]).toMatchObject({
      name: 'BROWN, MARDEN',
      entity_type: 'individual',
      last_name: 'BROWN',
      first_name: 'MARDEN',
      npis: [],
      action: '10 CCR 2505-10, Section 8.076.1.7.f',
      start_date: '2011-01-29',
      locator: { line: 2, record: 1 },
    });
    // A professional corporation (a legal form with no business word) with its DBA; serial 40714.
    expect(co.find((r) => r.locator.line === 8)).toMatchObject({
      name: 'MICHAEL T PARRA MD PC',
      entity_type: 'organization',
      other_names: ['COLORADO HEMATOLOGY ONCOLOGY'],
      npis: ['1497845622'],
      start_date: '2011-06-20',
    });
    // A credential and a suffix before the comma; the NPI typed as a number; serial 42766.
    expect(co.find((r) => r.locator.line === 88)).toMatchObject({
      name: 'KAY JR MD, CHARLES H',
      last_name: 'KAY',
      first_name: 'CHARLES',
      middle_name: 'H',
      provider_type: 'MD',
      npis: ['1063482198'],
      start_date: '2017-01-31',
    });
    // First Last with a DBA and two NPIs joined by `&`; serial 44383.
    expect(co.find((r) => r.locator.line === 205)).toMatchObject({
      name: 'Muluemebet Tasew',
      entity_type: 'unknown',
      other_names: ['Arsema, Inc.'],
      npis: ['1407382559', '1093373094'],
      start_date: '2021-07-06',
    });
    // Nine NPIs in one comma-separated cell; serial 45349.
    const iit = co.find((r) => r.locator.line === 262)!;
    expect(iit).toMatchObject({ name: 'Integrated Insight Therapy LLC', entity_type: 'organization' });
    expect(iit.npis).toHaveLength(9);
    expect(iit.npis[8]).toBe('1851070494');
    expect(iit.start_date).toBe('2024-02-27');
    // Last row (Excel row 319): serial 46099.
    expect(co.at(-1)).toMatchObject({
      name: 'Collins, David',
      last_name: 'Collins',
      first_name: 'David',
      npis: ['1407459605'],
      start_date: '2026-03-18',
      locator: { line: 319, record: 318 },
    });
  });
});
