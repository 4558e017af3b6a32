import * as fs from 'node:fs';
import { codesOf } from '../../../shared/publishers/common/locator';
import { hcpcsAnwebParser } from '../../../shared/publishers/hcpcs/anweb';
import { hcpcsCsvParser } from '../../../shared/publishers/hcpcs/csv';
import type { HcpcsRecord } from '../../../shared/publishers/hcpcs/record';
import { describeWithSamples, samplePath } from '../../helpers/samples';
import { byKey, chunked, collect, expectReplayable, fixture } from './helpers';

const key = (r: HcpcsRecord) => r.code ?? `mod:${r.modifier}`;
const anweb = (mon: string) => fixture('cms_hcpcs_level2', `HCPC2025_${mon}_ANWEB.txt`);

describe('HCPCS ANWEB fixed-width file (fixtures)', () => {
  it('skips the Disclaimers preamble and yields one record per code and per modifier', async () => {
    const recs = await collect(hcpcsAnwebParser, anweb('JAN'));
    expect(recs.map(key)).toEqual([
      'mod:KX',
      'mod:NU',
      'mod:RR',
      'mod:UE',
      'A7030',
      'E0561',
      'E0601',
      'K0001',
      'K1036',
    ]);
    expect(recs[0]!.locator).toEqual({ line: 9, record: 1 });
    expect(codesOf(hcpcsAnwebParser, recs)).toEqual(['A7030', 'E0561', 'E0601', 'K0001', 'K1036']);
  });

  it('joins continuation records (id 4 and 8) into the long description', async () => {
    const recs = byKey(await collect(hcpcsAnwebParser, anweb('APR')), key);
    expect(recs.get('K1036')).toMatchObject({
      long_description:
        'Replacement rechargeable battery pack and charging cradle for patient-owned home positive airway pressure device, includes all cables and mounting hardware, each unit (fixture descriptor)',
      short_description: 'Pap battery/charger replace',
      continuation_records: 2,
      locator: { line: 18, record: 9 },
    });
    expect(recs.get('mod:KX')).toMatchObject({
      kind: 'modifier',
      code: null,
      modifier: 'KX',
      long_description:
        'Requirements specified in the medical policy have been met; documentation supporting the requirements is kept on file by the supplier',
      continuation_records: 1,
    });
  });

  it('reads the detail fields and dates of a procedure record', async () => {
    const e0601 = byKey(await collect(hcpcsAnwebParser, anweb('JAN')), key).get('E0601')!;
    expect(e0601).toMatchObject({
      kind: 'procedure',
      code: 'E0601',
      modifier: null,
      sequence_number: '00100',
      long_description: 'Continuous positive airway pressure (cpap) device',
      pricing_indicators: ['36'],
      multiple_pricing_indicator: 'A',
      coverage_code: 'D',
      betos: 'D1C',
      type_of_service: ['R', 'P'],
      anesthesia_base_units: 0,
      add_date: '1986-01-01',
      action_effective_date: '1986-01-01',
      termination_date: null,
      action_code: 'N',
    });
  });

  it('shows K1036 terminated 2025-05-15 from the April release on, and K1040 added in April', async () => {
    const jan = byKey(await collect(hcpcsAnwebParser, anweb('JAN')), key);
    const apr = byKey(await collect(hcpcsAnwebParser, anweb('APR')), key);
    const jul = byKey(await collect(hcpcsAnwebParser, anweb('JUL')), key);
    expect(jan.get('K1036')).toMatchObject({ termination_date: null, action_code: 'N' });
    expect(apr.get('K1036')).toMatchObject({ termination_date: '2025-05-15', action_code: 'D' });
    expect(jul.get('K1036')).toMatchObject({ termination_date: '2025-05-15' });
    expect(jan.has('K1040')).toBe(false);
    expect(apr.get('K1040')).toMatchObject({ add_date: '2025-04-01', action_code: 'A' });
    expect(jul.get('E0601')).toMatchObject({ action_code: 'F', action_effective_date: '2025-07-01' });
  });

  it('parses the same records whatever the chunking, and every record replays from its locator', async () => {
    const bytes = anweb('APR');
    const whole = await collect(hcpcsAnwebParser, bytes);
    expect(await collect(hcpcsAnwebParser, chunked(bytes, 7))).toEqual(whole);
    await expectReplayable(hcpcsAnwebParser, bytes, whole);
  });

  it('rejects a continuation record without its first record', async () => {
    const line = `K9999002004${'orphan text'.padEnd(80)}`.padEnd(320);
    await expect(collect(hcpcsAnwebParser, Buffer.from(`${line}\r\n`))).rejects.toThrow(
      /line 1: continuation of K9999/,
    );
  });
});

