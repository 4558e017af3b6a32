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

const SOURCE = 'state_exclusions_mt';
const FILE = 'Montana.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Sheet1');

describe('MT DPHHS workbook layout on the fixtures', () => {
  it('Last, First names; a.k.a. rows fold into the record above; the unlabeled column is the action', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => r.name)).toEqual([
      'Abernathy, Colleen Marie',
      'Big Sky Durable Medical',
      'Kettleson, Ward J.',
      'Pryor, Dale AKA Dale Pryer',
      'Quill Roberta J.',
      'Tollefsen (Marsh), Ingrid',
    ]);
    expect(byName(rows, /Kettleson/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Kettleson',
      first_name: 'Ward',
      middle_name: 'J',
      other_names: ['Ward Kettle', 'Wardell Kettleson'],
      npis: ['1059066880'],
      action: 'State Termination/OIG Exclusion',
      start_date: '2025-05-20',
      locator: { line: 4, record: 3 },
    });
    // The a.k.a. rows (lines 5 and 6) are not records: the next record is on line 7.
    expect(byName(rows, /Pryor/)).toMatchObject({ other_names: ['Dale Pryer'], locator: { line: 7, record: 4 } });
    expect(byName(rows, /Big Sky/)).toMatchObject({ entity_type: 'organization', provider_type: 'DME' });
    expect(byName(rows, /Quill/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Quill',
      first_name: 'Roberta',
    });
    expect(byName(rows, /Tollefsen/)).toMatchObject({ last_name: 'Tollefsen', other_names: ['Marsh, Ingrid'] });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads a month whose columns moved and whose action column is labeled', async () => {
    const bytes = workbook([
      ['Montana Healthcare Programs'],
      ['NPI', 'Terminated/Excluded Provider(s)', 'Effective Date', 'Action', 'Healthcare Profession'],
      [1059066880, 'Kettleson, Ward J.', 45797, 'OIG Exclusion', 'Physician'],
    ]);
    const rows = await collect(declaredLayout(SOURCE, FILE), bytes, { fileName: FILE });
    expect(rows).toMatchObject([
      { npis: ['1059066880'], action: 'OIG Exclusion', provider_type: 'Physician', locator: { line: 3 } },
    ]);
  });

  it('a workbook that is not the layout fails naming the line, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    await expect(
      collect(
        layout,
        workbook([
          ['Terminated/Excluded Provider(s)', 'NPI'],
          ['Kettleson, Ward', 1],
        ]),
      ),
    ).rejects.toThrow(/line 1: missing column "Effective Date"/);
    await expect(collect(layout, workbook([['Name', 'Date'], ['a.k.a. Ward Kettle']]))).rejects.toThrow(
      /line 2: an a.k.a. row with no record above it/,
    );
    await expect(
      collect(
        layout,
        workbook([
          ['Provider', 'Date'],
          ['x', 1],
        ]),
      ),
    ).rejects.toThrow(/no sheet has the header/);
  });
});

describeWithSamples('MT DPHHS workbook layout on the real list', samplePath('state_exclusions_mt'), () => {
  // Counted on the raw sheet XML (unzip + a regex over xl/worksheets/sheet1.xml, not this reader):
  // rows 2-175 hold 174 non-blank rows under the header; 6 of them (22-24, 84, 126, 127) are
  // `a.k.a.` lines with only column A, the other names of the record above: 168 records.
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 168));

  it('reads names, NPIs, dates and actions the way the list prints them (checked by hand)', async () => {
    const mt = await sampleRows(SOURCE, FILE);
    const byLine = (line: number) => mt.find((r) => r.locator.line === line);
    // First row: A2..E2 = Adams, Timothy | Physician | 1891706537 | 45496 | State Termination.
    expect(mt[0]).toMatchObject({
      entity_type: 'individual',
      last_name: 'Adams',
      first_name: 'Timothy',
      npis: ['1891706537'],
      provider_type: 'Physician',
      start_date: '2024-07-23',
      action: 'State Termination',
      locator: { line: 2, record: 1 },
    });
    // Row 21 with its a.k.a. rows 22-24.
    expect(byLine(21)).toMatchObject({
      last_name: 'Clement',
      first_name: 'Ty',
      npis: ['1346527496'],
      start_date: '2021-03-25',
      other_names: ['Taylor Clement', 'Saul Clement', 'Taylor Woods Clement'],
    });
    // Row 53: a business (DME), 42025 = 2015-01-21.
    expect(byLine(53)).toMatchObject({
      entity_type: 'organization',
      organization_name: 'Global Medical Direct',
      npis: ['1396748794'],
      start_date: '2015-01-21',
      action: 'State Termination',
    });
    // Row 109: `O’Dell Troy D.`, a person printed without the comma, no NPI, 40836 = 2011-10-20.
    expect(byLine(109)).toMatchObject({
      entity_type: 'individual',
      last_name: 'O’Dell',
      first_name: 'Troy',
      npis: [],
      start_date: '2011-10-20',
      action: 'OIG Exclusion',
    });
    // Last row: A175 = Zinda, Nichole Lynn | Registered Nurse | (no NPI) | 45520 | OIG Exclusion.
    expect(mt.at(-1)).toMatchObject({
      last_name: 'Zinda',
      first_name: 'Nichole',
      middle_name: 'Lynn',
      npis: [],
      start_date: '2024-08-16',
      locator: { line: 175, record: 168 },
    });
  });
});
