import * as fs from 'node:fs';
import * as path from 'node:path';
import { type RowValue, rowsWorkbook } from '../../../tests/helpers/xlsx-builder';
import type { SignalRow } from '../../signals/signal-rows';
import { tnConParser } from './parser';
import { actionCodes, categoryOf, placeIn, statusOf, statusText } from './rules';

const FILE = 'CON_Projects_2000_to_Present.xlsx';
const fixture = (day: string) => fs.readFileSync(path.join(__dirname, 'fixtures', day, FILE));

async function parse(bytes: Buffer): Promise<SignalRow[]> {
  const out: SignalRow[] = [];
  for await (const r of tnConParser.parse(bytes)) out.push(r);
  return out;
}

describe('Tennessee CON project list (XLSX) parser', () => {
  it('keeps approved and pending projects, maps categories, dates and costs, keeps the published row', async () => {
    const rows = await parse(fixture('2024-03-01'));
    expect(rows.map((r) => [r.filing_id, r.category, r.status, r.value_usd, r.approved_date])).toEqual([
      ['CN2310-031', 'expansion', 'approved', 62500000, '2024-01-24'],
      ['CN2311-034', 'equipment', 'approved', 3850000, '2024-02-28'],
      ['CN2312-040', 'new_construction', 'approved', 7200000, '2024-02-28'],
      ['CN2401-002', 'renovation', 'pending', 9100000, null],
      ['CN2401-005', 'new_construction', 'approved', 28000000, '2024-02-28'],
    ]);
    const [tower, mri, , pending] = rows;
    expect(tower).toMatchObject({
      signal_id: 'tn_hfc_con:CN2310-031',
      source_id: 'tn_hfc_con',
      state: 'TN',
      city: 'MURFREESBORO',
      address: '1850 Canebrake Parkway',
      zip: '37129',
      named_party: 'Harpeth Valley Medical Center',
      published_type: '5',
      filed_date: null,
      issued_date: null,
      latest_date: '2024-01-24',
      merged_from: [],
      locator: { line: 4, record: 1 },
    });
    expect(tower!.source_row).toMatchObject({
      County: 'Rutherford',
      'Project Number': 'CN2310-031',
      'Meeting Date': 45315,
      'Total Project Cost': 62500000,
      Action: 'A',
    });
    expect(mri).toMatchObject({ city: 'NASHVILLE', address: '4400 Belle Meade Boulevard', zip: '37205' });
    expect(pending).toMatchObject({ latest_date: null, approved_date: null, source_row: { Action: null } });
  });

  it('merges a withdrawn application re-filed under a new number; drops denied and surrendered projects', async () => {
    const rows = await parse(fixture('2024-03-01'));
    expect(rows.map((r) => r.filing_id)).not.toContain('CN2309-027'); // D
    expect(rows.map((r) => r.filing_id)).not.toContain('CN2306-018'); // A, VS
    const refiled = rows.find((r) => r.filing_id === 'CN2401-005')!;
    expect(refiled.merged_from).toEqual([
      expect.objectContaining({
        filing_id: 'CN2308-022',
        rule: 'repeated_filing',
        value_usd: 28000000,
        locator: { line: 9, record: 6 },
      }),
    ]);
    expect(refiled.merged_from[0]!.source_row).toMatchObject({ Action: 'W' });
  });

  it('merges a project number listed again (a modification); the newer row is the signal', async () => {
    const rows = await parse(fixture('2024-04-01'));
    expect(rows.map((r) => [r.filing_id, r.status])).toEqual([
      ['CN2311-034', 'approved'],
      ['CN2312-040', 'approved'],
      ['CN2401-002', 'approved'],
      ['CN2401-005', 'approved'],
      ['CN2310-031', 'approved, modified'],
      ['CN2403-011', 'pending'],
    ]);
    const tower = rows.find((r) => r.filing_id === 'CN2310-031')!;
    expect(tower).toMatchObject({ value_usd: 68900000, approved_date: '2024-03-27', locator: { line: 12, record: 9 } });
    expect(tower.merged_from).toEqual([
      expect.objectContaining({ filing_id: 'CN2310-031', rule: 'same_permit_number', value_usd: 62500000 }),
    ]);
    expect(rows.find((r) => r.filing_id === 'CN2403-011')!.category).toBe('equipment');
  });

  it('reads a layout variant by name: other column order and aliases, text dates and costs, no title', async () => {
    const rows: RowValue[][] = [
      ['CN Number', 'Applicant', 'County', 'Description', 'Cost', 'Date', 'Type', 'Action Code'],
      [
        'cn2405-020',
        'Harpeth Valley Medical Center',
        'Rutherford',
        'The acquisition of a linear accelerator at the hospital located at 1850 Canebrake Pkwy., Murfreesboro, TN 37129',
        '$4,125,000.00',
        '5/22/2024',
        '6',
        'A/E',
      ],
      [],
      [
        'CN2405-021',
        'Old Hickory Hospice',
        'Wilson',
        'The establishment of hospice services.',
        '$0.00',
        '',
        '',
        'Void',
      ],
    ];
    const out = await parse(rowsWorkbook(rows));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      filing_id: 'CN2405-020',
      category: 'equipment',
      status: 'approved, expiration extended',
      value_usd: 4125000,
      approved_date: '2024-05-22',
      address: '1850 Canebrake Pkwy.',
      city: 'MURFREESBORO',
      zip: '37129',
      locator: { line: 2, record: 1 },
    });
  });

  it('decides a project by its newest row; a pending re-filing of a withdrawn application is the signal', async () => {
    const h = ['Project Number', 'Project Name', 'Project Description', 'Meeting Date', 'Total Project Cost', 'Action'];
    const site = 'The construction of a new hospital located at 12 Oak Street, Dover, TN 37058.';
    const out = await parse(
      rowsWorkbook([
        h,
        ['CN2201-001', 'Dover Hospital', site, '1/26/2022', 9000000, 'A'],
        ['CN2201-001', 'Dover Hospital', site, '1/24/2024', 9000000, 'X'],
        [
          'CN2305-010',
          'Oak Clinic',
          'The renovation of a clinic at 40 Elm Street, Dover, TN 37058.',
          '6/28/2023',
          500000,
          'W',
        ],
        ['CN2402-003', 'Oak Clinic', 'The renovation of a clinic at 40 Elm Street, Dover, TN 37058.', '', 500000, ''],
      ]),
    );
    // CN2201-001 approved, then expired: not a signal, though an older row of it says A.
    expect(out.map((r) => [r.filing_id, r.status])).toEqual([['CN2402-003', 'pending']]);
    expect(out[0]!.merged_from).toEqual([
      expect.objectContaining({ filing_id: 'CN2305-010', rule: 'repeated_filing', locator: { line: 4, record: 3 } }),
    ]);
  });

  it('refuses a list it cannot read: no action column, an unknown action code, a bad date or cost', async () => {
    const header = ['Project Number', 'Project Name', 'Project Description', 'Meeting Date', 'Total Project Cost'];
    await expect(parse(rowsWorkbook([header, ['CN1', 'X', 'Y', '1/2/2024', 1]]))).rejects.toThrow(
      /missing column "Action"/,
    );
    const h = [...header, 'Action'];
    await expect(parse(rowsWorkbook([h, ['CN1', 'X', 'Y', '1/2/2024', 1, 'Q']]))).rejects.toThrow(
      /line 2: unknown action code "Q"/,
    );
    await expect(parse(rowsWorkbook([h, ['CN1', 'X', 'Y', 'soon', 1, 'A']]))).rejects.toThrow(/unreadable date/);
    await expect(parse(rowsWorkbook([h, ['CN1', 'X', 'Y', '1/2/2024', 'TBD', 'A']]))).rejects.toThrow(
      /Total Project Cost "TBD"/,
    );
    await expect(parse(rowsWorkbook([['Applicant'], ['X']]))).rejects.toThrow(/no sheet has a "Project Number"/);
  });

  it('states the rules: action codes, status, category, the site a description names', () => {
    expect(actionCodes('A, E')).toEqual(['A', 'E']);
    expect(actionCodes('vs')).toEqual(['VS']);
    expect(actionCodes('A and X')).toEqual(['A', 'X']);
    expect(actionCodes('Z')).toBeNull();
    expect(statusOf([])).toBe('pending');
    expect(statusOf(['A', 'M'])).toBe('approved');
    expect(statusOf(['A', 'X'])).toBe('ended');
    expect(statusOf(['W'])).toBe('ended');
    expect(statusText(['E'])).toBe('approved, expiration extended');
    expect(statusText(['A', 'VS'])).toBe('approved, voluntarily surrendered');
    expect(categoryOf('The initiation of MRI services and the acquisition of an MRI unit.')).toBe('equipment');
    expect(categoryOf('The addition of 72 medical/surgical beds.')).toBe('expansion');
    expect(categoryOf('The establishment of a 13,000 SF multi-specialty ASTC with two operating rooms')).toBe(
      'new_construction',
    );
    expect(categoryOf('The discontinuation of obstetrical services; the beds become medical/surgical beds.')).toBe(
      'other',
    );
    expect(categoryOf('Establish a home health agency in Knox County.')).toBe('other');
    expect(categoryOf('The modernization of the emergency department.')).toBe('renovation');
    expect(placeIn('located at 2779 New Salem Road, Murfreesboro (Rutherford County), TN 37128.')).toEqual({
      address: '2779 New Salem Road',
      city: 'Murfreesboro',
      zip: '37128',
    });
    expect(placeIn('Home health services in Shelby, Fayette and Tipton Counties.')).toEqual({
      address: null,
      city: null,
      zip: null,
    });
  });
});
