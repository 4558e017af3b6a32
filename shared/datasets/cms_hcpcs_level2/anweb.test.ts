import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { buildXlsx } from '../../../tests/helpers/xlsx-builder';
import { byKey, chunked, collect, expectReplayable, fixture } from '../../../tests/unit/publishers/helpers';
import { codesOf } from '../../publishers/common/locator';
import { hcpcsAnwebParser } from './anweb';
import { hcpcsCsvParser } from './csv';
import type { HcpcsRecord } from './record';
import { hcpcsXlsxParser } from './xlsx';

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

const strip = (r: HcpcsRecord) => ({ ...r, locator: null });

describe('HCPCS CSV form (fixture)', () => {
  it('gives the same records as the fixed-width file of the same release, locators aside', async () => {
    const csv = await collect(hcpcsCsvParser, fixture('cms_hcpcs_level2', 'HCPC2025_JUL_ANWEB.csv'));
    const txt = await collect(hcpcsAnwebParser, anweb('JUL'));
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

  it('reads spaced column names and restores the leading zeros a spreadsheet dropped', async () => {
    const text = [
      'HCPC,SEQNUM,RECID,LONG DESCRIPTION,SHORT DESCRIPTION,PRICE1,ADD DT,ACT EFF DT,TERM DT,ACTION CD',
      'E0601,100,3,Continuous positive airway pressure (cpap) device,Cont airway pressure device,1,19860101,19860101,,N',
    ].join('\r\n');
    const [r] = await collect(hcpcsCsvParser, Buffer.from(text));
    expect(r).toMatchObject({
      sequence_number: '00100',
      pricing_indicators: ['01'],
      add_date: '1986-01-01',
      action_code: 'N',
    });
  });
});

describe('HCPCS XLSX form (fixture)', () => {
  const xlsx = () => fixture('cms_hcpcs_level2', 'HCPC2025_JUL_ANWEB.xlsx');

  it('gives the same records as the fixed-width and CSV files of the same release; the line is the sheet row', async () => {
    const recs = await collect(hcpcsXlsxParser, xlsx());
    const txt = await collect(hcpcsAnwebParser, anweb('JUL'));
    expect(recs.map(strip)).toEqual(txt.map(strip));
    // KX spans rows 2-3 (RECID 7 then 8), so K1036 (rows 11-13) is the 9th record.
    expect(recs[0]!.locator).toEqual({ line: 2, record: 1 });
    expect(recs.find((r) => r.code === 'K1036')!.locator).toEqual({ line: 11, record: 9 });
  });

  it('parses the same whether handed a buffer or a chunked stream, and every record replays', async () => {
    const bytes = xlsx();
    const whole = await collect(hcpcsXlsxParser, bytes);
    expect(await collect(hcpcsXlsxParser, chunked(bytes, 101))).toEqual(whole);
    await expectReplayable(hcpcsXlsxParser, bytes, whole);
  });

  const cell = (ref: string, v: string | number) =>
    typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const row = (n: number, values: (string | number)[]) =>
    `<row r="${n}">${values.map((v, i) => cell(`${String.fromCharCode(65 + i)}${n}`, v)).join('')}</row>`;

  it('skips disclaimer rows above the header and reads serial dates, spaced names and numeric codes', async () => {
    const header = ['HCPC', 'SEQNUM', 'RECID', 'LONG DESCRIPTION', 'SHORT DESCRIPTION', 'PRICE1', 'ADD DT', 'TERM DT'];
    const bytes = buildXlsx({
      sheets: [
        {
          name: 'HCPC2020_APRIL_ANWEB_w_disclaimer_v5',
          sheetData:
            row(1, ['***Disclaimers']) +
            row(2, ['*Listing a procedure here does not mean that any health plan covers it.']) +
            row(5, header) +
            // 31413 is 1986-01-01 as an Excel serial; 20250515 a YYYYMMDD number.
            row(6, ['E0601', 100, 3, 'Continuous positive airway pressure (cpap) device', 'Cpap', 1, 31413]) +
            row(7, ['K1036', 200, 3, 'Replacement battery', 'Pap battery', 36, 45017, 20250515]),
        },
      ],
    });
    const recs = await collect(hcpcsXlsxParser, bytes);
    expect(
      recs.map((r) => [r.code, r.sequence_number, r.pricing_indicators, r.add_date, r.termination_date, r.locator]),
    ).toEqual([
      ['E0601', '00100', ['01'], '1986-01-01', null, { line: 6, record: 1 }],
      ['K1036', '00200', ['36'], '2023-04-01', '2025-05-15', { line: 7, record: 2 }],
    ]);
  });

  it('reads the first sheet that has the header, and says so when none has', async () => {
    const header = ['HCPC', 'LONG DESCRIPTION'];
    const two = buildXlsx({
      sheets: [
        { name: 'Notes', sheetData: row(1, ['Read me first']) },
        { name: 'Codes', sheetData: row(1, header) + row(2, ['K0001', 'Standard wheelchair']) },
      ],
    });
    expect((await collect(hcpcsXlsxParser, two)).map((r) => r.code)).toEqual(['K0001']);
    const none = buildXlsx({ sheets: [{ name: 'Notes', sheetData: row(1, ['Read me first']) }] });
    await expect(collect(hcpcsXlsxParser, none)).rejects.toThrow(/no sheet has a header row starting with HCPC/);
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
