import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byKey, chunked, collect, expectReplayable, fixture } from '../../../tests/unit/publishers/helpers';
import { mueParser } from './mue';

const mue = (setting: string, eff: string) => {
  const name = `MCR_MUE_${setting}_Eff_${eff}.csv`;
  return collect(mueParser, fixture('cms_ncci_mue', name), { fileName: name });
};
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

describeWithSamples('NCCI MUE conformance (real samples)', samplePath('cms_ncci_mue'), () => {
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
});
