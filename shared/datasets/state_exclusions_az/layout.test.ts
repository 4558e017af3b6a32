import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byName, expectSampleConforms, fixtureRows, sampleRows } from '../../../tests/helpers/state-lists';

const SOURCE = 'state_exclusions_az';
const FILE = 'Arizona.xlsx';

describe('AHCCCS workbook layout on the fixtures', () => {
  it('serial dates, Permanent, SSN-enrolled people, two NPIs in one cell', async () => {
    const { rows } = await fixtureRows(SOURCE, FILE);
    expect(byName(rows, /Fenwick/)).toMatchObject({
      entity_type: 'unknown',
      start_date: '2025-03-01',
      end_date: '2030-03-01',
    });
    expect(byName(rows, /Quezada/)).toMatchObject({
      entity_type: 'individual',
      last_name: 'Quezada',
      npi_text: 'SSN',
      end_note: 'Permanent',
    });
    expect(byName(rows, /Canyon/).npis).toEqual(['1912345679', '1801234562']);
    expect(byName(rows, /Desert/).locator).toEqual({ line: 2, record: 1 });
  });
});

describeWithSamples('AHCCCS workbook layout on the real list', samplePath('state_exclusions_az'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, FILE, 708));

  it('reads dates and SSN markers the way the list prints them', async () => {
    const az = await sampleRows(SOURCE, FILE);
    expect(az[0]).toMatchObject({ npis: ['1609376698'], start_date: '2024-12-01', end_date: '2029-12-01' });
    expect(az.filter((r) => r.npi_text === 'SSN').every((r) => r.entity_type === 'individual')).toBe(true);
  });
});
