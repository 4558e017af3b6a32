import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 23, point 5, a second signal source: the Tennessee certificate-of-need project list
 * (tn_hfc_con, archived 2024-03-01 and 2024-04-01) beside the Chicago permit walks and the hospital
 * reference, archived through the real ingest path, loaded by syncCatalog into dynalite, read
 * through the app with the real SDK. The feed is installed from its own folder (feedDataset).
 */
const clock: Clock = { now: () => new Date('2024-04-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('construction signals from a CON feed beside a permit feed', () => {
  const world = catalogWorld(
    ['tn_hfc_con', 'chicago_building_permits', 'cms_hospital_general_information'],
    clock,
    90_000,
  );
  const get = world.get;
  const ids = (b: Json) => b.items.map((i: Json) => i.filing_id);
  const versions = (b: Json) => b.sources.map((s: Json) => [s.source_id, s.publisher_version]);
  const MARCH = 'as_of=2024-03-15';

  it('lists CON projects for their state, each matched to a hospital with its confidence, the merge shown', async () => {
    const { status, body } = await get(`/signals?state=TN&${MARCH}`);
    expect(status).toBe(200);
    // Newest decision first; a tie ends on the later record; the pending application (no date) last.
    expect(ids(body)).toEqual(['CN2401-005', 'CN2312-040', 'CN2311-034', 'CN2310-031', 'CN2401-002']);
    expect(body).toMatchObject({ total: 5, as_of: '2024-03-15', sort: 'recent' });
    expect(versions(body)).toEqual([
      ['chicago_building_permits', '2024-03-01'],
      ['tn_hfc_con', '2024-03-01'],
      ['cms_hospital_general_information', '2024-01-02'],
    ]);
    const [nursing, astc, mri, tower, pending] = body.items;
    expect(tower).toMatchObject({
      signal_id: 'tn_hfc_con:CN2310-031',
      source_id: 'tn_hfc_con',
      state: 'TN',
      city: 'MURFREESBORO',
      category: 'expansion',
      status: 'approved',
      value_usd: 62500000,
      approved_date: '2024-01-24',
      named_party: 'Harpeth Valley Medical Center',
      facility: { status: 'matched', ccn: '440900', confidence: 1, method: 'name_address' },
      source: { source_id: 'tn_hfc_con', publisher_version: '2024-03-01', locator: { line: 4, record: 1 } },
    });
    // The methodology joins the rule of each feed in force, stated in its own folder.
    expect(body.methodology_note).toMatch(/chicago_building_permits: City of Chicago building permits/);
    expect(body.methodology_note).toMatch(/tn_hfc_con: Tennessee certificate-of-need projects/);
    expect(tower.facility.reference).toMatchObject({ source_id: 'cms_hospital_general_information' });
    expect(tower.source_row['Project Number']).toBe('CN2310-031');
    expect(mri).toMatchObject({
      category: 'equipment',
      facility: { status: 'matched', ccn: '440901', name: 'SAINT AGNES HOSPITAL NASHVILLE', confidence: 0.886 },
    });
    expect(mri.facility.method).toBe('address');
    expect(astc.facility).toMatchObject({ status: 'unmatched', ccn: null, candidates: [] });
    expect(nursing.merged_from).toEqual([
      expect.objectContaining({ filing_id: 'CN2308-022', rule: 'repeated_filing', value_usd: 28000000 }),
    ]);
    expect(pending).toMatchObject({ status: 'pending', latest_date: null, facility: { ccn: '440901' } });
  });

  it('answers every state together, each feed filtered by state, city and category alike', async () => {
    const all = (await get(`/signals?${MARCH}`)).body;
    expect(all.total).toBe(11);
    expect(new Set(all.items.map((i: Json) => i.state))).toEqual(new Set(['IL', 'TN']));
    expect(ids((await get(`/signals?${MARCH}&state=IL`)).body)).not.toContain('CN2310-031');
    expect(ids((await get(`/signals?${MARCH}&city=nashville`)).body)).toEqual(['CN2311-034', 'CN2401-002']);
    expect(ids((await get(`/signals?${MARCH}&category=new_construction`)).body)).toEqual(['CN2401-005', 'CN2312-040']);
    expect(ids((await get(`/signals?${MARCH}&sort=value&min_value=20000000`)).body)).toEqual([
      '100900001',
      'CN2310-031',
      'CN2401-005',
    ]);
  });

  it('rolls up both feeds by state and category', async () => {
    const { status, body } = await get(`/signals/summary?${MARCH}`);
    expect(status).toBe(200);
    expect(body.groups.filter((g: Json) => g.state === 'TN')).toEqual([
      { state: 'TN', category: 'equipment', signals: 1, value_usd: 3850000, median_value_usd: 3850000 },
      { state: 'TN', category: 'expansion', signals: 1, value_usd: 62500000, median_value_usd: 62500000 },
      { state: 'TN', category: 'new_construction', signals: 2, value_usd: 35200000, median_value_usd: 17600000 },
      { state: 'TN', category: 'renovation', signals: 1, value_usd: 9100000, median_value_usd: 9100000 },
    ]);
    expect(body.states).toEqual([
      { state: 'IL', signals: 6, value_usd: 89798000 },
      { state: 'TN', signals: 5, value_usd: 110650000 },
    ]);
    expect(versions(body)).toEqual([
      ['chicago_building_permits', '2024-03-01'],
      ['tn_hfc_con', '2024-03-01'],
    ]);
  });

  it('switches each feed to its next version on the day it was archived', async () => {
    const before = (await get('/signals?state=TN&as_of=2024-03-31')).body;
    const after = (await get('/signals?state=TN&as_of=2024-04-01')).body;
    expect(versions(before)).toContainEqual(['tn_hfc_con', '2024-03-01']);
    expect(versions(after)).toEqual([
      ['chicago_building_permits', '2024-04-01'],
      ['tn_hfc_con', '2024-04-01'],
      ['cms_hospital_general_information', '2024-01-02'],
    ]);
    expect(before.total).toBe(5);
    expect(after.total).toBe(6);
    expect(ids(after)).toEqual(['CN2310-031', 'CN2401-002', 'CN2401-005', 'CN2312-040', 'CN2311-034', 'CN2403-011']);
    const tower = after.items[0];
    expect(tower).toMatchObject({ status: 'approved, modified', value_usd: 68900000, approved_date: '2024-03-27' });
    expect(tower.merged_from).toEqual([
      expect.objectContaining({ filing_id: 'CN2310-031', rule: 'same_permit_number', value_usd: 62500000 }),
    ]);
    expect(after.items[1]).toMatchObject({ status: 'approved', approved_date: '2024-03-27' });
    const summary = (await get('/signals/summary?as_of=2024-04-01&state=TN')).body;
    expect(summary.states).toEqual([{ state: 'TN', signals: 6, value_usd: 120000000 }]);
  });
});
