import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { mapFile } from '../../sources/registry';
import { cmsDmeposFeeSchedule } from './source';

const map = (name: string, opts: { parents?: string[]; head?: string | Buffer } = {}) => {
  const head = typeof opts.head === 'string' ? Buffer.from(opts.head, 'latin1') : (opts.head ?? Buffer.alloc(0));
  const m = mapFile(cmsDmeposFeeSchedule, { name, parents: opts.parents ?? [], head });
  const r = m.reading;
  return {
    docId: m.docId,
    publisherVersion: r.publisherVersion,
    from: r.effectiveFrom,
    to: r.effectiveTo,
    method: r.method,
  };
};

describe('DMEPOS file names to documents and version labels', () => {
  it.each([
    [
      'DMEPOS_JAN.csv',
      { head: '"Durable Medical Equipment,",,\r\n(DMEPOS),,\r\nJanuary 2025 Fee Schedule,,,\r\n' },
      { docId: 'dmepos:1', publisherVersion: 'JAN 2025', from: '2025-01-01', to: '2025-03-31', method: 'content' },
    ],
    [
      'DMEPOS_APR.csv',
      { parents: ['dme26.zip'], head: 'HCPCS,Mod\r\n' },
      { docId: 'dmepos:1', publisherVersion: 'APR 2026', from: '2026-04-01', to: '2026-06-30' },
    ],
    ['DMEPOS_JAN.txt', {}, { docId: null }],
    ['DMEPEN_JAN.csv', { head: 'January 2025 Fee Schedule' }, { docId: 'dmepos:2' }],
    [
      'DME Rural ZIP Code Quarter 1, 2025.csv',
      {},
      { docId: 'dmepos:3', publisherVersion: 'Quarter 1, 2025', from: '2025-01-01', to: '2025-03-31' },
    ],
    [
      'Former CBA ZIP Code File - JAN 2025.csv',
      {},
      { docId: 'dmepos:6', publisherVersion: 'JAN 2025', method: 'file_name' },
    ],
  ])('%s', (name, opts, expected) => expect(map(name, opts)).toEqual(expect.objectContaining(expected)));

  it('reads the fee schedules and the rural ZIP file; the former-CBA files are archived only', () => {
    expect(cmsDmeposFeeSchedule.docs.map((d) => [d.docId, d.parser?.('x.csv')?.id ?? null])).toEqual([
      ['dmepos:1', 'cms_dmepos_fee_schedule/fee-csv'],
      ['dmepos:2', 'cms_dmepos_fee_schedule/fee-csv'],
      ['dmepos:3', 'cms_dmepos_fee_schedule/rural-zip-csv'],
      ['dmepos:4', null],
      ['dmepos:5', null],
      ['dmepos:6', null],
    ]);
  });
});

describeWithSamples('DMEPOS names against the real publisher samples', samplePath('cms_dmepos_fee_schedule'), () => {
  const head = (name: string) => fs.readFileSync(samplePath('cms_dmepos_fee_schedule', name)).subarray(0, 64 * 1024);

  it.each([
    ['DMEPOS_JAN.csv', 'dmepos:1'],
    ['DMEPEN_JAN.csv', 'dmepos:2'],
    ['DMEPEN_JAN.txt', null],
    ['DME Rural ZIP Code Quarter 1, 2025.csv', 'dmepos:3'],
  ])('%s -> %s', (name, docId) => {
    const m = map(name, { head: head(name) });
    expect(m.docId).toBe(docId);
    if (docId) expect(m.publisherVersion).not.toBeNull();
  });

  it('reads the DMEPOS year from the title lines inside the file', () => {
    expect(map('DMEPOS_JAN.csv', { head: head('DMEPOS_JAN.csv') })).toEqual({
      docId: 'dmepos:1',
      publisherVersion: 'JAN 2025',
      from: '2025-01-01',
      to: '2025-03-31',
      method: 'content',
    });
  });
});
