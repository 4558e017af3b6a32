import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  declaredLayout,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
  sampleRows,
} from '../../../tests/helpers/state-lists';
import { buildXlsx } from '../../../tests/helpers/xlsx-builder';
import { collect } from '../../../tests/unit/publishers/helpers';
import { findByLocator } from '../../publishers/common/locator';

const SOURCE = 'state_exclusions_oh';
const FILE = 'ExclusionSuspensionList.xlsx';

/** Sheet XML of inline-string rows (numbers as numbers). */
function sheetData(rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null, ref: string) =>
    v === null
      ? ''
      : typeof v === 'number'
        ? `<c r="${ref}"><v>${v}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  return rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, c) => cell(v, `${String.fromCharCode(65 + c)}${i + 1}`)).join('')}</row>`,
    )
    .join('');
}

describe('OH Medicaid exclusion/suspension layout on the fixtures', () => {
  it('split names, aliases and affiliations in the organization column, DOBs, two NPIs, d.b.a.', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      entity_type: 'individual',
      name: 'Bramwell, Teodora K.',
      last_name: 'Bramwell',
      first_name: 'Teodora',
      middle_name: 'K.',
      dob: '1979-04-12',
      npis: ['1596577282'],
      state: 'OH',
      zip: '43215',
      action: 'Excluded',
      start_date: '2024-02-05',
      locator: { line: 2, record: 1 },
    });
    expect(byName(rows, /Dunleavy/)).toMatchObject({
      other_names: ['Marcus Dunlevy'],
      organization_name: null,
      dob: null,
      state: 'ME',
      zip: '04401',
    });
    expect(byName(rows, /Ferrante/)).toMatchObject({
      entity_type: 'individual',
      organization_name: 'Owner; Maple Ridge Transport, LLC',
      npis: ['1678026240'],
      npi_text: null,
      state: 'OH',
      action: 'Susepnded',
    });
    expect(byName(rows, /Hollis/)).toMatchObject({ entity_type: 'individual', start_date: null, action: null });
    expect(byName(rows, /^Maple/)).toMatchObject({
      entity_type: 'organization',
      npis: ['1281354245', '1215001607'],
      start_date: '2025-03-03',
    });
    expect(byName(rows, /Cedar/)).toMatchObject({
      organization_name: 'Cedar Point Home Care',
      other_names: ['Lakeshore Helpers'],
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads the later layout: Individuals and Organizations sheets beside Instructions, lines growing', async () => {
    const head = ['Last Name', 'First Name', 'Middle Name', 'DOB', 'NPI', 'Provider ID', 'Provider Type'];
    const tail = ['Action Date', 'Status', 'Date Added'];
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'Instructions',
          sheetData: sheetData([['Search the list by name or NPI.'], ['Updated twice a month.']]),
        },
        {
          name: 'Individuals',
          sheetData: sheetData([
            [...head, ...tail],
            ['Bramwell', 'Teodora', 'K', 28957, 1596577282, '0087654', 'Health Care Aide', 45327, 'Excluded', 45331],
          ]),
        },
        {
          name: 'Organizations',
          sheetData: sheetData([
            [
              'Organization Name',
              'Address 1',
              'City',
              'State',
              'Zip Code',
              'NPI',
              'Provider ID',
              'Provider Type',
              ...tail,
            ],
            [
              'Maple Ridge Transport Owner: Lucia Ferrante',
              '200 Commerce Drive',
              'Akron',
              'OH',
              44308,
              1281354245,
              '0061234',
              'Wheelchair Van',
              45719,
              'Suspended',
              null,
            ],
          ]),
        },
      ],
    });
    const layout = declaredLayout(SOURCE, FILE);
    const rows = await collect(layout, bytes, { fileName: FILE });
    expect(rows).toMatchObject([
      {
        name: 'Bramwell, Teodora K',
        middle_name: 'K',
        dob: '1979-04-12',
        action: 'Excluded',
        locator: { line: 4, record: 1 },
      },
      {
        entity_type: 'organization',
        organization_name: 'Maple Ridge Transport',
        npis: ['1281354245'],
        start_date: '2025-03-03',
        locator: { line: 6, record: 2 },
      },
    ]);
    for (const r of rows) expect(await findByLocator(layout, bytes, r.locator, { fileName: FILE })).toEqual(r);
  });

  it('a workbook that is not the layout fails naming the line, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const wb = (rows: (string | number | null)[][]) =>
      buildXlsx({ sheets: [{ name: 'Sheet1', sheetData: sheetData(rows) }] });
    await expect(collect(layout, wb([['Note'], ['Last Name', 'First Name', 'NPI', 'Status']]))).rejects.toThrow(
      /line 2: missing column "Action Date"/,
    );
    await expect(
      collect(
        layout,
        wb([
          ['Last Name', 'First Name', 'NPI', 'Status', 'Action Date'],
          [null, null, 1, 'Excluded', 45000],
        ]),
      ),
    ).rejects.toThrow(/line 2: no name/);
    await expect(
      collect(
        layout,
        wb([
          ['Last Name', 'NPI', 'Status', 'Action Date'],
          ['Roe', null, 'Excluded', '31/31/2020'],
        ]),
      ),
    ).rejects.toThrow(/line 2: unreadable date/);
    await expect(collect(layout, wb([['Name', 'NPI']]))).rejects.toThrow(/no sheet has the header/);
  });
});

