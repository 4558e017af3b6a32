import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValidNpi } from '../../../shared/codes/npi';
import { stateLayoutFor } from '../../../shared/state-exclusions/layouts';
import { describeWithSamples, SAMPLES_DIR } from '../../helpers/samples';
import { collect } from '../publishers/helpers';

/** The real state lists (../shared/data/publisher, PROVENANCE.md): record counts from the provenance notes. */
const SAMPLES: [string, string, number][] = [
  ['state_exclusions_ny', 'nyomig-0.txt', 300],
  ['state_exclusions_pa', 'Pennsylvania_exclusion_list.csv', 300],
  ['state_exclusions_pa', 'medicheck.txt', 299], // 300 records, one an empty spacer row
  ['state_exclusions_ca', 'California_Exclusion_List.csv', 300],
  ['state_exclusions_nj', 'NJ_Exclusion_List.csv', 300],
  ['state_exclusions_az', 'Arizona.xlsx', 708],
  ['state_exclusions_ky', 'Kentucky.xlsx', 396],
];

describeWithSamples('state layouts on the real publisher lists', SAMPLES_DIR, () => {
  it.each(SAMPLES)('%s %s: every record read, named, dated and with valid NPIs', async (source, file, count) => {
    const layout = stateLayoutFor(source, file)!;
    const rows = await collect(layout, fs.createReadStream(path.join(SAMPLES_DIR, source, file)), { fileName: file });
    expect(rows).toHaveLength(count);
    for (const r of rows) {
      expect(r.name.length).toBeGreaterThan(0);
      expect(r.list_state).toBe(layout.state);
      for (const n of r.npis) expect(isValidNpi(n)).toBe(true);
      for (const d of [r.start_date, r.end_date]) if (d) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (r.entity_type === 'individual') expect(r.last_name ?? r.first_name).toBeTruthy();
    }
    expect(rows.filter((r) => r.start_date).length).toBeGreaterThan(count * 0.9);
    expect(rows.filter((r) => r.npis.length).length).toBeGreaterThan(0);
  });

  it('reads names and dates the way each list prints them', async () => {
    const rows = async (s: string, f: string) =>
      collect(stateLayoutFor(s, f)!, fs.readFileSync(path.join(SAMPLES_DIR, s, f)), { fileName: f });
    const ny = await rows('state_exclusions_ny', 'nyomig-0.txt');
    expect(ny.find((r) => r.npis.includes('1275716979'))).toMatchObject({
      entity_type: 'organization',
      provider_type: 'Pharmacy',
    });
    const ca = await rows('state_exclusions_ca', 'California_Exclusion_List.csv');
    expect(ca[0]).toMatchObject({ name: '111 Pharmacy', npis: ['1821137118'], start_date: '2016-07-08' });
    const az = await rows('state_exclusions_az', 'Arizona.xlsx');
    expect(az[0]).toMatchObject({ npis: ['1609376698'], start_date: '2024-12-01', end_date: '2029-12-01' });
    expect(az.filter((r) => r.npi_text === 'SSN').every((r) => r.entity_type === 'individual')).toBe(true);
    const ky = await rows('state_exclusions_ky', 'Kentucky.xlsx');
    expect(ky.at(-1)).toMatchObject({ name: 'Sarah Zogg', last_name: 'Zogg', npis: ['1346907953'] });
  });
});
