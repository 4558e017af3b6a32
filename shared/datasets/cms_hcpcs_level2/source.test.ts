import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { mapFile } from '../../sources/registry';
import { cmsHcpcsLevel2 } from './source';

const map = (name: string, head = Buffer.alloc(0)) => {
  const m = mapFile(cmsHcpcsLevel2, { name, parents: [], head });
  const r = m.reading;
  return {
    docId: m.docId,
    publisherVersion: r.publisherVersion,
    from: r.effectiveFrom,
    to: r.effectiveTo,
    method: r.method,
  };
};

describe('HCPCS file names to documents and version labels', () => {
  it.each([
    ['HCPC2019_CONTR_ANWEB.txt', { docId: 'hcpcs:1', publisherVersion: '2019', from: '2019-01-01', to: null }],
    ['HCPC2018_CONTR_ANWEB_disc.txt', { docId: 'hcpcs:1', publisherVersion: '2018' }],
    ['HCPC2024_APR_ANWEB_v2.txt', { docId: 'hcpcs:1', publisherVersion: '2024 APR v2', from: '2024-04-01' }],
    ['HCPC2019_README.txt', { docId: null, method: 'none' }],
    ['HCPC2019_CONTR_ANWEB.xlsx', { docId: 'hcpcs:1', publisherVersion: '2019' }],
    ['HCPC2019_Trans_Alpha.xlsx', { docId: null }],
  ])('%s', (name, expected) => expect(map(name)).toEqual(expect.objectContaining(expected)));
});

describeWithSamples('HCPCS names against the real publisher samples', samplePath('cms_hcpcs_level2'), () => {
  it.each([
    ['HCPC2019_CONTR_ANWEB.txt', 'hcpcs:1'],
    ['HCPC2018_CONTR_ANWEB_disc.txt', 'hcpcs:1'],
    ['HCPC2019_README.txt', null],
    ['HCPCS2019_recordlayout.txt', null],
  ])('%s -> %s', (name, docId) => {
    const head = fs.readFileSync(samplePath('cms_hcpcs_level2', name)).subarray(0, 64 * 1024);
    const m = map(name, head);
    expect(m.docId).toBe(docId);
    if (docId) expect(m.publisherVersion).not.toBeNull();
  });
});
