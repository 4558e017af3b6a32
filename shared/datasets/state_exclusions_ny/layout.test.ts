import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import {
  byName,
  declaredLayout,
  expectSampleConforms,
  expectStreamsAndReplays,
  fixtureRows,
  sampleRows,
} from '../../../tests/helpers/state-lists';
import { collect } from '../../../tests/unit/publishers/helpers';

const SOURCE = 'state_exclusions_ny';

describe('NY OMIG layout on the fixtures', () => {
  it('tab-delimited, one LAST FIRST name field padded before the credential', async () => {
    const { rows } = await fixtureRows(SOURCE, '2025-01/nyomig-0.txt');
    expect(rows).toHaveLength(4);
    const a = byName(rows, /ALDERMAN/);
    expect(a).toMatchObject({
      entity_type: 'individual',
      last_name: 'ALDERMAN',
      first_name: 'JOSEPH',
      middle_name: 'R',
    });
    expect(a).toMatchObject({
      npis: ['1847362914'],
      start_date: '2023-10-02',
      list_state: 'NY',
      provider_type: 'Physician',
    });
    expect(byName(rows, /HARBORVIEW/)).toMatchObject({
      entity_type: 'organization',
      provider_type: 'Pharmacy',
      npis: [],
    });
  });

  it('streams: tiny chunks give the same rows, and every row replays from its locator', () =>
    expectStreamsAndReplays(SOURCE, '2025-04/nyomig-0.txt'));

  it('a file that is not the layout fails naming the problem, never as empty rows', async () => {
    const bad =
      'PROVIDER_NAME\tLICENSE_NUMBER\tNPI_Number\tPROVIDER_TYPE\tSANCTION_DATE\tACTION_TYPE\nSMITH JOHN\t1\t\tRN\t31/31/2020\tx\n';
    await expect(collect(declaredLayout(SOURCE, 'x.txt'), Buffer.from(bad))).rejects.toThrow(/line 2: unreadable date/);
  });
});

describeWithSamples('NY OMIG layout on the real list', samplePath('state_exclusions_ny'), () => {
  it('reads every record, named, dated and with valid NPIs', () => expectSampleConforms(SOURCE, 'nyomig-0.txt', 300));

  it('reads names and types the way the list prints them', async () => {
    const ny = await sampleRows(SOURCE, 'nyomig-0.txt');
    expect(ny.find((r) => r.npis.includes('1275716979'))).toMatchObject({
      entity_type: 'organization',
      provider_type: 'Pharmacy',
    });
  });
});
