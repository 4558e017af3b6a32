import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 23, HRRP: the hospital file and the supplemental file fixtures (FY 2024 in force
 * 2023-10-01..2024-09-30, FY 2025 from 2024-10-01) archived through the real ingest path, loaded by
 * syncCatalog into dynalite, read through the app with the real SDK.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('HRRP endpoints', () => {
  const world = catalogWorld(['cms_hrrp', 'cms_hrrp_supplemental'], clock, 90_000);
  const get = world.get;

  it('lists hospitals with their penalty, joined by CCN, in CCN order by default, naming the versions', async () => {
    const { status, body } = await get('/vbc/hrrp?as_of=2024-03-01');
    expect(status).toBe(200);
    expect(body.items.map((i: Json) => [i.ccn, i.state, i.payment_reduction_pct, i.penalized])).toEqual([
      ['010099', 'AL', 1.37, true],
      ['010123', 'AL', 0, false],
      ['050777', 'CA', 3, true],
      ['450999', null, 0.09, true],
    ]);
    expect(body.total).toBe(4);
    expect(body.items[0].facility_name).toBe('PINE HOLLOW REGIONAL MEDICAL CENTER');
    expect(body.items[0].sources.supplemental).toMatchObject({
      source_id: 'cms_hrrp_supplemental',
      locator: { line: 3 },
    });
    expect(body.sources.map((s: Json) => [s.source_id, s.publisher_version])).toEqual([
      ['cms_hrrp', 'FY 2024'],
      ['cms_hrrp_supplemental', 'FY 2024'],
    ]);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.gaps).toEqual([]);
    expect(body.methodology_note).toMatch(/Too Few to Report/);
  });

  it('filters by state and penalty, sorts by payment_reduction_pct and pages by offset', async () => {
    const al = await get('/vbc/hrrp?as_of=2024-03-01&state=al');
    expect(al.body.items.map((i: Json) => i.ccn)).toEqual(['010099', '010123']);
    const pen = await get('/vbc/hrrp?as_of=2024-03-01&penalized=true&sort=payment_reduction_pct');
    expect(pen.body.items.map((i: Json) => i.ccn)).toEqual(['050777', '010099', '450999']);
    expect(pen.body.order).toBe('desc');
    const asc = await get('/vbc/hrrp?as_of=2024-03-01&sort=payment_reduction_pct&order=asc&limit=2&offset=1');
    expect(asc.body.items.map((i: Json) => i.ccn)).toEqual(['450999', '010099']);
    expect(asc.body).toMatchObject({ total: 4, next_offset: 3 });
    const min = await get('/vbc/hrrp?as_of=2024-03-01&payment_reduction_pct_min=1&state=CA');
    expect(min.body.items.map((i: Json) => i.ccn)).toEqual(['050777']);
    const none = await get('/vbc/hrrp?as_of=2024-03-01&penalized=false&state=CA');
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('answers one hospital with the supplemental inputs and its published row', async () => {
    const { status, body } = await get('/vbc/hrrp/050777?as_of=2024-03-01');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ccn: '050777',
      facility_name: 'MARINA VISTA MEDICAL CENTER',
      payment_adjustment_factor: 0.97,
      payment_reduction_pct: 3,
      dual_proportion_pct: 12.04,
      peer_group: 2,
    });
    expect(body.conditions_penalized).toEqual(['AMI', 'COPD', 'HF', 'PN', 'CABG', 'THA_TKA']);
    expect(body.source_row.supplemental['Payment reduction percentage']).toBe('3.00%');
    // Five digits: the leading zero a spreadsheet dropped comes back.
    expect((await get('/vbc/hrrp/10099?as_of=2024-03-01')).body.ccn).toBe('010099');
  });

  it('gives per-condition measures with Too Few to Report and N/A as explicit values', async () => {
    const { status, body } = await get('/vbc/hrrp/010099/measures?as_of=2024-03-01');
    expect(status).toBe(200);
    expect(body.measures).toHaveLength(6);
    const knee = body.measures.find((m: Json) => m.condition === 'THA_TKA');
    expect(knee.number_of_readmissions).toEqual({
      value: null,
      status: 'too_few_to_report',
      published: 'Too Few to Report',
    });
    expect(knee.number_of_discharges).toEqual({ value: null, status: 'not_available', published: 'N/A' });
    expect(knee.predicted_readmission_rate_pct.value).toBe(3.9902);
    expect(knee.payment).toMatchObject({ condition: 'THA_TKA', penalty_indicator: false });
    expect(knee.source).toMatchObject({ source_id: 'cms_hrrp', publisher_version: 'FY 2024' });
    expect(knee.source_row['Measure Name']).toBe('READM-30-HIP-KNEE-HRRP');
  });

  it('switches fiscal year on 1 October', async () => {
    const before = await get('/vbc/hrrp/010099?as_of=2024-09-30');
    const after = await get('/vbc/hrrp/010099?as_of=2024-10-01');
    expect(before.body.payment_reduction_pct).toBe(1.37);
    expect(after.body.payment_reduction_pct).toBe(0.1);
    expect(after.body.sources.map((s: Json) => s.publisher_version)).toEqual(['FY 2025', 'FY 2025']);
    const m = await get('/vbc/hrrp/050777/measures?as_of=2024-10-01');
    expect(m.body.measures.find((x: Json) => x.condition === 'AMI').excess_readmission_ratio.value).toBe(0.981);
    // 450999 is only in the FY 2024 supplemental file.
    expect((await get('/vbc/hrrp/450999?as_of=2024-10-01')).status).toBe(404);
    // Without as_of: today (2025-06-15) is FY 2025.
    expect((await get('/vbc/hrrp')).body.total).toBe(3);
  });

  it('answers 400 naming the parameter, 404 for an unknown CCN, 503 naming the sources before any version', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad('/vbc/hrrp/12AB?as_of=2024-03-01', 'ccn');
    await bad('/vbc/hrrp/0100999/measures', 'ccn');
    await bad('/vbc/hrrp?state=ZZ', 'state');
    await bad('/vbc/hrrp?penalized=yes', 'penalized');
    await bad('/vbc/hrrp?sort=name', 'sort');
    await bad('/vbc/hrrp?limit=0', 'limit');
    await bad('/vbc/hrrp?as_of=2024-02-30', 'as_of');
    await bad('/vbc/hrrp?payment_reduction_pct_min=-1', 'payment_reduction_pct_min');
    await bad('/vbc/hrrp?colour=red', 'colour');
    const unknown = await get('/vbc/hrrp/019999?as_of=2024-03-01');
    expect(unknown.status).toBe(404);
    const early = await get('/vbc/hrrp?as_of=2023-09-30');
    expect(early.status).toBe(503);
    expect(early.body.detail).toMatch(/cms_hrrp and cms_hrrp_supplemental/);
    expect((await get('/vbc/hrrp/010099/measures?as_of=2023-09-30')).body.detail).toMatch(/cms_hrrp/);
  });
});
