import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { codesOf } from '../../../shared/publishers/common/locator';
import { mueParser } from '../../../shared/publishers/ncci-mue/mue';
import { type PtpRecord, ptpParser } from '../../../shared/publishers/ncci-ptp/ptp';
import { describeWithSamples, samplePath } from '../../helpers/samples';
import { byKey, chunked, collect, expectReplayable, fixture } from './helpers';

const mue = (setting: string, eff: string) => {
  const name = `MCR_MUE_${setting}_Eff_${eff}.csv`;
  return collect(mueParser, fixture('cms_ncci_mue', name), { fileName: name });
};
const pair = (r: PtpRecord) => `${r.column1}/${r.column2}`;
const ptp = (v: string) => collect(ptpParser, fixture('cms_ncci_ptp', `ccipra-v${v}r0-f1.TXT`));

describe('NCCI MUE tables (fixtures)', () => {
  it('skips the multi-line Latin-1 copyright record and the header quoted across a line break', async () => {
    const recs = await mue('PractitionerServices', '01-01-2025');
    expect(recs.map((r) => r.code)).toEqual(['94660', '95811', 'A7030', 'E0601', 'K0001']);
    expect(recs[0]).toEqual({
      code: '94660',
      setting: 'practitioner',
      mue_value: 1,
      adjudication_indicator: 2,
      adjudication_indicator_text: 'Date of Service Edit: Policy',
      rationale: 'Code Descriptor / CPT Instruction',
      locator: { line: 10, record: 1 },
    });
  });

  it('names the setting from the value column header of each table', async () => {
    expect((await mue('OutpatientHospitalServices', '04-01-2025'))[0]!.setting).toBe('outpatient');
    const dme = await mue('DMESupplierServices', '04-01-2025');
    expect(new Set(dme.map((r) => r.setting))).toEqual(new Set(['dme']));
    expect(byKey(dme, (r) => r.code).get('K0001')).toMatchObject({
      adjudication_indicator: 1,
      adjudication_indicator_text: 'Line Edit',
    });
  });

  it('changes the E0601 DME value in Q3, drops K1036 after Q2 and adds K1040 from Q2', async () => {
    const q = await Promise.all(['01-01-2025', '04-01-2025', '07-01-2025'].map((e) => mue('DMESupplierServices', e)));
    expect(q.map((recs) => byKey(recs, (r) => r.code).get('E0601')!.mue_value)).toEqual([1, 1, 2]);
    expect(q.map((recs) => recs.some((r) => r.code === 'K1036'))).toEqual([true, true, false]);
    expect(q.map((recs) => recs.some((r) => r.code === 'K1040'))).toEqual([false, true, true]);
  });

  it('replays every record, whatever the chunking', async () => {
    const bytes = fixture('cms_ncci_mue', 'MCR_MUE_DMESupplierServices_Eff_07-01-2025.csv');
    const recs = await collect(mueParser, bytes);
    expect(await collect(mueParser, chunked(bytes, 5))).toEqual(recs);
    await expectReplayable(mueParser, bytes, recs);
  });

  it('fails when the setting cannot be told from the header or the file name', async () => {
    const text = '"HCPCS/\nCPT Code",Some Values,MUE Adjudication Indicator,MUE Rationale\r\nE0601,1,1 Line Edit,x\r\n';
    await expect(collect(mueParser, Buffer.from(text))).rejects.toThrow(/cannot tell the MUE setting/);
    const named = await collect(mueParser, Buffer.from(text), {
      fileName: 'MCR_MUE_DMESupplierServices_Eff_01-01-2025.csv',
    });
    expect(named[0]!.setting).toBe('dme');
  });
});

