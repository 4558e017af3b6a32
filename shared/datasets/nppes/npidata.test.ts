import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byKey, chunked, collect, expectReplayable } from '../../../tests/unit/publishers/helpers';
import { isValidNpi } from '../../codes/npi';
import { type NppesRecord, nppesParser } from './npidata';

const MONTHLY = 'npidata_pfile_20050523-20250209.csv';
const WEEKLY = 'npidata_pfile_20250210-20250216.csv';
const byNpi = (recs: NppesRecord[]) => byKey(recs, (r) => r.npi);

describe('NPPES npidata (fixtures)', () => {
  it('reads the classic 329-column header by name: names, both addresses, taxonomies, dates', async () => {
    const bytes = readFixture('nppes', MONTHLY);
    expect(bytes.toString('utf8').split('\n')[0]!.split('","')).toHaveLength(329);
    const alderman = byNpi(await collect(nppesParser, bytes)).get('1847362914')!;
    expect(alderman).toMatchObject({
      entity_type: 'individual',
      organization_name: null,
      last_name: 'ALDERMAN',
      first_name: 'JOSEPH',
      middle_name: 'R',
      credential: 'M.D.',
      sex_code: 'M',
      mailing_address: {
        line1: 'PO BOX 1200',
        line2: null,
        city: 'ALBANY',
        state: 'NY',
        postal_code: '122011200',
        country_code: 'US',
      },
      practice_address: { line1: '12 LAKEVIEW TER', line2: 'SUITE 4', state: 'NY', fax: '5185550112' },
      enumeration_date: '2006-06-14',
      last_update_date: '2023-09-02',
      deactivation_date: null,
      reactivation_date: null,
      certification_date: null,
      locator: { line: 7, record: 6 },
    });
    expect(alderman.taxonomies).toEqual([
      { slot: 1, code: '207Q00000X', license_number: '223344', license_state: 'NY', primary: true, group: null },
      { slot: 2, code: '207QS0010X', license_number: '223344', license_state: 'NY', primary: false, group: null },
    ]);
  });

  it('flags the primary taxonomy wherever it sits, and reads organizations with their authorized official', async () => {
    const recs = byNpi(await collect(nppesParser, readFixture('nppes', MONTHLY)));
    expect(
      recs
        .get('1372640197')!
        .taxonomies.filter((t) => t.primary)
        .map((t) => [t.slot, t.license_state]),
    ).toEqual([[2, 'PA']]);
    expect(recs.get('1529384707')).toMatchObject({
      entity_type: 'organization',
      organization_name: 'SUNRISE DURABLE MEDICAL SUPPLY, INC',
      other_organization_name: 'SUNRISE HOME OXYGEN',
      ein: '<UNAVAIL>',
      last_name: null,
      authorized_official: { last_name: 'PRESCOTT', first_name: 'GAIL', title: 'PRESIDENT' },
      is_organization_subpart: 'N',
    });
    expect(recs.get('1529384707')!.taxonomies[0]!.group).toBe('193200000X MULTI-SPECIALTY GROUP');
  });

  it('reads a deactivated NPI (NPI and date only) and a reactivated one', async () => {
    const recs = byNpi(await collect(nppesParser, readFixture('nppes', MONTHLY)));
    expect(recs.get('1102938473')).toMatchObject({
      entity_type: null,
      last_name: null,
      organization_name: null,
      deactivation_date: '2019-08-31',
      taxonomies: [],
      locator: { line: 2, record: 1 },
    });
    expect(recs.get('1203847565')).toMatchObject({ deactivation_date: '2020-03-01', reactivation_date: '2021-01-15' });
    for (const npi of recs.keys()) expect(isValidNpi(npi)).toBe(true);
  });

  it('reads the newer header (Provider Sex Code, Certification Date) of the weekly file', async () => {
    const recs = byNpi(await collect(nppesParser, readFixture('nppes', WEEKLY)));
    expect(recs.get('1372640197')).toMatchObject({
      sex_code: 'F',
      certification_date: '2025-02-12',
      practice_address: { line1: '1 RIVERFRONT PL', city: 'LEMOYNE', state: 'PA' },
    });
    expect(recs.get('1588203640')).toMatchObject({
      entity_type: 'organization',
      organization_name: 'NORTHGATE HOME CARE LLC',
    });
  });

  it('replays every record, whatever the chunking', async () => {
    const bytes = readFixture('nppes', MONTHLY);
    const recs = await collect(nppesParser, bytes);
    expect(await collect(nppesParser, chunked(bytes, 97))).toEqual(recs);
    await expectReplayable(nppesParser, bytes, recs);
  });
});

describeWithSamples('NPPES conformance (real sample)', samplePath('nppes'), () => {
  it('parses all 10 records of first10.csv, with exact rows', async () => {
    const recs = await collect(nppesParser, fs.readFileSync(samplePath('nppes', 'first10.csv')));
    expect(recs).toHaveLength(10);
    expect(recs[0]).toMatchObject({
      npi: '1679576722',
      entity_type: 'individual',
      last_name: 'WIEBE',
      first_name: 'DAVID',
      middle_name: 'A',
      credential: 'M.D.',
      sex_code: 'M',
      mailing_address: { line1: 'PO BOX 2168', city: 'KEARNEY', state: 'NE', postal_code: '688482168' },
      practice_address: { line1: '3500 CENTRAL AVE', city: 'KEARNEY', state: 'NE', postal_code: '688472944' },
      enumeration_date: '2005-05-23',
      last_update_date: '2007-07-08',
      taxonomies: [
        { slot: 1, code: '207X00000X', license_number: '12637', license_state: 'NE', primary: true, group: null },
      ],
      locator: { line: 2, record: 1 },
    });
    expect(recs[1]!.taxonomies.map((t) => [t.slot, t.license_state, t.primary])).toEqual([
      [1, 'GA', false],
      [2, 'FL', true],
    ]);
    expect(recs[2]).toMatchObject({
      npi: '1497758544',
      entity_type: 'organization',
      organization_name: 'CUMBERLAND COUNTY HOSPITAL SYSTEM, INC',
      ein: '<UNAVAIL>',
      authorized_official: { last_name: 'NAGOWSKI', first_name: 'MICHAEL', title: 'CEO' },
    });
    for (const r of recs) expect(isValidNpi(r.npi)).toBe(true);
  });
});
