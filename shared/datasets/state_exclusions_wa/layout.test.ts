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

const SOURCE = 'state_exclusions_wa';
const FILE = 'Washington.xlsx';

const workbook = (rows: RowValue[][]) => rowsWorkbook(rows, 'Termination and exclusion list');

describe('WA HCA termination and exclusion layout on the fixtures', () => {
  it('preamble skipped; several names and NPIs per cell; credentials; P1 numbers; NPI in the license', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({
      entity_type: 'unknown',
      name: 'Alder Creek Dental Studio; Firwood Denture Clinic; Marsh, Tobias R. DN',
      organization_name: 'Alder Creek Dental Studio',
      other_names: ['Firwood Denture Clinic'],
      last_name: 'Marsh',
      first_name: 'Tobias',
      npis: ['1025879044', '1136721929'],
      npi_text: null,
      license_number: 'DN60412345',
      provider_type: 'DN',
      start_date: '2024-09-16',
      locator: { line: 5, record: 1 },
    });
    expect(byName(rows, /Brandvold/)).toMatchObject({
      entity_type: 'individual',
      first_name: 'Ellis',
      provider_type: 'MD',
      npis: ['1827866249'],
      license_number: 'MD00031234',
    });
    expect(byName(rows, /Dunmore/)).toMatchObject({ provider_type: 'ARNP', npis: [], npi_text: 'P1 - 1034567' });
    expect(byName(rows, /Kestrel/)).toMatchObject({
      entity_type: 'organization',
      npis: ['1660080643'],
      license_number: null,
    });
    expect(byName(rows, /Nordby/)).toMatchObject({ npis: ['1240030720'], license_number: null });
    expect(byName(rows, /Ostrander/)).toMatchObject({
      npis: [],
      npi_text: null,
      license_number: null,
      action: 'License Revoked',
    });
    expect(byName(rows, /Yelverton/)).toMatchObject({
      entity_type: 'individual',
      first_name: 'Roy',
      middle_name: null,
      provider_type: 'MD',
      other_names: ['Cascade Sleep Labs'],
      npis: ['1781307529'],
      npi_text: '1781307529 P1 - 1045678',
      locator: { line: 11, record: 7 },
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads a month whose columns moved, found by their names', async () => {
    const bytes = workbook([
      ['Provider Termination and Exclusion List'],
      ['NPI # or P1 #', 'Name', 'Action', 'Date of Exclusion', 'License #'],
      [1827866249, 'Brandvold, Ellis MD', 'License Suspended', 43591, 'MD00031234'],
    ]);
    expect(await collect(declaredLayout(SOURCE, FILE), bytes, { fileName: FILE })).toMatchObject([
      { last_name: 'Brandvold', npis: ['1827866249'], start_date: '2019-05-06', license_number: 'MD00031234' },
    ]);
  });

  it('a workbook that is not the layout fails naming the line, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    await expect(
      collect(layout, workbook([['Title'], ['Updated'], ['Name', 'License #', 'NPI # or P1 #']])),
    ).rejects.toThrow(/line 3: missing column "Date of Exclusion"/);
    await expect(
      collect(
        layout,
        workbook([
          ['Name', 'NPI # or P1 #', 'Date of Exclusion'],
          ['', 1827866249, 43591],
        ]),
      ),
    ).rejects.toThrow(/line 2: Name is empty/);
  });
});

describeWithSamples(
  'WA HCA termination and exclusion layout on the real list',
  samplePath('state_exclusions_wa'),
  () => {
    // Counted on the raw sheet XML (unzip + a regex over xl/worksheets/sheet1.xml, not this reader):
    // rows 1-3 the preamble (title, `Updated 6/10/2026`, blank), row 4 the header, rows 5-238 each
    // with a name in column A: 234 records; row 239 is empty (PROVENANCE's "~235" counts it).
    it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 234));

    it('reads names, licenses, NPIs and dates the way the list prints them (checked by hand)', async () => {
      const wa = await sampleRows(SOURCE, FILE);
      const byLine = (line: number) => wa.find((r) => r.locator.line === line);
      // First row: three lines of names (two practices, then `Hinkle, Svetlana L. DN`) | DN60406207 |
      // 1093130247 and 1033875703 on two lines | 45190 | Terminate Medicaid Authority.
      expect(wa[0]).toMatchObject({
        entity_type: 'unknown',
        organization_name: 'Accurate Dentures NW',
        other_names: ['Omni Dental and Denture'],
        last_name: 'Hinkle',
        first_name: 'Svetlana',
        license_number: 'DN60406207',
        npis: ['1093130247', '1033875703'],
        start_date: '2023-09-21',
        action: 'Terminate Medicaid Authority',
        locator: { line: 5, record: 1 },
      });
      // Row 7: Ahmad, Vimlesh MD | MD00020660 | P1 - 1027986 | 38594 | License Surrendered.
      expect(byLine(7)).toMatchObject({
        entity_type: 'individual',
        last_name: 'Ahmad',
        first_name: 'Vimlesh',
        provider_type: 'MD',
        license_number: 'MD00020660',
        npis: [],
        npi_text: 'P1 - 1027986',
        start_date: '2005-08-30',
        action: 'License Surrendered',
      });
      // Row 68: Emerald Medical Services LLC | NA | 1578584306 | 41822 | OIG Exclusion.
      expect(byLine(68)).toMatchObject({
        entity_type: 'organization',
        license_number: null,
        npis: ['1578584306'],
        start_date: '2014-07-02',
        action: 'OIG Exclusion',
      });
      // Row 98: three P1 numbers on three lines, no NPI, 38617.
      expect(byLine(98)).toMatchObject({
        last_name: 'Hindman',
        npis: [],
        npi_text: 'P1 - 1035397 P1 - 1089795 P1 - 1029870',
        start_date: '2005-09-22',
      });
      // Last row: Zilz, Nathan MD | MD00033914 | 1043224397 | 43059 | Terminate Medicaid Authority.
      expect(wa.at(-1)).toMatchObject({
        last_name: 'Zilz',
        first_name: 'Nathan',
        npis: ['1043224397'],
        license_number: 'MD00033914',
        start_date: '2017-11-20',
        locator: { line: 238, record: 234 },
      });
    });
  },
);
