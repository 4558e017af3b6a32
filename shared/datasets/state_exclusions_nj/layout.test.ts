import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  declaredLayout,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
} from '../../../tests/helpers/state-lists';
import { collect } from '../../../tests/unit/publishers/helpers';
import { parserFor } from '../../sources/registry';

const SOURCE = 'state_exclusions_nj';
const FILE = 'NJ_Exclusion_List.csv';

describe('NJ Medicaid exclusion layout on the fixtures', () => {
  it('"LAST, FIRST M." names, expiration dates and notes', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(byName(rows, /BRANNIGAN/)).toMatchObject({ state: 'OH', end_date: '2025-03-31', npis: [] });
    expect(byName(rows, /OYELARAN/)).toMatchObject({
      first_name: 'TEMITOPE',
      middle_name: 'A.',
      end_note: 'PERMANENT',
    });
    expect(byName(rows, /GARDEN/)).toMatchObject({ entity_type: 'organization', zip: '07102' });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));

  it('reads no layout for the Treasury debarment report (its document is archived, not loaded)', () => {
    expect(parserFor(SOURCE, 'Debarment.txt')).toBeUndefined();
  });

  it('a file that is not the layout fails naming the problem, never as empty rows', async () => {
    await expect(collect(declaredLayout(SOURCE, 'x.csv'), Buffer.from('Name,City\nA,B\n'))).rejects.toThrow(
      /missing column "Provider Name"/,
    );
  });
});

describeWithSamples('NJ Medicaid exclusion layout on the real list', samplePath('state_exclusions_nj'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 300));
});
