import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { rowsWorkbook } from '../../../tests/helpers/xlsx-builder';
import type { ZipCrosswalkRecord } from './head';
import { zipCrosswalkParser } from './parser';
import { readZipCrosswalkVersion } from './source';

async function all(bytes: Buffer): Promise<ZipCrosswalkRecord[]> {
  const out: ZipCrosswalkRecord[] = [];
  for await (const r of zipCrosswalkParser.parse(bytes)) out.push(r);
  return out;
}

describe('HUD USPS ZIP crosswalk workbook', () => {
  it('reads the county file: ZIPs and FIPS with leading zeros, the four ratios', async () => {
    const rows = await all(fs.readFileSync(fixturePath('hud_usps_zip_crosswalk', 'ZIP_COUNTY_122024.xlsx')));
    expect(rows).toHaveLength(9);
    expect(rows[0]).toMatchObject({
      zip: '02108',
      geo_kind: 'county',
      geo_code: '25025',
      usps_zip_pref_city: 'BOSTON',
      usps_zip_pref_state: 'MA',
      tot_ratio: 1,
      locator: { line: 2, record: 1 },
    });
    expect(rows.filter((r) => r.zip === '17043').map((r) => [r.geo_code, r.bus_ratio])).toEqual([
      ['42041', 0.298765],
      ['42043', 0.701235],
    ]);
  });

  it('reads the CBSA file and the older lower-case layout (numeric ZIPs padded, no city columns)', async () => {
    const cbsa = await all(fs.readFileSync(fixturePath('hud_usps_zip_crosswalk', 'ZIP_CBSA_122024.xlsx')));
    expect(cbsa[1]).toMatchObject({ zip: '12203', geo_kind: 'cbsa', geo_code: '10580' });
    const old = await all(
      rowsWorkbook([
        ['zip', 'county', 'res_ratio', 'bus_ratio', 'oth_ratio', 'tot_ratio'],
        [2108, 25025, 1, 1, 1, 1],
      ]),
    );
    expect(old).toEqual([
      expect.objectContaining({ zip: '02108', geo_code: '25025', usps_zip_pref_city: null, bus_ratio: 1 }),
    ]);
  });

  it('refuses a sheet without a geography column or with a ratio out of range, naming the line', async () => {
    await expect(
      all(
        rowsWorkbook([
          ['ZIP', 'TRACT'],
          ['02108', '25025020101'],
        ]),
      ),
    ).rejects.toThrow(/COUNTY/);
    await expect(
      all(
        rowsWorkbook([
          ['ZIP', 'COUNTY', 'RES_RATIO', 'BUS_RATIO', 'OTH_RATIO', 'TOT_RATIO'],
          ['02108', '25025', 1, 7, 1, 1],
        ]),
      ),
    ).rejects.toThrow(/line 2/);
  });

  it('labels versions by the quarter month in the name', () => {
    expect(readZipCrosswalkVersion({ name: 'ZIP_COUNTY_122024.xlsx' } as never)).toMatchObject({
      publisherVersion: '2024-12',
      effectiveFrom: '2024-12-01',
    });
    expect(readZipCrosswalkVersion({ name: 'ZIP_TRACT_122024.xlsx' } as never).publisherVersion).toBeNull();
  });
});
