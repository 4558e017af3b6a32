import type { Clock } from '../../../shared/deps';
import { priceListMatchesFor } from '../../../shared/rx/price-list-matches';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 4: two price-list snapshots (archived 2025-06-28 and 2025-07-05), the curated
 * formula table and three NADAC weekly files archived through the real ingest path, loaded by
 * syncCatalog into dynalite (the price history computed at load), read through the app.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('price list beside acquisition cost', () => {
  const world = catalogWorld(['costplus_price_list', 'medicaid_nadac'], clock, 120_000);
  const get = world.get;
  const bySlug = (body: Json, slug: string) => body.items.find((i: Json) => i.slug === slug);

  it('lists the snapshot in force in its default order, each product beside its implied and NADAC cost', async () => {
    const { status, body } = await get('/rx/price-list?as_of=2025-06-30');
    expect(status).toBe(200);
    expect(body.items.map((i: Json) => i.slug)).toEqual([
      'Acetaminophen-500mg-Caplet',
      'Atorvastatin-20mg-Tablet',
      'Estradiol-0_01-TubeofCream42_5g',
      'Estradiol-10mcg-VaginalTablet8pack',
      'LosartanPotassium-50mg-Tablet',
      'MetforminHCl-500mg-Tablet',
      'SalineNasal-0_65-Spray45ml',
    ]);
    expect(body).toMatchObject({
      total: 7,
      sort: 'name',
      order: 'asc',
      next_offset: null,
      as_of: '2025-06-30',
      gaps: [],
    });
    expect(body.snapshot).toMatchObject({ publisher_version: '2025-06-28', from: '2025-06-28', products: 7 });
    expect(body.formula).toMatchObject({
      formula_version: 'costplus-2024-08',
      markup_pct: 15,
      pharmacy_fee: 5,
      shipping: 5,
      source: { source_id: 'costplus_price_list', doc_id: 'costplus:2' },
    });
    const ator = bySlug(body, 'Atorvastatin-20mg-Tablet');
    expect(ator).toMatchObject({
      unit_price: 0.05,
      price_unit: 'each',
      ndc: { ndc11: '00093505698', reading: 'ndc11' },
      implied_acquisition_cost: { per_unit: 0.04348, low: 0.04304, high: 0.04391, formula_version: 'costplus-2024-08' },
      acquisition_cost: {
        status: 'matched',
        match: { method: 'ndc11', ndc11: '00093505698', confidence: 1 },
        median_nadac_per_unit: 0.04251,
        units_comparable: true,
        implied_minus_nadac: 0.00097,
        implied_vs_nadac_pct: 2.28,
      },
      source: { source_id: 'costplus_price_list', doc_id: 'costplus:1', publisher_version: '2025-06-28' },
      source_row: { unit_price: '$0.050' },
    });
    expect(ator.acquisition_cost.rates[0]).toMatchObject({ nadac_per_unit: 0.04251, as_of_date: '2025-06-25' });
    // A short NDC joins only through its padded reading, checked by name, with a confidence below 1.
    expect(bySlug(body, 'Acetaminophen-500mg-Caplet').acquisition_cost).toMatchObject({
      status: 'matched',
      match: { method: 'ndc_padded_name_checked', ndc11: '00904677361', confidence: 0.8 },
      median_nadac_per_unit: 0.03112,
    });
    expect(bySlug(body, 'Estradiol-0_01-TubeofCream42_5g').acquisition_cost).toMatchObject({
      status: 'no_ndc',
      match: null,
    });
    expect(bySlug(body, 'LosartanPotassium-50mg-Tablet').acquisition_cost.status).toBe('not_priced');
    // Per bottle against per mL: both shown, no difference computed.
    expect(bySlug(body, 'SalineNasal-0_65-Spray45ml')).toMatchObject({
      price_unit: 'as_named',
      acquisition_cost: {
        status: 'matched',
        units_comparable: false,
        implied_minus_nadac: null,
        median_nadac_per_unit: 0.08893,
      },
    });
    expect(body.methodology_note).toMatch(/implied acquisition cost/i);
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['costplus:1', 'costplus:2', 'nadac:1']);
  });

  it('answers as of a date: the snapshot and the NADAC file in force switch on their own days', async () => {
    const before = await get('/rx/price-list?as_of=2025-07-04&q=statin');
    expect(before.body.items.map((i: Json) => [i.slug, i.unit_price])).toEqual([['Atorvastatin-20mg-Tablet', 0.05]]);
    expect(before.body.snapshot.from).toBe('2025-06-28');
    const on = await get('/rx/price-list?as_of=2025-07-05');
    expect(on.body.snapshot).toMatchObject({ from: '2025-07-05', products: 7 });
    expect(bySlug(on.body, 'Atorvastatin-20mg-Tablet')).toMatchObject({
      unit_price: 0.045,
      acquisition_cost: { median_nadac_per_unit: 0.03826 },
    });
    expect(bySlug(on.body, 'SalineNasal-0_65-Spray45ml')).toBeUndefined();
    expect(bySlug(on.body, 'LosartanPotassium-50mg-Tablet').acquisition_cost).toMatchObject({
      status: 'matched',
      median_nadac_per_unit: 0.05012,
    });
  });

  it('filters by name, NDC in any form, form, pill class and price range; sorts by price, paged', async () => {
    const ndc = await get('/rx/price-list?as_of=2025-07-10&ndc=0093-5056-98');
    expect(ndc.body.items.map((i: Json) => i.slug)).toEqual(['Atorvastatin-20mg-Tablet']);
    const brand = await get('/rx/price-list?as_of=2025-07-10&q=GLUCO');
    expect(brand.body.items.map((i: Json) => i.slug)).toEqual(['MetforminHCl-500mg-Tablet']);
    const form = await get('/rx/price-list?as_of=2025-07-10&form=vaginal%20tablet&pill_nonpill=Nonpill');
    expect(form.body.items.map((i: Json) => i.slug)).toEqual(['Estradiol-10mcg-VaginalTablet8pack']);
    const cheap = await get('/rx/price-list?as_of=2025-07-10&max_unit_price=0.04&sort=unit_price&limit=2');
    expect(cheap.body.items.map((i: Json) => [i.slug, i.unit_price])).toEqual([
      ['MetforminHCl-500mg-Tablet', 0.035],
      ['Acetaminophen-500mg-Caplet', 0.04],
    ]);
    expect(cheap.body).toMatchObject({ total: 3, next_offset: 2 });
    const next = await get('/rx/price-list?as_of=2025-07-10&max_unit_price=0.04&sort=unit_price&limit=2&offset=2');
    expect(next.body.items.map((i: Json) => i.slug)).toEqual(['Lisinopril-10mg-Tablet']);
    const desc = await get('/rx/price-list?as_of=2025-07-10&min_unit_price=1&sort=unit_price&order=desc');
    expect(desc.body.items.map((i: Json) => i.unit_price)).toEqual([49.9]);
  });

  it('gives one product with its change-only history; a delisted one as listed false; slugs case-insensitive', async () => {
    const { status, body } = await get('/rx/price-list/atorvastatin-20mg-tablet?as_of=2025-07-10');
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: 'Atorvastatin-20mg-Tablet', listed: true, snapshots: 2 });
    expect(body.product).toMatchObject({ unit_price: 0.045, implied_acquisition_cost: { per_unit: 0.03913 } });
    expect(
      body.history.map((p: Json) => [p.change, p.snapshot_from, p.unit_price, p.previous_unit_price, p.pct_change]),
    ).toEqual([
      ['added', '2025-06-28', 0.05, null, null],
      ['changed', '2025-07-05', 0.045, 0.05, -10],
    ]);
    const early = await get('/rx/price-list/Atorvastatin-20mg-Tablet?as_of=2025-07-01');
    expect(early.body.history).toHaveLength(1);
    const gone = await get('/rx/price-list/SalineNasal-0_65-Spray45ml?as_of=2025-07-10');
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ listed: false, product: null });
    expect(gone.body.history.map((p: Json) => p.change)).toEqual(['added', 'removed']);
  });

  it('refuses bad input naming the parameter, 404s an unknown slug, 503s before the first snapshot', async () => {
    const cases: [string, string][] = [
      ['/rx/price-list/Bad%20Slug!', 'slug'],
      ['/rx/price-list?ndc=0093505698', 'ndc'],
      ['/rx/price-list?min_unit_price=abc', 'min_unit_price'],
      ['/rx/price-list?min_unit_price=2&max_unit_price=1', 'min_unit_price'],
      ['/rx/price-list?sort=price', 'sort'],
      ['/rx/price-list?limit=0', 'limit'],
      ['/rx/price-list?q=a', 'q'],
      ['/rx/price-list?colour=blue', 'colour'],
      ['/rx/price-list?as_of=2025-02-30', 'as_of'],
    ];
    for (const [path, param] of cases) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.errors.map((e: Json) => e.loc[e.loc.length - 1])).toContain(param);
    }
    const unknown = await get('/rx/price-list/Nothing-1mg-Tablet?as_of=2025-07-10');
    expect(unknown.status).toBe(404);
    const none = await get('/rx/price-list?as_of=2025-06-01');
    expect(none.status).toBe(503);
    expect(none.body.sources).toEqual(['costplus_price_list']);
  });

  it('offers the join /rx/ingredients will call: by NDC (identifier) or by name words (lower confidence)', async () => {
    const m = await priceListMatchesFor(world.h.deps, { ndc11s: ['00093736598'], name: 'metformin' }, '2025-07-10');
    expect(m.in_force).toBe(true);
    expect(m.matches.map((x) => [x.slug, x.method, x.confidence])).toEqual([
      ['LosartanPotassium-50mg-Tablet', 'ndc11', 1],
      ['MetforminHCl-500mg-Tablet', 'name_words', 0.6],
    ]);
    const before = await priceListMatchesFor(world.h.deps, { name: 'metformin' }, '2025-06-01');
    expect(before).toMatchObject({ in_force: false, matches: [] });
  });
});

describe('price list without NADAC', () => {
  const world = catalogWorld(['costplus_price_list'], clock, 120_000);

  it('keeps answering with the implied cost and says NADAC is a gap', async () => {
    const { status, body } = await world.get('/rx/price-list?as_of=2025-07-10&q=atorva');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({
      implied_acquisition_cost: { per_unit: 0.03913 },
      acquisition_cost: { status: 'nadac_not_in_force', median_nadac_per_unit: null },
    });
    expect(body.gaps.map((g: Json) => g.source_id)).toContain('medicaid_nadac');
  });
});
