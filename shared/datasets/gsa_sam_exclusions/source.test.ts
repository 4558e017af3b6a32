import { mapFile, parserFor } from '../../sources/registry';
import { julianDate, source } from './source';

const map = (name: string, parents: string[] = []) => {
  const m = mapFile(source, { name, parents, head: Buffer.alloc(0) });
  return { docId: m.docId, version: m.reading.publisherVersion, from: m.reading.effectiveFrom };
};

describe('SAM.gov extract names to documents and dates', () => {
  it.each([
    ['SAM_Exclusions_Public_Extract_V2_25182.CSV', [], { docId: 'sam:1', version: '2025-07-01', from: '2025-07-01' }],
    ['SAM_Exclusions_Public_Extract_V2_24060.csv', [], { docId: 'sam:1', version: '2024-02-29', from: '2024-02-29' }],
    ['SAM_Exclusions_Public_Extract_22090.CSV', [], { docId: 'sam:1', version: '2022-03-31', from: '2022-03-31' }],
    // Inside its zip, the member is read by its own name (the zip carries the same date).
    [
      'SAM_Exclusions_Public_Extract_V2_25001.CSV',
      ['SAM_Exclusions_Public_Extract_V2_25001.ZIP'],
      { docId: 'sam:1', version: '2025-01-01', from: '2025-01-01' },
    ],
    ['SAM_Exclusions_Public_Extract_V2_25366.CSV', [], { docId: 'sam:1', version: null, from: null }],
    ['SAM_Entity_Extract_V2_25182.CSV', [], { docId: null, version: null, from: null }],
  ])('%s', (name, parents, expected) => expect(map(name, parents)).toEqual(expected));

  it('reads Julian dates with leap years', () => {
    expect(julianDate('24', '366')).toBe('2024-12-31');
    expect(julianDate('25', '366')).toBeUndefined();
    expect(julianDate('25', '000')).toBeUndefined();
  });

  it('reads the extract with the SAM layout; a daily cadence', () => {
    expect(parserFor('gsa_sam_exclusions', 'SAM_Exclusions_Public_Extract_V2_25182.CSV')?.id).toBe(
      'gsa_sam_exclusions/public-extract-csv',
    );
    expect(source.cadence).toEqual({ cadence: 'daily' });
  });
});
