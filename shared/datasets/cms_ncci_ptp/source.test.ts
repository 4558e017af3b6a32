import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { mapFile } from '../../sources/registry';
import { settingOfFile } from './setting';
import { cmsNcciPtp } from './source';

const map = (name: string, head = Buffer.alloc(0)) => {
  const m = mapFile(cmsNcciPtp, { name, parents: [], head });
  const r = m.reading;
  return {
    docId: m.docId,
    publisherVersion: r.publisherVersion,
    from: r.effectiveFrom,
    to: r.effectiveTo,
    method: r.method,
  };
};

describe('NCCI PTP file names to documents and version labels', () => {
  it.each([
    ['ccipra-v322r0-f1.TXT', { docId: 'ptp:1', publisherVersion: 'v32.2r0', from: '2026-07-01', to: '2026-09-30' }],
    ['ccipra-v300r1-f4.txt', { docId: 'ptp:4', publisherVersion: 'v30.0r1', from: '2024-01-01' }],
    ['ccioph-v322r0-f2.TXT', { docId: 'ptp:12', from: '2026-07-01' }],
    ['medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip', { docId: null }],
  ])('%s', (name, expected) => expect(map(name)).toEqual(expect.objectContaining(expected)));

  it('reads every part with the PTP layout, each record carrying its table setting', () => {
    expect(cmsNcciPtp.docs).toHaveLength(8);
    for (const d of cmsNcciPtp.docs) expect(d.parser?.('x')?.id).toBe('cms_ncci_ptp/ptp-txt');
    expect(
      ['ccipra-v311r0-f1.TXT', 'ccioph-v311r0-f1.TXT', 'ccihos-v311r0-f1.TXT', 'x.TXT'].map(settingOfFile),
    ).toEqual(['practitioner', 'hospital', 'hospital', null]);
  });

  it('declares the AMA license gate and notice', () => {
    const listing = cmsNcciPtp.urls[0]!;
    expect(listing.kind === 'listing' && listing.gate).toMatchObject({ path: '/license/ama', param: 'file' });
    expect(cmsNcciPtp.license.notice).toMatch(/American Medical Association/);
  });
});

describeWithSamples('NCCI PTP names against the real publisher samples', samplePath('cms_ncci_ptp'), () => {
  it('ccipra-v322r0-f1.TXT -> ptp:1', () => {
    const head = fs.readFileSync(samplePath('cms_ncci_ptp', 'ccipra-v322r0-f1.TXT')).subarray(0, 64 * 1024);
    expect(map('ccipra-v322r0-f1.TXT', head)).toMatchObject({ docId: 'ptp:1', publisherVersion: expect.any(String) });
  });
});
