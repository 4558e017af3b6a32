import * as fs from 'node:fs';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { mapFile, parserFor } from '../../sources/registry';
import { source } from './source';

const map = (name: string, head = Buffer.alloc(0)) => {
  const m = mapFile(source, { name, parents: [], head });
  return { docId: m.docId, publisherVersion: m.reading.publisherVersion, from: m.reading.effectiveFrom };
};

describe('LEIE file names to documents and version labels', () => {
  it.each([
    ['UPDATED.csv', { docId: 'leie:1', publisherVersion: null, from: null }],
    ['2607EXCL.csv', { docId: 'leie:2', publisherVersion: '2026-07', from: null }],
    ['2607REIN.csv', { docId: 'leie:3', publisherVersion: '2026-07', from: null }],
    ['2613EXCL.csv', { docId: 'leie:2', publisherVersion: null, from: null }],
    ['lcd.csv', { docId: null, publisherVersion: null, from: null }],
  ])('%s', (name, expected) => expect(map(name)).toEqual(expected));

  it('reads every document with the one LEIE layout', () => {
    for (const name of ['UPDATED.csv', '2607EXCL.csv', '2607REIN.csv'])
      expect(parserFor('oig_leie', name)?.id).toBe('oig_leie/leie-csv');
  });
});

describeWithSamples('LEIE declaration against the real sample', samplePath('oig_leie'), () => {
  it('maps the real UPDATED.csv to the full list', () => {
    const head = fs.readFileSync(samplePath('oig_leie', 'UPDATED.csv')).subarray(0, 64 * 1024);
    expect(map('UPDATED.csv', head).docId).toBe('leie:1');
  });
});
