import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 23, point 5, second feed: two exports of HCAI's "Projects by County" report (as of
 * 2024-03-04 and 2024-04-15) beside the Chicago permit walks (2024-03-01, 2024-04-01) and the
 * Hospital General Information reference (2024-01-02), archived through the real ingest path,
 * loaded by syncCatalog into dynalite and read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2024-04-20T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const FEEDS = ['ca_hcai_construction_projects', 'chicago_building_permits', 'cms_hospital_general_information'];

describe('construction signals from California HCAI beside Chicago', () => {
  const world = catalogWorld(FEEDS, clock, 120_000);
  const get = world.get;
  const ids = (b: Json) => b.items.map((i: Json) => i.filing_id);
  const versions = (b: Json) =>
    b.sources
      .map((s: Json) => `${s.source_id} ${s.publisher_version}`)
      .sort((a: string, b: string) => (a < b ? -1 : 1));
  const MARCH = 'as_of=2024-03-15';

  it('lists the California projects newest first, each matched to a hospital by name and address', async () => {
    const { status, body } = await get(`/signals?${MARCH}&state=CA`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual([
      'S240212-37-01',
      'S240205-37-00',
      'S240122-37-00',
      'S240108-37-00',
      'S231201-37-00',
      'S231120-37-00',
      'S231012-37-00',
      'S230915-19-00',
      'S230605-37-00',
    ]);
    expect(body).toMatchObject({ total: 9, as_of: '2024-03-15', sort: 'recent' });
    expect(versions(body)).toEqual([
      'ca_hcai_construction_projects 2024-03-04',
      'chicago_building_permits 2024-03-01',
      'cms_hospital_general_information 2024-01-02',
    ]);
    const by = (id: string) => body.items.find((i: Json) => i.filing_id === id);
    const tower = by('S231012-37-00');
    expect(tower).toMatchObject({
      signal_id: 'ca_hcai_construction_projects:S231012-37-00',
      source_id: 'ca_hcai_construction_projects',
      state: 'CA',
      city: 'SAN DIEGO',
      zip: '92101',
      named_party: 'MARINA VISTA MEDICAL CENTER',
      category: 'expansion',
      value_usd: 142500000,
      filed_date: '2023-10-12',
      status: 'Active - Plan Review',
      facility: { status: 'matched', ccn: '050777', confidence: 1, method: 'name_address' },
      source: { source_id: 'ca_hcai_construction_projects', locator: { record: 3 } },
    });
    expect(tower.facility.reference).toMatchObject({ source_id: 'cms_hospital_general_information' });
    expect(tower.source_row.Textbox140).toMatch(/^10001 - MARINA VISTA MEDICAL CENTER\r?\n1500 Harbor View Boulevard/);
    expect(by('S240205-37-00').facility).toMatchObject({
      status: 'matched',
      ccn: '050777',
      confidence: 0.88,
      method: 'address',
    });
    expect(by('S231201-37-00').facility).toMatchObject({ status: 'matched', confidence: 0.85, method: 'name_city' });
    expect(by('S240108-37-00').facility).toMatchObject({ status: 'unmatched', ccn: null, candidates: [] });
    expect(by('S230915-19-00')).toMatchObject({ value_usd: null, facility: { status: 'unmatched' } });
    expect(by('S231120-37-00').merged_from).toEqual([
      expect.objectContaining({ filing_id: 'S230501-37-00', rule: 'repeated_filing', value_usd: 410000 }),
    ]);
  });

  it('answers HCAI rows beside Chicago rows: whole list, filters, order by value', async () => {
    const all = (await get(`/signals?${MARCH}&limit=50`)).body;
    expect(all.total).toBe(15);
    expect(new Set(all.items.map((i: Json) => i.state))).toEqual(new Set(['CA', 'IL']));
    expect(ids((await get(`/signals?${MARCH}&sort=value&limit=2`)).body)).toEqual(['S231012-37-00', '100900001']);
    expect(ids((await get(`/signals?${MARCH}&state=CA&category=equipment`)).body)).toEqual([
      'S240122-37-00',
      'S240108-37-00',
      'S231120-37-00',
    ]);
    expect(ids((await get(`/signals?${MARCH}&city=Northridge`)).body)).toEqual(['S230915-19-00']);
    expect(ids((await get(`/signals?${MARCH}&state=CA&min_value=5000000&sort=value`)).body)).toEqual([
      'S231012-37-00',
      'S230605-37-00',
    ]);
  });

  it('rolls up by state and category with both feeds, naming both feeds’ versions', async () => {
    const { status, body } = await get(`/signals/summary?${MARCH}`);
    expect(status).toBe(200);
    expect(body.groups.filter((g: Json) => g.state === 'CA')).toEqual([
      { state: 'CA', category: 'demolition', signals: 1, value_usd: null, median_value_usd: null },
      { state: 'CA', category: 'equipment', signals: 3, value_usd: 5360000, median_value_usd: 1100000 },
      { state: 'CA', category: 'expansion', signals: 2, value_usd: 144900000, median_value_usd: 72450000 },
      { state: 'CA', category: 'renovation', signals: 3, value_usd: 11130000, median_value_usd: 1250000 },
    ]);
    expect(body.states).toEqual([
      { state: 'CA', signals: 9, value_usd: 161390000 },
      { state: 'IL', signals: 6, value_usd: 89798000 },
    ]);
    expect(versions(body)).toEqual(['ca_hcai_construction_projects 2024-03-04', 'chicago_building_permits 2024-03-01']);
    expect((await get(`/signals/summary?${MARCH}&state=CA&category=expansion`)).body.groups).toHaveLength(1);
  });

  it('switches to the next HCAI export on its report date, each feed on its own day', async () => {
    const before = (await get('/signals?as_of=2024-04-14&state=CA')).body;
    const after = (await get('/signals?as_of=2024-04-15&state=CA')).body;
    expect(versions(before)).toEqual([
      'ca_hcai_construction_projects 2024-03-04',
      'chicago_building_permits 2024-04-01',
      'cms_hospital_general_information 2024-01-02',
    ]);
    expect(versions(after)).toEqual([
      'ca_hcai_construction_projects 2024-04-15',
      'chicago_building_permits 2024-04-01',
      'cms_hospital_general_information 2024-01-02',
    ]);
    expect(before.total).toBe(9);
    expect(after.total).toBe(11);
    const mri = (b: Json) => b.items.find((i: Json) => i.filing_id === 'S240122-37-00');
    expect(mri(before)).toMatchObject({ value_usd: 3850000, status: 'Pending Construction Start' });
    expect(mri(after)).toMatchObject({ value_usd: 4100000, status: 'Field Operations in Progress' });
    expect(ids(after).slice(0, 2)).toEqual(['S240402-37-00', 'S240318-19-00']);
    const chiller = after.items[1];
    expect(chiller.merged_from).toEqual([
      expect.objectContaining({ filing_id: 'S240318-19-00', rule: 'same_permit_number' }),
    ]);
    expect(after.items[0]).toMatchObject({ category: 'new_construction', facility: { status: 'unmatched' } });
    const summary = (await get('/signals/summary?as_of=2024-04-15&state=CA')).body;
    expect(summary.states).toEqual([{ state: 'CA', signals: 11, value_usd: 182390000 }]);
    // Before either feed's first version: 503 naming both.
    const early = await get('/signals?as_of=2024-02-29');
    expect(early.status).toBe(503);
    expect(early.body.detail).toMatch(/ca_hcai_construction_projects, chicago_building_permits/);
  });
});
