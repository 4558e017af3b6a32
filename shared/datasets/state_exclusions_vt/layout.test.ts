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

const SOURCE = 'state_exclusions_vt';
const FILE = 'Vermont.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Excluded Providers');

describe('VT DVHA for-cause exclusions layout on the fixtures', () => {
  it('title row and notes skipped; padded LAST,FIRST MI names; the no-end sentinel; reinstatement ends', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => [r.name, r.locator.line])).toEqual([
      ['HAWTHORNE,EMMETT J MD', 3],
      ['OSGOOD III,FRANKLIN E PSY D', 4],
      ['GREEN MOUNTAIN MOBILITY INC', 5],
      ['PELLETIER,ROSE LICSW', 6],
      ['CHAMPLAIN VALLEY DIAGNOSTICS,LLC', 7],
    ]);
    expect(rows[0]).toMatchObject({
      entity_type: 'individual',
      last_name: 'HAWTHORNE',
      first_name: 'EMMETT',
      middle_name: 'J',
      npis: ['1254031366'],
      provider_type: 'PHYSICIAN',
      city: 'BURLINGTON',
      state: 'VT',
      action: 'TERMINATED DUE TO SANCTIONS',
      start_date: '2022-09-12',
      end_date: null,
    });
    expect(byName(rows, /OSGOOD/)).toMatchObject({
      last_name: 'OSGOOD',
      first_name: 'FRANKLIN',
      middle_name: 'E',
      npis: [],
    });
    expect(byName(rows, /PELLETIER/)).toMatchObject({ first_name: 'ROSE', middle_name: null, end_date: '2023-03-01' });
    expect(byName(rows, /GREEN MOUNTAIN/)).toMatchObject({ entity_type: 'organization' });
    expect(byName(rows, /CHAMPLAIN/)).toMatchObject({
      entity_type: 'organization',
      state: 'NY',
      start_date: '2025-06-02',
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('an end date without reinstatement ends the exclusion; columns are found by name', async () => {
    const bytes = workbook([
      [
        'Provider Full Name',
        'Provider NPI',
        'State',
        'Provider Exclusion Status End Date',
        'Provider Exclusion Status Effective Date',
      ],
      ['HAWTHORNE,EMMETT J MD', '1254031366', 'VT', 45000, 44816],
    ]);
    expect(await collect(declaredLayout(SOURCE, FILE), bytes, { fileName: FILE })).toMatchObject([
      { start_date: '2022-09-12', end_date: '2023-03-15', locator: { line: 2, record: 1 } },
    ]);
  });

  it('a workbook that is not the layout fails naming the line, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    await expect(collect(layout, workbook([['Title'], ['Provider Full Name', 'Provider NPI']]))).rejects.toThrow(
      /line 2: missing column "Provider Exclusion Status Effective Date"/,
    );
    await expect(
      collect(
        layout,
        workbook([
          ['VT Medicaid Provider ID', 'Provider NPI', 'Provider Full Name', 'Provider Exclusion Status Effective Date'],
          ['0003817', '1254031366', '', 44816],
        ]),
      ),
    ).rejects.toThrow(/line 2: Provider Full Name is empty/);
  });
});

describeWithSamples('VT DVHA for-cause exclusions layout on the real list', samplePath('state_exclusions_vt'), () => {
  // Counted on the raw sheet XML (unzip + a regex over xl/worksheets/sheet1.xml, not this reader):
  // row 1 the title, row 2 the header; rows 3-66 each have a Provider Full Name (column C): 64
  // records. Row 67 is blank, rows 68-76 are 9 notes with text in column A only, rows 77-91 are
  // empty (PROVENANCE's "~89 data rows" counts all of rows 3-91).
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 64));

  it('reads names, NPIs, places, reasons and dates the way the list prints them (checked by hand)', async () => {
    const vt = await sampleRows(SOURCE, FILE);
    const byLine = (line: number) => vt.find((r) => r.locator.line === line);
    // First row: 0001926 | 1578671855 | MCDONALD,WILLIAM J DMD | DENTIST | RUTLAND VT | 22 | TERMINATED
    // DUE TO SANCTIONS | 43873 | 176413 (no end).
    expect(vt[0]).toMatchObject({
      entity_type: 'individual',
      last_name: 'MCDONALD',
      first_name: 'WILLIAM',
      middle_name: 'J',
      npis: ['1578671855'],
      provider_type: 'DENTIST',
      city: 'RUTLAND',
      state: 'VT',
      action: 'TERMINATED DUE TO SANCTIONS',
      start_date: '2020-02-12',
      end_date: null,
      locator: { line: 3, record: 1 },
    });
    // Row 10: DERBY LINE AMBULANCE, a business, 44454.
    expect(byLine(10)).toMatchObject({
      entity_type: 'organization',
      npis: ['1265477012'],
      action: 'TERMINATED DUE TO FAILURE OF CONTRACT TERMS',
      start_date: '2021-09-15',
    });
    // Row 12: SANBORN III,DONALD E PSY D, 39569.
    expect(byLine(12)).toMatchObject({
      last_name: 'SANBORN',
      first_name: 'DONALD',
      middle_name: 'E',
      start_date: '2008-05-01',
    });
    // Row 36: CUTIE PHARMA-CARE INC, Greenwich NY, 43854.
    expect(byLine(36)).toMatchObject({
      entity_type: 'organization',
      city: 'GREENWICH',
      state: 'NY',
      start_date: '2020-01-24',
    });
    // Last row: D032495 | 1215224449 | TAYTAWAT,PONGPEERA  MD | LEBANON NH | 42481.
    expect(vt.at(-1)).toMatchObject({
      last_name: 'TAYTAWAT',
      first_name: 'PONGPEERA',
      middle_name: null,
      npis: ['1215224449'],
      state: 'NH',
      start_date: '2016-04-21',
      locator: { line: 66, record: 64 },
    });
    expect(vt.every((r) => r.end_date === null)).toBe(true);
  });
});
