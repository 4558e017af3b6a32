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
import { inForceOn } from '../../exclusions/record';

const SOURCE = 'state_exclusions_ma';
const FILE = 'Massachusetts.xlsx';

/** A sheet of inline strings and numbers. */
function sheet(name: string, rows: (string | number | null)[][]) {
  const cell = (v: string | number | null, c: number, r: number) => {
    const ref = `${String.fromCharCode(65 + c)}${r}`;
    if (v === null) return '';
    return typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  };
  return {
    name,
    sheetData: rows
      .map((row, i) => `<row r="${i + 1}">${row.map((v, c) => cell(v, c, i + 1)).join('')}</row>`)
      .join(''),
  };
}

describe('MassHealth workbook layout on the fixtures', () => {
  it('reads the list and the reinstated providers, people FIRST M LAST, firms by their type', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => r.name)).toEqual([
      'HARBORLIGHT FAMILY PRACTICE',
      'GRETCHEN A HOLLOWAY',
      'DESMOND OKAFOR-REID',
      'BERNADETTE L QUIMBY',
      'VESPER RX',
      'IVAN P STROUD JR',
      'NOLAN BRISCOE',
      'PRIYA S VENKAT',
    ]);
    expect(byName(rows, /HARBORLIGHT/)).toMatchObject({
      entity_type: 'organization',
      npis: ['1829051733'],
      provider_type: 'GROUP PRACTICE ORGANIZATION',
      start_date: '2025-05-12',
    });
    expect(byName(rows, /HOLLOWAY/)).toMatchObject({
      entity_type: 'individual',
      first_name: 'GRETCHEN',
      middle_name: 'A',
      last_name: 'HOLLOWAY',
      npis: ['1395610276'],
      state: 'MA',
    });
    expect(byName(rows, /OKAFOR/)).toMatchObject({ npis: [], license_number: 'Unique ID 412377' });
    expect(byName(rows, /QUIMBY/)).toMatchObject({ npis: [], npi_text: null });
    expect(byName(rows, /VESPER/).entity_type).toBe('organization');
    expect(byName(rows, /STROUD/)).toMatchObject({ last_name: 'STROUD', provider_type: 'PHYSICIAN' });
  });

  it('ends a reinstated provider on its reinstatement date, on lines counted on through the sheets', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    const briscoe = byName(rows, /BRISCOE/);
    expect(briscoe).toMatchObject({
      start_date: '2022-10-03',
      end_date: '2025-03-17',
      end_note: null,
      locator: { line: 10, record: 7 }, // 8 rows on the first sheet, then row 2 of the second
    });
    expect(inForceOn(briscoe, '2025-03-16')).toBe(true);
    expect(inForceOn(briscoe, '2025-03-17')).toBe(false);
    expect(byName(rows, /VENKAT/)).toMatchObject({
      start_date: '2025-01-27',
      end_date: '2025-01-27',
      end_note: 'TERMINATION FOR CAUSE RESCINDED BACK TO ORIGINAL DATE',
    });
    expect(byName(rows, /HOLLOWAY/).end_date).toBeNull();
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('finds its sheets by header, whatever their names and order, below any title rows', async () => {
    const bytes = buildXlsx({
      sheets: [
        sheet('Reinstated', [
          ['Provider Name', 'Provider Type', 'NPI', 'Exclusion Reason', 'Effective Date', 'Reinstatement Date'],
          ['NOLAN BRISCOE', 'OPTOMETRIST', 1263948576, 'LICENSE REVOKED BY LICENSING BOARD', 44837, 45733],
        ]),
        sheet('Suspended or Excluded', [
          ['MassHealth Suspended or Excluded Providers'],
          ['Provider Name', 'Provider Type', 'NPI', 'Unique ID', 'Exclusion Reason', 'Effective Date'],
          ['HARBORLIGHT FAMILY PRACTICE', 'GROUP PRACTICE ORGANIZATION', 1829051733, null, 'DEBARMENT', 45789],
        ]),
      ],
    });
    const rows = await collect(declaredLayout(SOURCE, FILE), bytes);
    expect(rows.map((r) => [r.name, r.end_date, r.locator])).toEqual([
      ['NOLAN BRISCOE', '2025-03-17', { line: 2, record: 1 }],
      ['HARBORLIGHT FAMILY PRACTICE', null, { line: 5, record: 2 }],
    ]);
  });

  it('a workbook without the layout fails naming the problem, never as empty rows', async () => {
    const layout = declaredLayout(SOURCE, FILE);
    const noDate = buildXlsx({
      sheets: [
        sheet('Exclusions List', [
          ['Provider Name', 'NPI'],
          ['X Y', 1829051733],
        ]),
      ],
    });
    await expect(collect(layout, noDate)).rejects.toThrow(
      /line 1: missing column "Suspension\/Exclusion Effective Date"/,
    );
    const noHeader = buildXlsx({
      sheets: [
        sheet('Sheet1', [
          ['Name', 'NPI'],
          ['X Y', 1829051733],
        ]),
      ],
    });
    await expect(collect(layout, noHeader)).rejects.toThrow(/line 1: no sheet has the header "Provider Name"/);
  });
});