describe('HCPCS CSV form (fixture)', () => {
  it('gives the same records as the fixed-width file of the same release, locators aside', async () => {
    const csv = await collect(hcpcsCsvParser, fixture('cms_hcpcs_level2', 'HCPC2025_JUL_ANWEB.csv'));
    const txt = await collect(hcpcsAnwebParser, anweb('JUL'));
    const strip = (r: HcpcsRecord) => ({ ...r, locator: null });
    expect(csv.map(strip)).toEqual(txt.map(strip));
    expect(csv.find((r) => r.code === 'K1036')!.locator).toEqual({ line: 11, record: 9 });
  });

  it('reads a CSV without RECID rows, taking 2-character keys as modifiers', async () => {
    const text = [
      'HCPC,LONG DESCRIPTION,SHORT DESCRIPTION,COV,ADD_DT,ACT_EFF_DT,TERM_DT,ACTION_CD',
      'RR,"Rental (use the \'rr\' modifier when dme is to be rented)",Rental,C,19920101,19920101,,N',
      'E0601,Continuous positive airway pressure (cpap) device,Cont airway pressure device,D,1/1/1986,1/1/1986,,N',
    ].join('\r\n');
    const recs = await collect(hcpcsCsvParser, Buffer.from(text));
    expect(recs.map((r) => [r.kind, r.code, r.modifier, r.add_date])).toEqual([
      ['modifier', null, 'RR', '1992-01-01'],
      ['procedure', 'E0601', null, '1986-01-01'],
    ]);
  });
});

describeWithSamples('HCPCS ANWEB conformance (real samples)', samplePath('cms_hcpcs_level2'), () => {
  const bytes = (name: string) => fs.readFileSync(samplePath('cms_hcpcs_level2', name));

  it('parses every record line of the 2019 and 2018 files (301 record lines each)', async () => {
    for (const name of ['HCPC2019_CONTR_ANWEB.txt', 'HCPC2018_CONTR_ANWEB_disc.txt']) {
      const recs = await collect(hcpcsAnwebParser, bytes(name));
      const lines = recs.reduce((n, r) => n + 1 + r.continuation_records, 0);
      expect(lines).toBe(301);
    }
    expect((await collect(hcpcsAnwebParser, bytes('HCPC2019_CONTR_ANWEB.txt'))).length).toBe(226);
  });

  it('spot-checks 2019 rows: a modifier continuation, a 4-line procedure, a terminated code', async () => {
    const recs = byKey(await collect(hcpcsAnwebParser, bytes('HCPC2019_CONTR_ANWEB.txt')), key);
    expect(recs.get('mod:AD')).toMatchObject({
      long_description: 'Medical supervision by a physician: more than four concurrent anesthesia procedures',
      short_description: 'Md supervision, >4 anes proc',
      mcm_references: ['3350.5'],
      coverage_code: 'D',
      add_date: '1984-01-01',
      locator: { line: 19, record: 11 },
    });
    expect(recs.get('C8937')).toMatchObject({
      continuation_records: 3,
      cross_references: ['0159T'],
      action_code: 'A',
      add_date: '2019-01-01',
    });
    expect(recs.get('C8937')!.long_description).toMatch(
      /^Computer-aided detection, .* to code for primary procedure\)$/,
    );
    expect(recs.get('C9014')).toMatchObject({
      asc_payment_group: 'YY',
      asc_effective_date: '2018-01-01',
      betos: 'O1E',
      type_of_service: ['9', 'F'],
      termination_date: '2018-12-31',
      action_code: 'D',
    });
  });

  it('reads the 2018 ASC date printed one field early (C9488) as a date, not as a group', async () => {
    const recs = byKey(await collect(hcpcsAnwebParser, bytes('HCPC2018_CONTR_ANWEB_disc.txt')), key);
    expect(recs.get('C9488')).toMatchObject({ asc_payment_group: null, asc_effective_date: '2017-04-01' });
  });

  it('replays records of the real file from their locators', async () => {
    const b = bytes('HCPC2019_CONTR_ANWEB.txt');
    const recs = await collect(hcpcsAnwebParser, b);
    await expectReplayable(hcpcsAnwebParser, b, [recs[0]!, recs[108]!, recs[recs.length - 1]!]);
  });
});
