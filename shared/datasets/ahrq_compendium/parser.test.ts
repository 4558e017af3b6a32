import * as fs from 'node:fs';
import * as path from 'node:path';
import type { HealthSystemRow, HospitalLinkRow } from '../../systems/system-rows';
import { compendiumLinkageParser, compendiumSystemsParser } from './parser';
import { releaseOf } from './release';
import { readCompendiumVersion } from './source';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

async function links(buf: Buffer | string, fileName: string): Promise<HospitalLinkRow[]> {
  const out: HospitalLinkRow[] = [];
  for await (const r of compendiumLinkageParser.parse(buf, { fileName })) out.push(r);
  return out;
}
async function systems(buf: Buffer | string, fileName: string): Promise<HealthSystemRow[]> {
  const out: HealthSystemRow[] = [];
  for await (const r of compendiumSystemsParser.parse(buf, { fileName })) out.push(r);
  return out;
}

describe('AHRQ Compendium file names', () => {
  it('reads the release of every published name, the 2016 files included', () => {
    expect(releaseOf('chsp-compendium-2022-rev.csv')).toEqual({ year: 2022, label: '2022 rev' });
    expect(releaseOf('chsp-compendium-2023.csv')).toEqual({ year: 2023, label: '2023' });
    expect(releaseOf('chsp-compendium-2018-updated-2021.csv')).toEqual({ year: 2018, label: '2018 updated 2021' });
    expect(releaseOf('chsp-compendium-2019update.csv')).toEqual({ year: 2016, label: '2016 updated 2019' });
    expect(releaseOf('compendium_system_hospital_linkage_file.csv')).toEqual({ year: 2016, label: '2016' });
    expect(releaseOf('CHSP-Hospital-Linkage-2021-rev.csv')).toEqual({ year: 2021, label: '2021 rev' });
    expect(releaseOf('chsp-outpatient-linkage-2023.csv')).toBeNull();
    expect(
      readCompendiumVersion({ name: 'chsp-hospital-linkage-2022-rev.csv', head: Buffer.alloc(0) } as never),
    ).toEqual({ publisherVersion: '2022 rev', effectiveFrom: null, effectiveTo: null, method: 'file_name' });
  });
});

describe('AHRQ Compendium hospital linkage parser (fixtures)', () => {
  it('reads the 2020-2022 layout by name: CCN padded to six characters, blank system and CCN kept as null', async () => {
    const rows = await links(fixture('chsp-hospital-linkage-2022-rev.csv'), 'chsp-hospital-linkage-2022-rev.csv');
    expect(rows.map((r) => [r.ccn, r.health_sys_id])).toEqual([
      ['010099', 'HSI00000201'],
      ['050777', 'HSI00000301'],
      ['140900', 'HSI00000101'],
      ['143900', 'HSI00000101'],
      ['140901', 'HSI00000102'],
      ['140902', 'HSI00000103'],
      ['140903', null],
      [null, 'HSI00000101'],
    ]);
    expect(rows[5]).toMatchObject({
      compendium_hospital_id: 'CHSP00009006',
      hospital_name: 'Saint Brigid Hospital, North',
      street: '4500 N Clark St',
      city: 'Chicago',
      state: 'IL',
      zip: '60640',
      acute: true,
      health_sys_name: 'Prairie Catholic Health',
      release: '2022',
      layout: 'link-2020@1',
      locator: { line: 7, record: 6 },
    });
    expect(rows[0]!.source_row.ccn).toBe('10099');
    expect(rows[6]).toMatchObject({ health_sys_name: null, health_sys_city: null });
    expect(Object.keys(rows[0]!.source_row)).toHaveLength(12);
  });

  it('reads the 2023 layout (corporate parent and revenue columns added); the as-published row keeps them', async () => {
    const rows = await links(fixture('chsp-hospital-linkage-2023.csv'), 'chsp-hospital-linkage-2023.csv');
    expect(rows).toHaveLength(8);
    const brigid = rows.find((r) => r.ccn === '140902')!;
    expect(brigid).toMatchObject({ health_sys_id: 'HSI00000101', layout: 'link-2023@1', release: '2023' });
    expect(brigid.source_row.corp_parent_name).toBe('Lakeshore Health');
    expect(Object.keys(brigid.source_row)).toHaveLength(28);
  });

  it('picks the map by the release year and checks the header: upper case accepted, missing columns named', async () => {
    const upper =
      'COMPENDIUM_HOSPITAL_ID,CCN,HOSPITAL_NAME,HOSPITAL_STATE,HEALTH_SYS_ID,HEALTH_SYS_NAME\r\nCHSP1,50777,X,ca,hsi00000301,Y\r\n';
    const [r] = await links(upper, 'chsp-hospital-linkage-2018.csv');
    expect(r).toMatchObject({ ccn: '050777', state: 'CA', health_sys_id: 'HSI00000301', layout: 'link-2016@1' });
    // A 2023 name over a 2022 header: the 2023 columns are missing.
    await expect(
      links(fixture('chsp-hospital-linkage-2022-rev.csv'), 'chsp-hospital-linkage-2023.csv'),
    ).rejects.toThrow(/missing column "corp_parent_id" of the link-2023@1 layout/);
    await expect(links('ccn,hospital_name\r\n1,X\r\n', 'chsp-hospital-linkage-2022.csv')).rejects.toThrow(
      /missing column "compendium_hospital_id"/,
    );
    const head = 'compendium_hospital_id,ccn,hospital_name,hospital_state,health_sys_id,health_sys_name\r\n';
    await expect(links(`${head}C1,12-34,X,IL,,\r\n`, 'chsp-hospital-linkage-2022.csv')).rejects.toThrow(/not a CCN/);
    await expect(links(`${head}C1,140900,X,IL,SYS9,Y\r\n`, 'chsp-hospital-linkage-2022.csv')).rejects.toThrow(
      /not an AHRQ system id/,
    );
    await expect(links(`${head}C1,140900,X,IL,,\r\n`, 'linkage.csv')).rejects.toThrow(/states no Compendium release/);
  });
});

