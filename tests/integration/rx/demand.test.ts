import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 6: two Part D prescriber-by-drug releases (data years 2021 and 2022), the NPPES
 * registry fixtures and a HUD ZIP crosswalk quarter archived through the real ingest path and
 * loaded by syncCatalog into dynalite (registry and crosswalk first, then the Part D files placed
 * and rolled up at load), read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-03-01T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const pick = (r: Json) => [r.state, r.county_fips, r.brand_name, r.prescribers, r.tot_clms];

describe('/rx/demand', () => {
  const world = catalogWorld(['cms_partd_prescribers', 'nppes', 'hud_usps_zip_crosswalk'], clock, 120_000);
  const get = world.get;

  it('gives county rows per drug, ordered by claims, prescribers placed through the registry ZIP and the crosswalk', async () => {
    const { status, body } = await get('/rx/demand?generic=atorvastatin%20calcium&as_of=2025-03-01');
    expect(status).toBe(200);
    expect(body.items.map(pick)).toEqual([
      ['NY', '36001', 'ATORVASTATIN CALCIUM', 2, 145],
      ['MA', '25025', 'ATORVASTATIN CALCIUM', 1, 60],
      // ZIP 17043 (the registry's newer address) is split; the business majority decides: 42043.
      ['PA', '42043', 'ATORVASTATIN CALCIUM', 1, 45],
      // Not in the registry: kept, unplaced.
      ['IL', null, 'ATORVASTATIN CALCIUM', 1, 30],
      ['NY', '36001', 'LIPITOR', 1, 14],
    ]);
    expect(body).toMatchObject({
      level: 'county',
      data_years: [2022],
      as_of: '2025-03-01',
      gaps: [],
      next_cursor: null,
    });
    expect(body.items[0]).toMatchObject({ data_year: 2022, tot_drug_cst: 2232.97, tot_30day_fills: 177.5 });
    expect(body.placement.versions.map((v: Json) => v.source_id)).toEqual([
      'hud_usps_zip_crosswalk',
      'hud_usps_zip_crosswalk',
      'nppes',
      'nppes',
      'nppes',
    ]);
    expect(body.methodology_note).toMatch(/never a partial sum/);
    expect(body.sources).toEqual([
      expect.objectContaining({
        source_id: 'cms_partd_prescribers',
        publisher_version: 'DY2022 RY2024',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });

  it('keeps suppression: a sum is null when any row it adds was suppressed, never a partial sum', async () => {
    const { body } = await get(
      '/rx/demand?county_fips=36001&generic=ATORVASTATIN%20CALCIUM&brand=ATORVASTATIN%20CALCIUM',
    );
    expect(body.items).toHaveLength(1);
    // 40 published + one blank (1 to 10): the sum would give 41..50 and, beside the prescriber's
    // own 40, reveal the blank cell by subtraction. It is withheld whole.
    expect(body.items[0]).toMatchObject({
      tot_clms: 145,
      tot_benes: null,
      tot_benes_suppressed: true,
      ge65_tot_clms: null,
      ge65_suppressed: true,
      ge65_tot_benes: null,
      ge65_benes_suppressed: true,
    });
    const boston = await get('/rx/demand?county_fips=25025');
    // `#` (counter-suppressed) 65+ claims stay withheld; the published 65+ beneficiaries are given.
    expect(boston.body.items[0]).toMatchObject({
      tot_benes: 22,
      tot_benes_suppressed: false,
      ge65_tot_clms: null,
      ge65_suppressed: true,
      ge65_tot_benes: 15,
      ge65_benes_suppressed: false,
    });
    const toledo = await get('/rx/demand?state=oh');
    expect(toledo.body.items.map(pick)).toEqual([['OH', '39095', 'METFORMIN HCL', 1, 200]]);
    expect(toledo.body.items[0]).toMatchObject({ tot_benes: 55, ge65_tot_clms: 170, ge65_tot_benes: 47 });
  });

  it('gives CBSA rows, filtered by CBSA', async () => {
    const { status, body } = await get('/rx/demand?level=cbsa&generic=ATORVASTATIN%20CALCIUM');
    expect(status).toBe(200);
    expect(body.items.map((r: Json) => [r.cbsa, r.brand_name, r.tot_clms])).toEqual([
      ['10580', 'ATORVASTATIN CALCIUM', 145],
      ['14460', 'ATORVASTATIN CALCIUM', 60],
      ['25420', 'ATORVASTATIN CALCIUM', 45],
      [null, 'ATORVASTATIN CALCIUM', 30],
      ['10580', 'LIPITOR', 14],
    ]);
    const albany = await get('/rx/demand?level=cbsa&cbsa=10580&brand=lipitor');
    expect(albany.body.items).toEqual([
      expect.objectContaining({ level: 'cbsa', cbsa: '10580', state: null, county_fips: null, tot_benes: null }),
    ]);
  });

  it('pages by cursor without repeating or skipping a row', async () => {
    const first = await get('/rx/demand?limit=2');
    expect(first.body.items).toHaveLength(2);
    const seen = first.body.items.map(pick);
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await get(`/rx/demand?limit=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.body.items.map(pick));
      cursor = next.body.next_cursor;
    }
    const all = await get('/rx/demand?limit=100');
    expect(seen).toEqual(all.body.items.map(pick));
    expect(seen).toHaveLength(6);
  });

  it('answers as of a date: the release in force switches on its first day, 503 before the first', async () => {
    const before = await get('/rx/demand?county_fips=36001&as_of=2024-05-31');
    expect(before.body.data_years).toEqual([2021]);
    expect(before.body.items.map(pick)).toEqual([['NY', '36001', 'ATORVASTATIN CALCIUM', 1, 100]]);
    expect(before.body.items[0].tot_benes).toBe(35);
    const on = await get('/rx/demand?county_fips=36001&as_of=2024-06-01');
    expect(on.body.data_years).toEqual([2022]);
    expect(on.body.items[0].tot_clms).toBe(145);
    const none = await get('/rx/demand?as_of=2023-05-31');
    expect(none.status).toBe(503);
    expect(JSON.stringify(none.body)).toContain('cms_partd_prescribers');
    const otherYear = await get('/rx/demand?year=2021&as_of=2024-06-01');
    expect(otherYear.body.items).toEqual([]);
  });

  it('refuses bad input with a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['state=New%20York', 'state'],
      ['county_fips=3601', 'county_fips'],
      ['cbsa=ABCDE', 'cbsa'],
      ['year=22', 'year'],
      ['level=state', 'level'],
      ['limit=0', 'limit'],
      ['level=cbsa&state=NY', 'state'],
      ['level=cbsa&county_fips=36001', 'county_fips'],
      ['cbsa=10580', 'cbsa'],
      ['cursor=nonsense', 'cursor'],
      ['color=red', 'color'],
    ] as const) {
      const { status, body } = await get(`/rx/demand?${q}`);
      expect([q, status]).toEqual([q, 400]);
      expect(JSON.stringify(body)).toContain(param);
    }
  });
});
