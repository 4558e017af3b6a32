import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
  sampleRows,
} from '../../../tests/helpers/state-lists';

const SOURCE = 'state_exclusions_ca';
const FILE = 'California_Exclusion_List.csv';

describe('Medi-Cal S&I layout on the fixtures', () => {
  it('BOM, two-line header, a.k.a. names, NPIs among provider numbers, accented names', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    const sunset = byName(rows, /Sunset/);
    expect(sunset).toMatchObject({ entity_type: 'organization', state: 'CA', end_note: 'Indefinitely effective' });
    expect(sunset.other_names).toEqual(['Sunset Coast DME', 'Pacific Breathing Supply']);
    expect(sunset.npis).toEqual(['1962837468']);
    expect(sunset.locator.line).toBe(3); // the header spans lines 1-2
    expect(byName(rows, /Lindqvist/).npis).toEqual(['1245739028']);
    expect(byName(rows, /Vásquez/)).toMatchObject({
      last_name: 'Vásquez',
      first_name: 'Elena',
      start_date: '2019-02-09',
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, FILE));
});

describeWithSamples('Medi-Cal S&I layout on the real list', samplePath('state_exclusions_ca'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 300));

  it('reads names and dates the way the list prints them', async () => {
    const ca = await sampleRows(SOURCE, FILE);
    expect(ca[0]).toMatchObject({ name: '111 Pharmacy', npis: ['1821137118'], start_date: '2016-07-08' });
  });
});
