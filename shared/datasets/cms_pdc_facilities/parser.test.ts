import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { type FacilityType, normalizeOwnership, type PdcFacilityRow } from '../../facilities/pdc-rows';
import { findByLocator } from '../../publishers/common/locator';
import { pdcFacilityParsers } from './parser';
import { PDC_FILES, readPdcVersion } from './source';

async function parse(type: FacilityType, buf: Buffer | string): Promise<PdcFacilityRow[]> {
  const out: PdcFacilityRow[] = [];
  for await (const r of pdcFacilityParsers[type].parse(buf)) out.push(r);
  return out;
}
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('Provider Data Catalog facility parsers (fixtures)', () => {
  it('reads the nursing-home file (current layout, Windows-1252): CCN text, county, ownership normalized and as published', async () => {
    const rows = await parse('nursing_home', fixture('NH_ProviderInfo_Jan2025.csv'));
    expect(rows.map((r) => r.ccn)).toEqual(['015101', '015102', '015103', '035101', '075101', '455101']);
    expect(rows[0]).toMatchObject({
      facility_type: 'nursing_home',
      name: 'MAPLE RIDGE NURSING HOME',
      city: 'RUSSELLVILLE',
      state: 'AL',
      zip: '35653',
      county: 'Franklin',
      county_key: 'FRANKLIN',
      ownership: 'for_profit',
      ownership_published: 'For profit - Corporation',
      certification_date: '1971-03-01',
      capacity: 64,
      status: 'active',
      end_date: null,
      locator: { line: 2, record: 1 },
    });
    expect(rows[4]!.name).toBe('ST. BRIGID\u2019S HEALTH CENTER');
    expect(rows[4]!.zip).toBe('06320');
    expect(rows[5]!.capacity).toBeNull();
    expect(rows.map((r) => r.ownership)).toEqual([
      'for_profit',
      'non_profit',
      'government',
      'government',
      'non_profit',
      'for_profit',
    ]);
    const buf = fixture('NH_ProviderInfo_Jan2025.csv');
    expect(await findByLocator(pdcFacilityParsers.nursing_home, buf, rows[3]!.locator)).toEqual(rows[3]);
  });

  it.each([
    [
      'hospice',
      'Hospice_General-Information_Jan2025.csv',
      ['011501', 'for_profit', 'Lauderdale', '10 RIVER ROAD, SUITE 2', '2004-03-01'],
    ],
    ['home_health', 'HH_Provider_Jan2025.csv', ['017001', 'for_profit', null, '3 MAIN STREET', '1988-08-01']],
    [
      'dialysis',
      'DFC_FACILITY_Jan2025.csv',
      ['012301', 'for_profit', 'Jefferson', '600 UNIVERSITY BOULEVARD', '2012-03-15'],
    ],
    [
      'irf',
      'Inpatient_Rehabilitation_Facility-General_Information_Jan2025.csv',
      ['013025', 'for_profit', 'Madison', '1 RECOVERY WAY', '2008-02-01'],
    ],
    [
      'ltch',
      'Long-Term_Care_Hospital-General_Information_Jan2025.csv',
      ['012001', 'for_profit', 'Mobile', '5 BAY STREET, FLOOR 3', '2002-04-04'],
    ],
  ] as const)(
    'reads the %s file by its own column map',
    async (type, file, [ccn, ownership, county, address, cert]) => {
      const rows = await parse(type, fixture(file));
      expect(rows[0]).toMatchObject({ facility_type: type, ccn, ownership, county, address, certification_date: cert });
      expect(PDC_FILES[type].match.test(file)).toBe(true);
    },
  );

  it('reads the dialysis stations as capacity and every ownership wording into the vocabulary', async () => {
    const rows = await parse('dialysis', fixture('DFC_FACILITY_Jan2025.csv'));
    expect(rows.map((r) => [r.capacity, r.ownership, r.ownership_published])).toEqual([
      [24, 'for_profit', 'Profit'],
      [12, 'non_profit', 'Non-Profit'],
    ]);
    const hh = await parse('home_health', fixture('HH_Provider_Jan2025.csv'));
    expect(hh.map((r) => r.ownership)).toEqual(['for_profit', 'non_profit', 'government']);
    expect(normalizeOwnership('Combination Government & Non-Profit')).toBe('government');
    expect(normalizeOwnership('Physician Owned')).toBe('other');
    expect(normalizeOwnership('')).toBeNull();
  });

  it('reads the release month from the file name', () => {
    const v = readPdcVersion({ name: 'NH_ProviderInfo_Aug2021.csv' } as never);
    expect(v).toMatchObject({ publisherVersion: '2021-08', effectiveFrom: '2021-08-01', method: 'file_name' });
    expect(readPdcVersion({ name: 'HH_Provider.csv' } as never).publisherVersion).toBeNull();
  });

  it('refuses a row whose CCN is not a CCN, naming the line; a file without the CCN column names it', async () => {
    const header = 'CMS Certification Number (CCN),Facility Name,State\r\n';
    await expect(parse('hospice', `${header}"011501","A","AL"\r\n"1234567","B","AL"\r\n`)).rejects.toThrow(/line 3/);
    await expect(parse('hospice', 'Facility Name,State\r\n"A","AL"\r\n')).rejects.toThrow(/CMS Certification Number/);
  });
});

describeWithSamples('Nursing Home Provider Information real sample', samplePath('cms_pdc_facilities'), () => {
  it('parses every row of the August 2021 file (older layout, Windows-1252): 348 homes, CCNs as 6-character text', async () => {
    const rows = await parse(
      'nursing_home',
      fs.readFileSync(samplePath('cms_pdc_facilities', 'NH_ProviderInfo_Aug2021.csv')),
    );
    expect(rows).toHaveLength(348);
    expect(rows.every((r) => /^[0-9A-Z]{6}$/.test(r.ccn))).toBe(true);
    expect(rows[0]).toMatchObject({
      ccn: '015009',
      name: 'BURNS NURSING HOME, INC.',
      address: '701 MONROE STREET NW',
      city: 'RUSSELLVILLE',
      state: 'AL',
      zip: '35653',
      county: 'Franklin',
      ownership: 'for_profit',
      ownership_published: 'For profit - Corporation',
      certification_date: '1969-09-01',
      capacity: 57,
    });
    expect(rows.some((r) => r.name.includes('GOVERNOR\u2019S'))).toBe(true);
    expect(rows.every((r) => r.ownership !== null && r.ownership !== 'other')).toBe(true);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['AL', 'AK', 'AZ', 'CT', 'TX', 'FL']));
  });
});
