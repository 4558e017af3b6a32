import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { FacilityRow } from '../../facilities/facility-rows';
import { hospitalGeneralParser } from './parser';

async function parse(buf: Buffer | string): Promise<FacilityRow[]> {
  const out: FacilityRow[] = [];
  for await (const r of hospitalGeneralParser.parse(buf)) out.push(r);
  return out;
}
const fixture = () => fs.readFileSync(path.join(__dirname, 'fixtures', 'Hospital_General_Information.csv'));

describe('Hospital General Information parser (fixtures)', () => {
  it('reads each hospital by column name, CCN as six characters, a quoted name with its comma', async () => {
    const rows = await parse(fixture());
    expect(rows.map((r) => [r.ccn, r.state])).toEqual([
      ['010099', 'AL'],
      ['050777', 'CA'],
      ['140900', 'IL'],
      ['140901', 'IL'],
      ['140902', 'IL'],
      ['143900', 'IL'],
      ['140903', 'IL'],
      ['440900', 'TN'],
      ['440901', 'TN'],
    ]);
    expect(rows[4]).toMatchObject({
      facility_name: 'SAINT BRIGID HOSPITAL, NORTH',
      address: '4500 N CLARK ST',
      city: 'CHICAGO',
      zip: '60640',
      county: 'COOK',
      hospital_type: 'Acute Care Hospitals',
      ownership: 'Voluntary non-profit - Church',
      emergency_services: true,
      locator: { line: 6, record: 5 },
    });
    expect(rows[5]!.emergency_services).toBe(false);
    expect(rows[4]!.source_row['Facility Name']).toBe('SAINT BRIGID HOSPITAL, NORTH');
    expect(Object.keys(rows[0]!.source_row)).toHaveLength(38);
  });

  it('reads the older Hospital Compare names (layout map), and refuses a missing CCN column or a bad CCN', async () => {
    const old =
      '"Provider ID","Hospital Name","Address","City","State","ZIP Code","County Name"\r\n10099,PINE HOLLOW,1 MAIN ST,DOTHAN,AL,36303-1234,HOUSTON\r\n';
    const [r] = await parse(old);
    expect(r).toMatchObject({ ccn: '010099', city: 'DOTHAN', zip: '36303', county: 'HOUSTON', hospital_type: null });
    await expect(parse('"Name","State"\r\nX,AL\r\n')).rejects.toThrow(/missing column "Facility ID"/);
    await expect(parse('"Facility ID","Facility Name","State"\r\n12-34,X,AL\r\n')).rejects.toThrow(/not a CCN/);
  });
});

const SAMPLE = samplePath('cms_hospital_general_information');
describeWithSamples('Hospital General Information conformance (real sample)', SAMPLE, () => {
  it('accounts for every row of the raw file and reads rows as published', async () => {
    const raw = fs.readFileSync(path.join(SAMPLE, 'Hospital_General_Information.csv'));
    const rows = await parse(raw);
    const dataLines =
      raw
        .toString('utf8')
        .split(/\r?\n/)
        .filter((l) => l.trim() !== '').length - 1;
    expect(dataLines).toBe(300);
    expect(rows).toHaveLength(300);
    // Checked by hand against the file.
    expect(rows[0]).toMatchObject({
      ccn: '010001',
      facility_name: 'SOUTHEAST HEALTH MEDICAL CENTER',
      address: '1108 ROSS CLARK CIRCLE',
      city: 'DOTHAN',
      state: 'AL',
      zip: '36301',
      hospital_type: 'Acute Care Hospitals',
      ownership: 'Government - Hospital District or Authority',
      emergency_services: true,
    });
    const sanctuary = rows.find((r) => r.ccn === '014016')!;
    expect(sanctuary).toMatchObject({
      facility_name: 'SANCTUARY AT THE WOODLANDS, THE',
      address: '1910 CHEROKEE AVENUE, SW',
      city: 'CULLMAN',
      emergency_services: false,
    });
    expect(sanctuary.source_row['Hospital overall rating']).toBe('Not Available');
    // Letter-suffixed CCNs keep their form; every CCN is six characters.
    expect(rows.find((r) => r.ccn === '01014F')).toBeDefined();
    expect(rows.every((r) => /^[0-9A-Z]{6}$/.test(r.ccn))).toBe(true);
    expect(new Set(rows.map((r) => r.ccn)).size).toBe(300);
    expect([...new Set(rows.map((r) => r.state))].sort()).toEqual(['AK', 'AL', 'AR', 'AZ']);
  });
});
