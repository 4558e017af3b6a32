import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { findByLocator } from '../../publishers/common/locator';
import { dominant } from '../../rx/demand-place';
import { toDemandRow } from './dataset';
import { dataYearOf, type PartdPrescriberRecord, partdPrescriberParser } from './parser';
import { readPartdPrescriberVersion } from './source';

const NAME = 'MUP_DPR_RY24_P04_V10_DY22_NPIBN.csv';
const FIXTURE = fixturePath('cms_partd_prescribers', NAME);

async function all(bytes: Buffer, fileName = NAME): Promise<PartdPrescriberRecord[]> {
  const out: PartdPrescriberRecord[] = [];
  for await (const r of partdPrescriberParser.parse(bytes, { fileName })) out.push(r);
  return out;
}

describe('Part D prescribers by provider and drug', () => {
  it('reads rows by column name, the data year from the file name, suppressed cells as null', async () => {
    const rows = await all(fs.readFileSync(FIXTURE));
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({
      data_year: 2022,
      npi: '1847362914',
      prescriber_state: 'NY',
      prescriber_state_fips: '36',
      brnd_name: 'ATORVASTATIN CALCIUM',
      gnrc_name: 'ATORVASTATIN CALCIUM',
      tot_clms: 120,
      tot_30day_fills: 150.5,
      tot_drug_cst: 1830.22,
      tot_benes: 40,
      ge65_sprsn_flag: null,
      ge65_tot_benes: 33,
    });
    expect(rows[1]).toMatchObject({ brnd_name: 'LIPITOR', tot_benes: null, ge65_sprsn_flag: '*', ge65_tot_clms: null });
    expect(
      await findByLocator(partdPrescriberParser, fs.readFileSync(FIXTURE), rows[3]!.locator, { fileName: NAME }),
    ).toEqual(rows[3]);
  });

  it('flags suppression for the rollups: blank counts, `*` and `#` 65+ flags', async () => {
    const rows = (await all(fs.readFileSync(FIXTURE))).map(toDemandRow);
    expect(rows.map((r) => [r.benes_suppressed, r.ge65_suppressed, r.ge65_benes_suppressed])).toEqual([
      [0, 0, 0],
      [1, 1, 1],
      [1, 1, 1],
      [0, 1, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('reads columns in any order and case; refuses a bad NPI or a missing column, naming the line', async () => {
    const swapped = Buffer.from(
      'gnrc_name,BRND_NAME,tot_clms,prscrbr_npi,PRSCRBR_STATE_ABRVTN\r\nInsulin Glargine,Lantus,12,1203847565,OH\r\n',
    );
    expect(await all(swapped, 'renamed.csv')).toEqual([
      expect.objectContaining({
        data_year: null,
        npi: '1203847565',
        brnd_name: 'LANTUS',
        tot_clms: 12,
        tot_benes: null,
      }),
    ]);
    const header = fs.readFileSync(FIXTURE, 'utf8').split('\r\n')[0];
    await expect(all(Buffer.from(`${header}\r\n12345,X,Y,Z,NY,36,T,S,B,G,20,,,,,,,,,,,\r\n`))).rejects.toThrow(
      /line 2/,
    );
    await expect(all(Buffer.from('Prscrbr_NPI,Brnd_Name\r\n'))).rejects.toThrow(/Gnrc_Name/);
  });

  it('labels versions by data and release year; placement picks the business majority', () => {
    expect(readPartdPrescriberVersion({ name: NAME } as never).publisherVersion).toBe('DY2022 RY2024');
    expect(dataYearOf('MUP_DPR_RY23_P04_V10_DY21_NPIBN.csv')).toBe(2021);
    const pair = (geo_code: string, bus_ratio: number, tot_ratio: number) => ({
      geo_kind: 'county' as const,
      geo_code,
      bus_ratio,
      tot_ratio,
    });
    expect(dominant([pair('42041', 0.3, 0.7), pair('42043', 0.7, 0.3)], 'county')).toBe('42043');
    expect(dominant([pair('42043', 0.5, 0.5), pair('42041', 0.5, 0.5)], 'county')).toBe('42041');
    expect(dominant([], 'cbsa')).toBeNull();
  });
});
