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

const SOURCE = 'state_exclusions_sc';
const FILE = 'SouthCarolina.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Sheet1');

describe('SC DHHS sanctioned list layout on the fixtures', () => {
  it('title rows skipped; one name column read as people or businesses; Not Found is no NPI', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => [r.entity_type, r.locator.line])).toEqual([
      ['organization', 4],
      ['individual', 5],
      ['individual', 6],
      ['individual', 7],
      ['organization', 8],
      ['organization', 9],
      ['individual', 10],
    ]);
    expect(byName(rows, /Congaree/)).toMatchObject({
      npis: ['1974794244'],
      action: 'Terminated for Cause',
      start_date: '2024-10-14',
    });
    expect(byName(rows, /Fairchild/)).toMatchObject({
      last_name: 'Fairchild',
      first_name: 'Lionel',
      middle_name: 'P',
      npis: ['1717201929'],
    });
    expect(byName(rows, /Gadsden/)).toMatchObject({
      last_name: 'Gadsden',
      first_name: 'Hollis',
      npis: [],
      npi_text: null,
      state: 'SC',
    });
    expect(byName(rows, /Harbison/)).toMatchObject({
      last_name: 'Harbison',
      other_names: ['Della Hart'],
      npi_text: null,
    });
    expect(rows.filter((r) => /Lowcountry/.test(r.name)).map((r) => r.provider_type)).toEqual([
      'Durable Medical Equipment BUS',
      'Pharmacy - Owner/Operator',
    ]);
    expect(byName(rows, /Rutledge/)).toMatchObject({
      city: 'Augusta',
      state: 'GA',
      zip: '30901',
      start_date: '2016-03-14',
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads an older list whose date column is `Date Excluded`', async () => {
    const bytes = workbook([
      ['South Carolina Excluded Providers'],
      ['Individual/Entity', 'NPI', 'City', 'State', 'Zip', 'Last Known Profession/Provider Type', 'Date Excluded'],
      ['Rutledge, Amos T.', 'Not Found', 'Augusta', 'GA', '30901', 'Health Care Aide', '3/14/2016'],
    ]);
    expect(await collect(declaredLayout(SOURCE, FILE), bytes, { fileName: FILE })).toMatchObject([
      { last_name: 'Rutledge', start_date: '2016-03-14', action: null, locator: { line: 3, record: 1 } },
    ]);
  });

  it('a workbook that is not the layout fails naming the line, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    await expect(collect(layout, workbook([['Title'], ['Individual//Entity', 'NPI', 'City']]))).rejects.toThrow(
      /line 2: missing column "Action Date"/,
    );
    await expect(
      collect(
        layout,
        workbook([
          ['Individual//Entity', 'NPI', 'Action Date'],
          ['Roe, Ann', 'Not Found', '31/31/2020'],
        ]),
      ),
    ).rejects.toThrow(/line 2: unreadable date/);
  });
});

describeWithSamples('SC DHHS sanctioned list layout on the real list', samplePath('state_exclusions_sc'), () => {
  // Counted on the raw sheet XML (unzip + a regex over xl/worksheets/sheet1.xml, not this reader):
  // 1,332 <row> elements, rows 1-2 the title, row 3 the header, rows 4-1332 each with a name in
  // column A and a value in every other column bar 4 blank ZIPs and 1 blank city: 1,329 records.
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 1329));

  it('reads names, NPIs, places and dates the way the list prints them (checked by hand)', async () => {
    const sc = await sampleRows(SOURCE, FILE);
    const byLine = (line: number) => sc.find((r) => r.locator.line === line);
    // First row: A Better Choice LLC | 1639573645 | Florence SC 29501 | Terminated for Cause | 42347.
    expect(sc[0]).toMatchObject({
      entity_type: 'organization',
      organization_name: 'A Better Choice LLC',
      npis: ['1639573645'],
      city: 'Florence',
      state: 'SC',
      zip: '29501',
      action: 'Terminated for Cause',
      start_date: '2015-12-09',
      locator: { line: 4, record: 1 },
    });
    // Row 17: Adams, Jill F. | 1356369565 | Eure NC 27935 | Excluded | 42418.
    expect(byLine(17)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Adams',
      first_name: 'Jill',
      npis: ['1356369565'],
      state: 'NC',
      start_date: '2016-02-18',
    });
    // Row 23: the NPI is a number cell (1235188483), Excluded, 42438.
    expect(byLine(23)).toMatchObject({
      organization_name: 'Advance Medical, LLC',
      npis: ['1235188483'],
      start_date: '2016-03-09',
    });
    // Row 407: `Fisgus, MD, C. Wayne`, NPI `Not Found`, 34669.
    expect(byLine(407)).toMatchObject({
      last_name: 'Fisgus',
      first_name: 'C',
      middle_name: 'Wayne',
      npis: [],
      npi_text: null,
      start_date: '1994-12-01',
    });
    // Last row: Zanders, Cynthia Britton | Not Found | Florence SC 29501 | Excluded | 39602.
    expect(sc.at(-1)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Zanders',
      first_name: 'Cynthia',
      middle_name: 'Britton',
      action: 'Excluded',
      start_date: '2008-06-03',
      locator: { line: 1332, record: 1329 },
    });
    // Row 1141: `Stewart Denise`, a person printed without the comma (an employee).
    expect(byLine(1141)).toMatchObject({ entity_type: 'individual', last_name: 'Stewart', first_name: 'Denise' });
  });
});