describeWithSamples(
  'OH Medicaid exclusion/suspension layout on the real list',
  samplePath('state_exclusions_oh'),
  () => {
    // Counted on the raw sheet XML (unzip + a regex over xl/worksheets/sheet1.xml, not this reader):
    // 883 <row> elements; row 1 is the header, rows 2-880 all hold values (879 records), rows
    // 881-883 are empty (PROVENANCE's "882 data rows" counts them); sheet2.xml and sheet3.xml hold no rows.
    it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 879));

    it('reads names, DOBs, NPIs, statuses and dates the way the list prints them (checked by hand)', async () => {
      const oh = await sampleRows(SOURCE, FILE);
      const byLine = (line: number) => oh.find((r) => r.locator.line === line);
      // First row: Abdullahi | Kareemah | DOB 30832 | no NPI | Cleveland Heights OH 44118 | Excluded | 41446.
      expect(oh[0]).toMatchObject({
        entity_type: 'individual',
        last_name: 'Abdullahi',
        first_name: 'Kareemah',
        dob: '1984-05-30',
        npis: [],
        city: 'Cleveland Heights',
        state: 'OH',
        zip: '44118',
        action: 'Excluded',
        start_date: '2013-06-21',
        provider_type: 'Health Care Aide',
        locator: { line: 2, record: 1 },
      });
      // Row 8: `dba; Almaz Medical Transport` in the organization column, Suspended from 42024.
      expect(byLine(8)).toMatchObject({
        last_name: 'Adamov',
        other_names: ['Almaz Medical Transport'],
        dob: '1978-06-08',
        action: 'Suspended',
        start_date: '2015-01-20',
      });
      // Row 12: first name `Sonya D` (middle initial in it), NPI 1255359337, DOB 26130, action 41263.
      expect(byLine(12)).toMatchObject({
        first_name: 'Sonya',
        middle_name: 'D',
        npis: ['1255359337'],
        dob: '1971-07-16',
        start_date: '2012-12-20',
      });
      // Row 829: an organization with two NPIs `1437443140/1679810386`, action 41745.
      expect(byLine(829)).toMatchObject({
        entity_type: 'organization',
        organization_name: 'Edu-At-Tech',
        npis: ['1437443140', '1679810386'],
        npi_text: null,
        start_date: '2014-04-16',
      });
      // Last row: Yama Transportation (Toledo OH 43615), Suspended, action 41772.
      expect(oh.at(-1)).toMatchObject({
        entity_type: 'organization',
        name: 'Yama Transportation',
        npis: [],
        city: 'Toledo',
        zip: '43615',
        action: 'Suspended',
        start_date: '2014-05-13',
        locator: { line: 880, record: 879 },
      });
    });
  },
);