describe('AHRQ Compendium system file parser (fixtures)', () => {
  it('reads the 2018-2022 layout and the 2023 layout by name', async () => {
    const y22 = await systems(fixture('chsp-compendium-2022-rev.csv'), 'chsp-compendium-2022-rev.csv');
    expect(y22.map((r) => r.health_sys_id)).toEqual([
      'HSI00000101',
      'HSI00000102',
      'HSI00000103',
      'HSI00000201',
      'HSI00000301',
    ]);
    expect(y22[0]).toMatchObject({
      health_sys_name: 'Lakeshore Health',
      health_sys_city: 'Chicago',
      health_sys_state: 'IL',
      hospitals: 2,
      acute_hospitals: 1,
      physician_groups: 14,
      physicians: 1840,
      primary_care_physicians: 512,
      beds: 912,
      layout: 'sys-2018@1',
      release: '2022',
    });
    expect(y22[0]!.source_row.maj_inv_owned).toBe('0');
    const y23 = await systems(fixture('chsp-compendium-2023.csv'), 'chsp-compendium-2023.csv');
    expect(y23).toHaveLength(4);
    expect(y23[0]).toMatchObject({ hospitals: 3, acute_hospitals: 2, layout: 'sys-2023@1', release: '2023' });
    expect(y23[0]!.source_row.sys_ownership).toBe('2');
    expect(Object.keys(y23[0]!.source_row)).toHaveLength(38);
  });

  it('refuses a count that is not one and a missing id column; reads `.` as not published', async () => {
    const head = 'health_sys_id,health_sys_name,health_sys_city,health_sys_state,hosp_cnt,sys_beds\r\n';
    const [r] = await systems(`${head}HSI00000001,A,B,il,4,.\r\n`, 'chsp-compendium-2016.csv');
    expect(r).toMatchObject({ health_sys_state: 'IL', hospitals: 4, beds: null, layout: 'sys-2016@1' });
    await expect(systems(`${head}HSI00000001,A,B,IL,four,\r\n`, 'chsp-compendium-2016.csv')).rejects.toThrow(
      /hosp_cnt "four" is not a count/,
    );
    await expect(systems('health_sys_name\r\nA\r\n', 'chsp-compendium-2016.csv')).rejects.toThrow(
      /missing column "health_sys_id"/,
    );
  });
});
