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

const SOURCE = 'state_exclusions_ms';
const FILE = 'Mississippi.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Sheet1');

describe('MS DOM sanctioned providers layout on the fixtures', () => {
  it('title and legend rows skipped, the header found by name, empty numbered rows dropped', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => [r.name, r.locator.line])).toEqual([
      ['Magnolia Bend Home Care', 10],
      ['Darnell T Whitacre, MD', 12],
      ['Rosalind Quarles', 13],
      ['Harlan Everett Mabry', 14],
      ['Gulf Breeze Medical Supply dba Coastline DME', 15],
      ['Odessa Pruitt-Vance', 16],
    ]);
  });

  it('reads organizations with their owner, people with DOB, address, Medicaid ID and end', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(byName(rows, /Magnolia/)).toMatchObject({
      entity_type: 'organization',
      organization_name: 'Magnolia Bend Home Care',
      first_name: 'Lorraine',
      last_name: 'Castille',
      npis: ['1548701295'],
      license_number: 'Medicaid ID 004417730',
      city: 'Hattiesburg',
      state: 'MS',
      zip: '39401',
      start_date: '2023-08-14',
      end_date: null,
      end_note: 'Indefinite',
    });
    expect(byName(rows, /Whitacre/)).toMatchObject({
      entity_type: 'individual',
      first_name: 'Darnell',
      middle_name: 'T',
      last_name: 'Whitacre',
      dob: '1968-02-19',
      city: 'Tupelo',
      state: 'MS',
      zip: '38801-4934',
      provider_type: 'Physician (Family Medicine)',
      action: 'LB-Licensing Board; Licensing Problems; License suspended',
      start_date: '2021-04-05',
      end_date: '2026-04-05',
      end_note: null,
    });
    expect(byName(rows, /Quarles/)).toMatchObject({ dob: null, state: 'MA', zip: '02118', npis: [] });
    expect(byName(rows, /Mabry/)).toMatchObject({
      entity_type: 'individual',
      other_names: ['Delta Pines Correctional Facility'],
    });
    expect(byName(rows, /Gulf Breeze/).other_names).toEqual(['Coastline DME']);
    expect(byName(rows, /Pruitt-Vance/)).toMatchObject({ entity_type: 'individual', last_name: 'Pruitt-Vance' });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads another month of the layout: short column names, reordered, no title rows', async () => {
    const bytes = workbook([
      [
        'NPI',
        'Provider Entity',
        'Provider Last Name',
        'Provider First Name',
        'Provider Organization Name',
        'City',
        'State',
        'Zip Code',
        'Effective Date',
        'End Date',
        'Sanction Type',
      ],
      [
        '1632109488',
        'Individual',
        'Whitacre',
        'Darnell',
        null,
        'Tupelo',
        'MS',
        38801,
        45870,
        401768,
        'LB-Licensing Board',
      ],
    ]);
    const rows = await collect(declaredLayout(SOURCE, FILE), bytes);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Darnell Whitacre',
        npis: ['1632109488'],
        start_date: '2025-08-01',
        end_date: null,
        end_note: 'Indefinite',
        locator: { line: 2, record: 1 },
      }),
    ]);
  });

  it('a workbook without the layout fails naming the problem, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const noStart = workbook([
      ['NPI', 'City', 'State', 'Provider Organization Name', 'Provider First Name', 'Provider Last Name'],
      ['1632109488', 'Tupelo', 'MS', null, 'Darnell', 'Whitacre'],
    ]);
    await expect(collect(layout, noStart)).rejects.toThrow(/line 2: the header has no "Termination Effective Date"/);
    await expect(collect(layout, workbook([['Sanctioned Providers List']]))).rejects.toThrow(
      /line 1: no sheet has the header NPI, City, State/,
    );
  });
});

describeWithSamples('MS DOM sanctioned providers layout on the real list', samplePath(SOURCE), () => {
  // 193: counted from xl/worksheets/sheet1.xml with Python's zipfile and ElementTree, outside this
  // code. Below the header (row 9) 194 rows hold a cell; row 11 holds only its number (`2`), so
  // 193 rows name someone (organization, first or last name). The numbers run 1-191 with #2 empty,
  // and rows 79, 83 and 157 have no number: 190 + 3 = 193.
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 193));

  it('reads names, identifiers and dates the way the list prints them (checked by hand)', async () => {
    const ms = await sampleRows(SOURCE, FILE);
    // First row (Excel row 10): start serial 45427, end 401768 (none).
    expect(ms[0]).toMatchObject({
      name: 'A& B Medical Supplies',
      entity_type: 'organization',
      npis: ['1427126242'],
      city: 'Moscow Mills',
      state: 'MO',
      zip: '63362',
      start_date: '2024-05-15',
      end_date: null,
      end_note: 'Indefinite',
      locator: { line: 10, record: 1 },
    });
    // Row 16: DOB serial 18106, start 37559, a dated end 47076, Medicaid ID.
    expect(ms.find((r) => r.locator.line === 16)).toMatchObject({
      name: 'Walter O Anderson, MD',
      entity_type: 'individual',
      first_name: 'Walter',
      middle_name: 'O',
      last_name: 'Anderson',
      npis: [],
      license_number: 'Medicaid ID 000115104',
      dob: '1949-07-27',
      start_date: '2002-10-30',
      end_date: '2028-11-19',
    });
    // Row 17: an organization naming its owner in the individual columns.
    expect(ms.find((r) => r.locator.line === 17)).toMatchObject({
      name: 'Annies House',
      entity_type: 'organization',
      first_name: 'Nicole',
      last_name: 'Watkins',
      npis: ['1265195093'],
      license_number: 'Medicaid ID 004654779',
      start_date: '2023-06-30',
    });
    // Row 136: the birth date is garbled text (`20/27/1966`): none.
    expect(ms.find((r) => r.locator.line === 136)).toMatchObject({
      name: 'Gregory Parker',
      dob: null,
      start_date: '2022-05-19',
    });
    // Row 157: an unnumbered row; start serial 46132.
    expect(ms.find((r) => r.locator.line === 157)).toMatchObject({
      name: 'David Rerko',
      npis: ['1932157062'],
      license_number: 'Medicaid ID 004578323',
      start_date: '2026-04-20',
    });
    // Last row (Excel row 203): DOB serial 24629, start 43615.
    expect(ms.at(-1)).toMatchObject({
      name: 'Michael Zaleski',
      entity_type: 'individual',
      other_names: [],
      npis: ['1215912928'],
      dob: '1967-06-06',
      start_date: '2019-05-30',
      locator: { line: 203, record: 193 },
    });
  });
});
