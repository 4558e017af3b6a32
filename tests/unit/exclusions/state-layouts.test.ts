import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ExclusionRecord } from '../../../shared/exclusions/record';
import { findByLocator } from '../../../shared/publishers/common/locator';
import { STATE_EXCLUSION_SOURCES } from '../../../shared/sources/decl/state-exclusions';
import type { StateLayout } from '../../../shared/state-exclusions/layout';
import { STATE_LAYOUTS, stateLayoutFor } from '../../../shared/state-exclusions/layouts';
import { chunked, collect, FIXTURES } from '../publishers/helpers';

const read = (source: string, file: string) => fs.readFileSync(path.join(FIXTURES, source, file));
const parse = async (source: string, file: string, bytes = read(source, file)) => {
  const layout = stateLayoutFor(source, path.basename(file));
  expect(layout).toBeDefined();
  return { layout: layout!, rows: await collect(layout!, bytes, { fileName: path.basename(file) }) };
};
const by = (rows: ExclusionRecord[], name: RegExp) => rows.find((r) => name.test(r.name))!;

describe('state exclusion layouts on the fixtures', () => {
  it('NY: tab-delimited, one LAST FIRST name field padded before the credential', async () => {
    const { rows } = await parse('state_exclusions_ny', '2025-01/nyomig-0.txt');
    expect(rows).toHaveLength(4);
    const a = by(rows, /ALDERMAN/);
    expect(a).toMatchObject({
      entity_type: 'individual',
      last_name: 'ALDERMAN',
      first_name: 'JOSEPH',
      middle_name: 'R',
    });
    expect(a).toMatchObject({
      npis: ['1847362914'],
      start_date: '2023-10-02',
      list_state: 'NY',
      provider_type: 'Physician',
    });
    expect(by(rows, /HARBORVIEW/)).toMatchObject({ entity_type: 'organization', provider_type: 'Pharmacy', npis: [] });
  });

  it('PA: NAM_* name columns, out-of-state CAO, an end date, a junk NPI kept as text', async () => {
    const { rows } = await parse('state_exclusions_pa', 'Pennsylvania_exclusion_list.csv');
    expect(by(rows, /Castellano/)).toMatchObject({
      first_name: 'Diane',
      npis: ['1372640197'],
      state: 'PA',
      start_date: '2025-01-20',
    });
    expect(by(rows, /Okafor/)).toMatchObject({ start_date: '2020-03-01', end_date: '2023-03-01' });
    expect(by(rows, /Keystone/)).toMatchObject({ entity_type: 'organization', state: 'NJ', action: 'Terminated' });
    expect(by(rows, /Pruitt/)).toMatchObject({ npis: [], npi_text: '123' });
  });

  it('CA: BOM, two-line header, a.k.a. names, NPIs among provider numbers, accented names', async () => {
    const { rows } = await parse('state_exclusions_ca', 'California_Exclusion_List.csv');
    const sunset = by(rows, /Sunset/);
    expect(sunset).toMatchObject({ entity_type: 'organization', state: 'CA', end_note: 'Indefinitely effective' });
    expect(sunset.other_names).toEqual(['Sunset Coast DME', 'Pacific Breathing Supply']);
    expect(sunset.npis).toEqual(['1962837468']);
    expect(sunset.locator.line).toBe(3); // the header spans lines 1-2
    expect(by(rows, /Lindqvist/).npis).toEqual(['1245739028']);
    expect(by(rows, /Vásquez/)).toMatchObject({ last_name: 'Vásquez', first_name: 'Elena', start_date: '2019-02-09' });
  });

  it('NJ: "LAST, FIRST M." names, expiration dates and notes', async () => {
    const { rows } = await parse('state_exclusions_nj', 'NJ_Exclusion_List.csv');
    expect(by(rows, /BRANNIGAN/)).toMatchObject({ state: 'OH', end_date: '2025-03-31', npis: [] });
    expect(by(rows, /OYELARAN/)).toMatchObject({ first_name: 'TEMITOPE', middle_name: 'A.', end_note: 'PERMANENT' });
    expect(by(rows, /GARDEN/)).toMatchObject({ entity_type: 'organization', zip: '07102' });
  });

  it('AZ workbook: serial dates, Permanent, SSN-enrolled people, two NPIs in one cell', async () => {
    const { rows } = await parse('state_exclusions_az', 'Arizona.xlsx');
    expect(by(rows, /Fenwick/)).toMatchObject({
      entity_type: 'unknown',
      start_date: '2025-03-01',
      end_date: '2030-03-01',
    });
    expect(by(rows, /Quezada/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Quezada',
      npi_text: 'SSN',
      end_note: 'Permanent',
    });
    expect(by(rows, /Canyon/).npis).toEqual(['1912345679', '1801234562']);
    expect(by(rows, /Desert/).locator).toEqual({ line: 2, record: 1 });
  });

  it('KY workbook: note row and table markers skipped, credentials and notes out of last names', async () => {
    const { rows } = await parse('state_exclusions_ky', 'Kentucky.xlsx');
    expect(rows.map((r) => r.name)).toEqual([
      'Bluegrass Family Pharmacy LLC',
      'Christopher Whitfield, MD (Lexington Clinic)',
      'Paula Adkins',
    ]);
    expect(by(rows, /Whitfield/)).toMatchObject({
      last_name: 'Whitfield',
      license_number: '47069',
      end_note: '5 years',
    });
    expect(by(rows, /Whitfield/).other_names).toEqual(['Lexington Clinic']);
    expect(rows[0]!.locator.line).toBe(4);
  });

  it.each([
    ['state_exclusions_ny', '2025-04/nyomig-0.txt'],
    ['state_exclusions_pa', 'Pennsylvania_exclusion_list.csv'],
    ['state_exclusions_ca', 'California_Exclusion_List.csv'],
    ['state_exclusions_nj', 'NJ_Exclusion_List.csv'],
  ])('%s %s streams: tiny chunks give the same rows, and every row replays from its locator', async (s, f) => {
    const bytes = read(s, f);
    const { layout, rows } = await parse(s, f);
    expect(await collect(layout, chunked(bytes, 7), { fileName: path.basename(f) })).toEqual(rows);
    for (const r of rows)
      expect(await findByLocator(layout as StateLayout, bytes, r.locator, { fileName: path.basename(f) })).toEqual(r);
  });

  it('has at least four states, each with one layout per file shape, and none for unsupported files', () => {
    expect(new Set(STATE_LAYOUTS.map((l) => l.state)).size).toBeGreaterThanOrEqual(4);
    expect(stateLayoutFor('state_exclusions_nj', 'Debarment.txt')).toBeUndefined();
    expect(stateLayoutFor('state_exclusions_tn', 'terminatedproviderlist.pdf')).toBeUndefined();
  });

  it('schedules exactly the state lists a layout reads; the others are exempt (import only)', () => {
    const scheduled = STATE_EXCLUSION_SOURCES.filter((s) => s.cadence.cadence !== 'exempt').map((s) => s.sourceId);
    expect(scheduled.sort()).toEqual([...new Set(STATE_LAYOUTS.map((l) => l.sourceId))].sort());
    const exempt = STATE_EXCLUSION_SOURCES.filter((s) => s.cadence.cadence === 'exempt');
    expect(exempt.length).toBeGreaterThan(0);
  });

  it('a file that is not the layout fails naming the problem, never as empty rows', async () => {
    const layout = stateLayoutFor('state_exclusions_nj', 'x.csv')!;
    await expect(collect(layout, Buffer.from('Name,City\nA,B\n'))).rejects.toThrow(/missing column "Provider Name"/);
    const ny = stateLayoutFor('state_exclusions_ny', 'x.txt')!;
    const bad =
      'PROVIDER_NAME\tLICENSE_NUMBER\tNPI_Number\tPROVIDER_TYPE\tSANCTION_DATE\tACTION_TYPE\nSMITH JOHN\t1\t\tRN\t31/31/2020\tx\n';
    await expect(collect(ny, Buffer.from(bad))).rejects.toThrow(/line 2: unreadable date/);
  });
});
