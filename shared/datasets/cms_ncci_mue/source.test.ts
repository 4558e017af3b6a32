import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { mapFile } from '../../sources/registry';
import { cmsNcciMue } from './source';

const map = (name: string, head = Buffer.alloc(0)) => {
  const m = mapFile(cmsNcciMue, { name, parents: [], head });
  const r = m.reading;
  return {
    docId: m.docId,
    publisherVersion: r.publisherVersion,
    from: r.effectiveFrom,
    to: r.effectiveTo,
    method: r.method,
  };
};

describe('NCCI MUE file names to documents and version labels', () => {
  it.each([
    [
      'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv',
      { docId: 'mue:1', publisherVersion: '2026 Q3', from: '2026-07-01', to: '2026-09-30', method: 'file_name' },
    ],
    [
      'MCR_MUE_OutpatientHospitalServices_Eff_01-01-2026.csv',
      { docId: 'mue:2', publisherVersion: '2026 Q1', from: '2026-01-01', to: '2026-03-31' },
    ],
    ['MCR_MUE_DMESupplierServices_Eff_04-01-2025.csv', { docId: 'mue:3', to: '2025-06-30' }],
  ])('%s', (name, expected) => expect(map(name)).toEqual(expect.objectContaining(expected)));

  it('declares a parser on every document and the AMA notice in its license', () => {
    for (const d of cmsNcciMue.docs) expect(d.parser?.('x')?.id).toBe('cms_ncci_mue/mue-csv');
    expect(cmsNcciMue.license.notice).toMatch(/American Medical Association/);
  });
});

describeWithSamples('NCCI MUE names against the real publisher samples', samplePath('cms_ncci_mue'), () => {
  it('MCR_MUE_PractitionerServices_Eff_07-01-2026.csv -> mue:1', () => {
    const name = 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv';
    const head = fs.readFileSync(path.join(samplePath('cms_ncci_mue'), name)).subarray(0, 64 * 1024);
    expect(map(name, head)).toMatchObject({ docId: 'mue:1', publisherVersion: expect.any(String) });
  });
});