describeWithSamples('MassHealth workbook layout on the real list', samplePath(SOURCE), () => {
  // 299 = 294 + 5. Counted from xl/worksheets/sheet1.xml and sheet2.xml with Python's zipfile and
  // ElementTree, outside this code: rows below each sheet's header (row 1) whose column A is not
  // empty. `Exclusions List` has rows 2-295 filled and an empty row 296; `Removed fx the list` rows 2-6.
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 299));

  it('reads names, identifiers and dates the way the list prints them (checked by hand)', async () => {
    const ma = await sampleRows(SOURCE, FILE);
    // First row: a firm, serial 46161.
    expect(ma[0]).toMatchObject({
      name: 'HEALTH AND SPORTS REHAB, INC',
      entity_type: 'organization',
      npis: ['1861434250'],
      provider_type: 'GROUP PRACTICE ORGANIZATION',
      action: 'DEBARMENT DISCIPLINARY',
      start_date: '2026-05-19',
      locator: { line: 2, record: 1 },
    });
    // A personal care attendant: no NPI, a Unique ID; serial 45727.
    expect(ma.find((r) => r.locator.line === 24)).toMatchObject({
      name: 'NANCY CORTES',
      entity_type: 'individual',
      first_name: 'NANCY',
      last_name: 'CORTES',
      npis: [],
      license_number: 'Unique ID 89927',
      start_date: '2025-03-11',
    });
    // A suffix after a comma (`FARRIS,II`); serial 41311.
    expect(ma.find((r) => r.locator.line === 238)).toMatchObject({
      name: 'ROGER W FARRIS,II',
      first_name: 'ROGER',
      middle_name: 'W',
      last_name: 'FARRIS',
      npis: ['1093771149'],
      start_date: '2013-02-06',
    });
    // The list sheet's last row (Excel row 295): serial 40267.
    expect(ma.find((r) => r.locator.line === 295)).toMatchObject({
      name: 'JOSEPH J MIGLIORE',
      npis: ['1295900660'],
      start_date: '2010-03-30',
      end_date: null,
      locator: { line: 295, record: 294 },
    });
    // Reinstated sheet, row 5 (296 + 5): rescinded back to its own date, serials 46073 and 46073.
    expect(ma.find((r) => r.locator.line === 301)).toMatchObject({
      name: 'VIMAL PATEL',
      npis: ['1427198787'],
      start_date: '2026-02-20',
      end_date: '2026-02-20',
      end_note: 'TERMINATION FOR CAUSE RESCINDED BACK TO ORIGINAL DATE',
    });
    // Last record, reinstated sheet row 6: serials 44880 and 46136.
    expect(ma.at(-1)).toMatchObject({
      name: 'JACLYN K HUMPHREY',
      last_name: 'HUMPHREY',
      npis: ['1619384336'],
      provider_type: 'CERTIFIED REGISTERED NURSE ANESTHETISTS',
      start_date: '2022-11-15',
      end_date: '2026-04-24',
      locator: { line: 302, record: 299 },
    });
  });
});
