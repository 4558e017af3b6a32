import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byKey, chunked, collect, expectReplayable } from '../../../tests/unit/publishers/helpers';
import { isValidNpi } from '../../codes/npi';
import { type LeieRecord, leieParser } from './parser';

const name = (r: LeieRecord) => r.last_name ?? r.business_name!;
const leie = (...p: string[]) => collect(leieParser, readFixture('oig_leie', ...p));

describe('OIG LEIE (fixtures)', () => {
  it('reads every value quoted under an unquoted header, with the sentinels as null', async () => {
    const recs = byKey(await leie('2025-01', 'UPDATED.csv'), name);
    expect(recs.get('BRANNIGAN')).toEqual({
      entity_type: 'individual',
      last_name: 'BRANNIGAN',
      first_name: 'MARCIA',
      middle_name: null,
      business_name: null,
      general: 'NURSING PROFESSION',
      specialty: 'NURSE/NURSES AIDE',
      upin: null,
      npi: null,
      dob: '1965-07-08',
      address: '908 ELM ST',
      city: 'DAYTON',
      state: 'OH',
      zip: '45402',
      exclusion_type: '1128b4',
      exclusion_date: '2022-11-17',
      reinstatement_date: null,
      waiver_date: null,
      waiver_state: null,
      locator: { line: 4, record: 3 },
    });
    expect(recs.get('SUNRISE DURABLE MEDICAL SUPPLY, INC')).toMatchObject({
      entity_type: 'entity',
      last_name: null,
      dob: null,
    });
    expect(recs.get('CASTELLANO')).toMatchObject({ waiver_date: '2025-01-15', waiver_state: 'PA' });
    expect(recs.get('DELACROIX')).toMatchObject({ upin: 'B12345', npi: null });
  });

  it('has excluded providers whose NPIs pass the Luhn check with the 80840 prefix', async () => {
    const recs = await leie('2025-01', 'UPDATED.csv');
    const npis = recs.map((r) => r.npi).filter((n): n is string => n !== null);
    expect(npis).toEqual(['1529384707', '1847362914', '1372640197']);
    for (const n of npis) expect(isValidNpi(n)).toBe(true);
  });

  it('records reinstatements in the monthly REIN supplements, and the later full list no longer holds them', async () => {
    const feb = await leie('2502REIN.csv');
    expect(feb.map((r) => [name(r), r.exclusion_date, r.reinstatement_date])).toEqual([
      ['DELACROIX', '1999-05-20', '2025-02-10'],
    ]);
    const mar = await leie('2503REIN.csv');
    expect(mar.map((r) => [name(r), r.exclusion_date, r.reinstatement_date])).toEqual([
      ['BRANNIGAN', '2022-11-17', '2025-03-12'],
    ]);
    const added = await leie('2502EXCL.csv');
    expect(added.map((r) => [name(r), r.exclusion_date, r.npi])).toEqual([
      ['NORTHGATE HOME CARE LLC', '2025-02-20', null],
      ['FENWICK', '2025-02-20', '1694038252'],
    ]);
    const after = (await leie('2025-03', 'UPDATED.csv')).map(name);
    expect(after).toContain('FENWICK');
    expect(after).not.toContain('BRANNIGAN');
    expect(after).not.toContain('DELACROIX');
  });

  it('replays every record, whatever the chunking', async () => {
    const bytes = readFixture('oig_leie', '2025-03', 'UPDATED.csv');
    const recs = await collect(leieParser, bytes);
    expect(await collect(leieParser, chunked(bytes, 9))).toEqual(recs);
    await expectReplayable(leieParser, bytes, recs);
  });

  it('rejects an NPI that is not 10 digits and a file without the LEIE header', async () => {
    const head =
      'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
    const row = '"X","Y","","","","","","12345","","","","","","1128a1","20200101","00000000","00000000",""';
    await expect(collect(leieParser, Buffer.from(`${head}\r\n${row}\r\n`))).rejects.toThrow(/line 2: NPI 12345/);
    await expect(collect(leieParser, Buffer.from('NPI,NAME\r\n'))).rejects.toThrow(/LASTNAME/);
  });
});

describeWithSamples('OIG LEIE conformance (real sample)', samplePath('oig_leie'), () => {
  const bytes = () => fs.readFileSync(samplePath('oig_leie', 'UPDATED.csv'));

  it('parses all 176 rows; every present NPI is 10 digits with a valid check digit', async () => {
    const recs = await collect(leieParser, bytes());
    expect(recs).toHaveLength(176);
    const npis = recs.map((r) => r.npi).filter((n): n is string => n !== null);
    expect(npis).toHaveLength(25);
    for (const n of npis) expect(isValidNpi(n)).toBe(true);
    expect(recs.filter((r) => r.entity_type === 'individual')).toHaveLength(85);
    expect(recs.every((r) => r.reinstatement_date === null && r.waiver_date === null)).toBe(true);
  });

  it('spot-checks exact rows', async () => {
    const recs = await collect(leieParser, bytes());
    expect(recs[0]).toMatchObject({
      entity_type: 'entity',
      business_name: '#1 MARKETING SERVICE, INC',
      general: 'OTHER BUSINESS',
      specialty: 'SOBER HOME',
      npi: null,
      address: '239 BRIGHTON BEACH AVENUE',
      city: 'BROOKLYN',
      state: 'NY',
      zip: '11235',
      exclusion_type: '1128a1',
      exclusion_date: '2020-03-19',
      locator: { line: 2, record: 1 },
    });
    expect(recs.find((r) => r.npi === '1972902351')).toMatchObject({
      business_name: '101 FIRST CARE PHARMACY INC',
      exclusion_type: '1128b8',
      exclusion_date: '2022-03-20',
      locator: { line: 4, record: 3 },
    });
    expect(recs[91]).toMatchObject({
      last_name: 'KRAINIK',
      first_name: 'PAUL',
      middle_name: 'STEPHEN',
      general: 'EMPLOYEE - PRIVATE S',
      dob: '1976-05-21',
      exclusion_date: '2018-09-20',
      locator: { line: 93, record: 92 },
    });
  });
});
