import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byName, expectSampleConforms, expectStreamsAndReplays, fixtureRows } from '../../../tests/helpers/state-lists';

const SOURCE = 'state_exclusions_pa';

describe('PA Medicheck layout on the fixtures', () => {
  it('NAM_* name columns, out-of-state CAO, an end date, a junk NPI kept as text', async () => {
    const { rows } = await fixtureRows(SOURCE, 'Pennsylvania_exclusion_list.csv');
    expect(byName(rows, /Castellano/)).toMatchObject({
      first_name: 'Diane',
      npis: ['1372640197'],
      state: 'PA',
      start_date: '2025-01-20',
    });
    expect(byName(rows, /Okafor/)).toMatchObject({ start_date: '2020-03-01', end_date: '2023-03-01' });
    expect(byName(rows, /Keystone/)).toMatchObject({ entity_type: 'organization', state: 'NJ', action: 'Terminated' });
    expect(byName(rows, /Pruitt/)).toMatchObject({ npis: [], npi_text: '123' });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, 'Pennsylvania_exclusion_list.csv'));
});

describeWithSamples('PA Medicheck layout on the real lists', samplePath('state_exclusions_pa'), () => {
  it.each([
    ['Pennsylvania_exclusion_list.csv', 300],
    ['medicheck.txt', 299], // 300 records, one an empty spacer row
  ])('%s: every record read, named, dated and with valid NPIs', (file, count) =>
    expectSampleConforms(SOURCE, file, count),
  );
});
