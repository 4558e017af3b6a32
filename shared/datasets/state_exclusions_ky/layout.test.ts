import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byName, expectSampleConforms, fixtureRows, sampleRows } from '../../../tests/helpers/state-lists';

const SOURCE = 'state_exclusions_ky';
const FILE = 'Kentucky.xlsx';

describe('KY DMS workbook layout on the fixtures', () => {
  it('note row and table markers skipped, credentials and notes out of last names', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(rows.map((r) => r.name)).toEqual([
      'Bluegrass Family Pharmacy LLC',
      'Christopher Whitfield, MD (Lexington Clinic)',
      'Paula Adkins',
    ]);
    expect(byName(rows, /Whitfield/)).toMatchObject({
      last_name: 'Whitfield',
      license_number: '47069',
      end_note: '5 years',
    });
    expect(byName(rows, /Whitfield/).other_names).toEqual(['Lexington Clinic']);
    expect(rows[0]!.locator.line).toBe(4);
  });
});

describeWithSamples('KY DMS workbook layout on the real list', samplePath('state_exclusions_ky'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 396));

  it('reads names the way the list prints them', async () => {
    const ky = await sampleRows(SOURCE, FILE);
    expect(ky.at(-1)).toMatchObject({ name: 'Sarah Zogg', last_name: 'Zogg', npis: ['1346907953'] });
  });
});
