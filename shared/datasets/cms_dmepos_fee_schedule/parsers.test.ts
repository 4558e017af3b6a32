import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byKey, chunked, collect, expectReplayable, fixture } from '../../../tests/unit/publishers/helpers';
import { codesOf } from '../../publishers/common/locator';
import { type DmeposFeeRecord, dmeposFeeParser } from './fee-schedule';
import { dmeposRuralZipParser } from './rural-zip';

const key = (r: DmeposFeeRecord) => [r.code, r.modifier ?? '', r.modifier2 ?? ''].join('|');
const fees = (mon: string) => collect(dmeposFeeParser, fixture('cms_dmepos_fee_schedule', `DMEPOS_${mon}.csv`));

describe('DMEPOS fee schedule (fixtures)', () => {
  it('skips the title lines and spacer rows and reads one record per (code, modifier, modifier 2)', async () => {
    const recs = await fees('JAN');
    expect(recs[0]!.locator).toEqual({ line: 8, record: 1 });
    expect(recs.map(key)).toContain('E0601|NU|KE');
    expect(codesOf(dmeposFeeParser, recs)).toEqual(['A7030', 'E0561', 'E0601', 'E0607', 'K0001', 'K1036']);
  });

  it('reads ceiling, floor, per-state non-rural and rural fees, and the quoted description', async () => {
    const rr = byKey(await fees('JAN'), key).get('E0601|RR|')!;
    expect(rr).toMatchObject({
      schedule: 'dmepos',
      jurisdiction: 'D',
      category: 'CR',
      ceiling: 71.2,
      floor: 60.52,
      description: 'Cont airway pressure device',
    });
    expect(Object.keys(rr.fees)).toHaveLength(53);
    expect(rr.fees.AL).toEqual({ nonrural: 71.2, rural: 76.9 });
    expect(rr.fees.NY).toEqual({ nonrural: 70.7, rural: 76.36 });
    expect(rr.fees.AK).toEqual({ nonrural: 98.75, rural: 98.75 });
    const k0001 = byKey(await fees('JAN'), key).get('K0001|NU|')!;
    expect(k0001.fees.OH).toEqual({ nonrural: 486.87, rural: 0 });
    expect(byKey(await fees('APR'), key).get('K1040||')!.description).toBe('W/c pressure alarm cushion, each');
  });

  it('prints 0.00 where a column has no amount, and the parser keeps it as 0 (the warrant reads it)', async () => {
    const jan = byKey(await fees('JAN'), key);
    expect(jan.get('E0607|NU|')).toMatchObject({ category: 'IN', ceiling: 0, floor: 0 });
    for (const st of ['HI', 'PR', 'VI']) expect(jan.get('E0601|RR|')!.fees[st]!.rural).toBe(0);
    expect(jan.get('E0601|RR|')!.fees.GU).toBeUndefined();
  });

  it('has a different E0601 RR fee in each quarter', async () => {
    const ny = [];
    for (const mon of ['JAN', 'APR', 'JUL']) ny.push(byKey(await fees(mon), key).get('E0601|RR|')!.fees.NY!.nonrural);
    expect(ny).toEqual([70.7, 71.95, 73.4]);
  });

  it('reads the PEN layout (no JURIS/CATG/ceiling/floor, `AL(NR)` headers, `Desc`)', async () => {
    const recs = await collect(dmeposFeeParser, fixture('cms_dmepos_fee_schedule', 'DMEPEN_JAN.csv'));
    expect(recs.map(key)).toEqual(['B4034||', 'B4035||', 'B4150|BA|']);
    expect(recs[0]).toMatchObject({ schedule: 'pen', jurisdiction: null, ceiling: null, floor: null });
    expect(recs[0]!.fees.AL).toEqual({ nonrural: 3.86, rural: 6.03 });
    expect(recs[2]!.description).toBe('Enteral formulae, category I');
    expect(recs[0]!.locator).toEqual({ line: 6, record: 1 });
  });

  it('replays every record and does not depend on chunking', async () => {
    const bytes = fixture('cms_dmepos_fee_schedule', 'DMEPOS_APR.csv');
    const recs = await collect(dmeposFeeParser, bytes);
    expect(await collect(dmeposFeeParser, chunked(bytes, 13))).toEqual(recs);
    await expectReplayable(dmeposFeeParser, bytes, recs);
  });

  it('rejects a fee that is not an amount, naming the line', async () => {
    const text =
      'HCPCS,Mod,Mod2,JURIS,CATG,Ceiling,Floor,AL (NR),AL (R),Description\nE0601,RR,,D,CR,1.00,0.50,abc,0.00,x\n';
    await expect(collect(dmeposFeeParser, Buffer.from(text))).rejects.toThrow(/line 2: not an amount/);
  });
});

describe('DMEPOS rural ZIP file (fixtures)', () => {
  it('keeps leading zeros and the YEAR/QTR column; the history adds and drops ZIPs', async () => {
    const q = async (n: number) =>
      collect(dmeposRuralZipParser, fixture('cms_dmepos_fee_schedule', `DME Rural ZIP Code Quarter ${n}, 2025.csv`));
    const q1 = await q(1);
    expect(q1[0]).toEqual({ state: 'MA', zip: '01234', year_quarter: '202501', locator: { line: 2, record: 1 } });
    expect((await q(2)).map((r) => r.zip)).toContain('14717');
    expect((await q(3)).map((r) => r.zip)).not.toContain('02551');
    expect(dmeposRuralZipParser.codesOf(q1[0]!)).toEqual([]);
  });
});

describeWithSamples('DMEPOS conformance (real samples)', samplePath('cms_dmepos_fee_schedule'), () => {
  const bytes = (name: string) => fs.readFileSync(samplePath('cms_dmepos_fee_schedule', name));

  it('parses all 250 DMEPOS rows and 50 PEN rows', async () => {
    expect((await collect(dmeposFeeParser, bytes('DMEPOS_JAN.csv'))).length).toBe(250);
    expect((await collect(dmeposFeeParser, bytes('DMEPEN_JAN.csv'))).length).toBe(50);
  });

  it('spot-checks DMEPOS A4217 AU and PEN E0776 UE KE', async () => {
    const dme = byKey(await collect(dmeposFeeParser, bytes('DMEPOS_JAN.csv')), key).get('A4217|AU|')!;
    expect(dme).toMatchObject({
      jurisdiction: 'J',
      category: 'OS',
      ceiling: 4.38,
      floor: 3.72,
      description: 'Sterile water/saline, 500 ml',
      locator: { line: 10, record: 3 },
    });
    expect(dme.fees.AL).toEqual({ nonrural: 3.72, rural: 0 });
    expect(dme.fees.DC).toEqual({ nonrural: 3.9, rural: 0 });
    const pen = byKey(await collect(dmeposFeeParser, bytes('DMEPEN_JAN.csv')), key).get('E0776|UE|KE')!;
    expect(pen).toMatchObject({ schedule: 'pen', description: 'Iv pole', locator: { line: 55, record: 50 } });
    expect(pen.fees.AL).toEqual({ nonrural: 0, rural: 82.39 });
  });

  it('parses all 300 rural ZIP rows', async () => {
    const recs = await collect(dmeposRuralZipParser, bytes('DME Rural ZIP Code Quarter 1, 2025.csv'));
    expect(recs.length).toBe(300);
    expect(recs[29]).toEqual({ state: 'NH', zip: '03234', year_quarter: '202501', locator: { line: 31, record: 30 } });
  });
});