describe('NCCI PTP edits (fixtures)', () => {
  it('skips the copyright, title and 4-line wrapped header, and reads open and closed edits', async () => {
    const recs = byKey(await ptp('310'), pair);
    expect(recs.get('95811/94660')).toEqual({
      column1: '95811',
      column2: '94660',
      prior_1996: false,
      effective_date: '2000-01-01',
      deletion_date: null,
      modifier_indicator: 1,
      rationale: 'Standards of medical / surgical practice',
      locator: { line: 7, record: 1 },
    });
    expect(recs.get('95811/95812')).toMatchObject({
      effective_date: '2024-01-01',
      deletion_date: '2024-01-01',
      modifier_indicator: 9,
    });
    expect(recs.get('97110/97112')).toMatchObject({ prior_1996: true, effective_date: '1996-01-01' });
  });

  it('adds E0601/E0561 in Q2 and deletes K0001/E0950 in Q3', async () => {
    const [q1, q2, q3] = await Promise.all(['310', '311', '312'].map(ptp));
    expect(q1!.some((r) => pair(r) === 'E0601/E0561')).toBe(false);
    expect(byKey(q2!, pair).get('E0601/E0561')).toMatchObject({ effective_date: '2025-04-01', deletion_date: null });
    expect(byKey(q2!, pair).get('K0001/E0950')!.deletion_date).toBeNull();
    expect(byKey(q3!, pair).get('K0001/E0950')!.deletion_date).toBe('2025-07-31');
    expect(codesOf(ptpParser, q3!)).toContain('E0950');
  });

  it('replays every record', async () => {
    const bytes = fixture('cms_ncci_ptp', 'ccipra-v312r0-f1.TXT');
    await expectReplayable(ptpParser, bytes, await collect(ptpParser, bytes));
  });

  it('rejects a modifier indicator other than 0, 1 or 9', async () => {
    await expect(collect(ptpParser, Buffer.from('E0601\tA7030\t\t20150101\t*\t5\tx\r\n'))).rejects.toThrow(
      /line 1: modifier indicator/,
    );
  });

  it('streams a generated 50 MB file in flat memory, without holding the records', async () => {
    const head = Buffer.from(
      'CPT only copyright\t\t\t\t\t\t\r\nColumn1/Column2 Edits\t\t\t\t\t\t\r\nColumn 1\tColumn 2\t*=in existence\tEffective\tDeletion\tModifier\tPTP Edit Rationale\r\n\t\tprior to 1996\tDate\tDate\t0=not allowed\t\r\n\t\t\t\t*=no data\t1=allowed\t\r\n\t\t\t\t\t9=not applicable\t\r\n',
      'latin1',
    );
    // One 1,000-line block, built once and sent again and again: the parser sees a 50 MB stream.
    const part: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const c2 = `${'ABCDEFGHJK'[i % 10]}${String(i).padStart(4, '0')}`;
      part.push(
        `${10000 + i}\t${c2}\t\t20200101\t${i % 4 === 0 ? '*' : '20231231'}\t${i % 2}\tMisuse of Column Two code with Column One code\r\n`,
      );
    }
    const block = Buffer.from(part.join(''), 'latin1');
    const blocks = Math.ceil((50 * 1024 * 1024) / block.length);
    function* source(): Generator<Buffer> {
      yield head;
      for (let b = 0; b < blocks; b++) yield block;
    }
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    let peak = 0;
    let count = 0;
    let open = 0;
    for await (const r of ptpParser.parse(Readable.from(source()))) {
      count++;
      if (r.deletion_date === null) open++;
      if (count % 25_000 === 0) peak = Math.max(peak, used() - before);
    }
    expect(count).toBe(blocks * 1000);
    expect(count).toBeGreaterThan(600_000);
    expect(open).toBe(blocks * 250);
    // Loose bound: the input alone is 50 MB; holding it or the records would exceed this by far.
    expect(peak).toBeLessThan(48 * 1024 * 1024);
  });
});

describeWithSamples('NCCI conformance (real samples)', samplePath('cms_ncci_mue'), () => {
  it('parses all 44 MUE rows of the practitioner table, with exact rows', async () => {
    const name = 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv';
    const recs = await collect(mueParser, fs.readFileSync(samplePath('cms_ncci_mue', name)), { fileName: name });
    expect(recs).toHaveLength(44);
    expect(recs[0]).toEqual({
      code: '0001U',
      setting: 'practitioner',
      mue_value: 1,
      adjudication_indicator: 2,
      adjudication_indicator_text: 'Date of Service Edit: Policy',
      rationale: 'Code Descriptor / CPT Instruction',
      locator: { line: 10, record: 1 },
    });
    expect(byKey(recs, (r) => r.code).get('0009U')).toMatchObject({
      mue_value: 2,
      adjudication_indicator: 3,
      adjudication_indicator_text: 'Date of Service Edit: Clinical',
      rationale: 'Nature of Analyte',
    });
    expect(recs[43]!.locator).toEqual({ line: 53, record: 44 });
  });

  it('parses all 154 PTP rows, with exact rows', async () => {
    const bytes = fs.readFileSync(samplePath('cms_ncci_ptp', 'ccipra-v322r0-f1.TXT'));
    const recs = await collect(ptpParser, bytes);
    expect(recs).toHaveLength(154);
    expect(recs[0]).toEqual({
      column1: '0001A',
      column2: '0591T',
      prior_1996: false,
      effective_date: '2022-01-01',
      deletion_date: '2023-12-31',
      modifier_indicator: 1,
      rationale: 'CPT Manual or CMS manual coding instruction',
      locator: { line: 7, record: 1 },
    });
    expect(recs[5]).toMatchObject({ column2: '90473', deletion_date: '2022-01-01', modifier_indicator: 9 });
    expect(recs[153]).toMatchObject({
      column1: '0001U',
      column2: '81166',
      deletion_date: null,
      locator: { line: 160, record: 154 },
    });
    await expectReplayable(ptpParser, bytes, [recs[0]!, recs[77]!, recs[153]!]);
  });
});
