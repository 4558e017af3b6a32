import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, points 1 and 2: the RxNorm fixtures (releases 2025-06-02 and 2025-07-07: RXNCONSO,
 * RXNSAT, RXNREL), the NADAC weekly files (2025-06-25, 07-02, 07-09) and the FDA NDC Directory
 * (2025-07-01, 07-08), archived through the real ingest path, loaded into dynalite, read through
 * the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/ingredients', () => {
  const world = catalogWorld(['nlm_rxnorm', 'medicaid_nadac', 'fda_ndc_directory'], clock, 240_000);
  const get = world.get;

  it('gives an ingredient its NDC counts, active per the directory, and the median generic NADAC per unit', async () => {
    const { status, body } = await get('/rx/ingredients/83367?as_of=2025-07-10');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      rxcui: '83367',
      name: 'atorvastatin',
      tty: 'IN',
      // The SCD's generics and the Lipitor SBD (through tradename_of); 0071-0155-40 ended marketing, 00378-2015-77 is unlisted.
      ndc_counts: { total: 4, active: 2, not_active: 2, drugs: 2 },
      generic_acquisition_cost: {
        by_pricing_unit: [
          {
            pricing_unit: 'EA',
            median_nadac_per_unit: 0.03826,
            min_nadac_per_unit: 0.03826,
            max_nadac_per_unit: 0.03826,
            ndc_count: 1,
          },
        ],
        ndc_count: 1,
        weekly_file: '2025-07-09',
      },
      // Not archived in this world: each joined block says so, and the gaps name the sources.
      spending: { status: 'not_in_force', totals: [], brand_names: [] },
      price_list: { status: 'not_in_force', source_id: 'costplus_price_list', matches: [] },
      shortages: { status: 'not_in_force', source_id: 'fda_drug_shortages', shortages: [] },
      as_of: '2025-07-10',
    });
    expect(new Set(body.gaps.map((g: Json) => `${g.source_id}:${g.reason}`))).toEqual(
      new Set(
        [
          'cms_partd_spending_by_drug',
          'cms_partb_spending_by_drug',
          'cms_medicaid_spending_by_drug',
          'costplus_price_list',
          'fda_drug_shortages',
        ].map((s) => `${s}:not_archived`),
      ),
    );
    expect(body.ndcs.map((n: Json) => [n.ndc11, n.drug_rxcui, n.status, n.classification_for_rate_setting])).toEqual([
      ['00071015523', '900102', 'active', 'B'],
      ['00071015540', '900102', 'obsolete', null],
      ['00093505698', '900101', 'active', 'G'],
      ['00378201577', '900101', 'unknown', null],
    ]);
    expect(body.ndcs[0].drug_name).toBe('atorvastatin 20 MG Oral Tablet [Lipitor]');
    expect(body.synonyms).toEqual([]);
    expect(new Set(body.sources.map((s: Json) => s.source_id))).toEqual(
      new Set(['nlm_rxnorm', 'fda_ndc_directory', 'medicaid_nadac']),
    );
    expect(body.methodology_note).toMatch(/never pooled/);
    expect(body.methodology_note).toMatch(/340B/);
  });

  it('lists ingredients by name then rxcui, by prefix, by word and by term type, paged by cursor', async () => {
    const first = await get('/rx/ingredients?as_of=2025-07-10&limit=3');
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: Json) => i.name)).toEqual(['acetaminophen', 'atorvastatin', 'hydrochlorothiazide']);
    expect(first.body.order).toMatch(/rxcui/);
    const second = await get(
      `/rx/ingredients?as_of=2025-07-10&limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.body.items.map((i: Json) => i.name)).toEqual(['lisinopril', 'losartan', 'metformin']);
    const prefix = await get('/rx/ingredients?as_of=2025-07-10&name=ATOR');
    expect(prefix.body.items.map((i: Json) => i.rxcui)).toEqual(['83367']);
    expect(prefix.body.items[0].ndc_counts.total).toBe(4);
    const word = await get('/rx/ingredients?as_of=2025-07-10&q=chloride');
    expect(word.body.items.map((i: Json) => i.name)).toEqual(['sodium chloride']);
    // Saline: marketing ended, and no NADAC file in force prices it any more.
    expect(word.body.items[0]).toMatchObject({
      ndc_counts: { total: 1, active: 0, not_active: 1 },
      generic_acquisition_cost: { by_pricing_unit: [], ndc_count: 0 },
    });
    const pin = await get('/rx/ingredients?as_of=2025-07-10&tty=PIN');
    expect(pin.body.items.map((i: Json) => i.name)).toEqual([
      'atorvastatin calcium',
      'losartan potassium',
      'metformin hydrochloride',
    ]);
    const min = await get('/rx/ingredients?as_of=2025-07-10&tty=MIN');
    expect(min.body.items[0]).toMatchObject({ rxcui: '214618', ndc_counts: { total: 1, active: 1, drugs: 1 } });
  });

  it('switches release on the release date (as_of)', async () => {
    const before = await get('/rx/ingredients/161?as_of=2025-07-06');
    expect(before.status).toBe(200);
    // June release: the acetaminophen GPCK and its pack NDC are still there.
    expect(before.body.ndc_counts).toMatchObject({ total: 2, drugs: 2 });
    expect(before.body.sources.find((s: Json) => s.source_id === 'nlm_rxnorm').publisher_version).toBe('2025-06-02');
    const after = await get('/rx/ingredients/161?as_of=2025-07-07');
    expect(after.body.ndc_counts).toMatchObject({ total: 1, drugs: 1 });
    expect(after.body.sources.find((s: Json) => s.source_id === 'nlm_rxnorm').publisher_version).toBe('2025-07-07');
    expect((await get('/rx/ingredients/52175?as_of=2025-07-06')).status).toBe(404);
    expect((await get('/rx/ingredients/52175?as_of=2025-07-07')).body.name).toBe('losartan');
  });

  it('answers with gaps before NADAC and the directory; 503 naming nlm_rxnorm before any release', async () => {
    const june = await get('/rx/ingredients/83367?as_of=2025-06-10');
    expect(june.status).toBe(200);
    expect(june.body).toMatchObject({
      ndc_counts: { total: 3, active: null, not_active: null },
      generic_acquisition_cost: null,
    });
    expect(june.body.ndcs.every((n: Json) => n.status === null)).toBe(true);
    const gapSources = new Set(june.body.gaps.map((g: Json) => g.source_id));
    // The directory and NADAC have no version in force yet; the joined sources are not archived in this world.
    expect(gapSources).toEqual(
      new Set([
        'fda_ndc_directory',
        'medicaid_nadac',
        'cms_partd_spending_by_drug',
        'cms_partb_spending_by_drug',
        'cms_medicaid_spending_by_drug',
        'costplus_price_list',
        'fda_drug_shortages',
      ]),
    );
    const none = await get('/rx/ingredients?as_of=2025-05-01');
    expect(none.status).toBe(503);
    expect(none.body.sources).toEqual(['nlm_rxnorm']);
    expect((await get('/rx/ingredients/83367?as_of=2025-05-01')).status).toBe(503);
  });

  it('400 naming the parameter, 404 for an unknown rxcui or a concept that is no ingredient', async () => {
    for (const [path, loc] of [
      ['/rx/ingredients/abc', ['path', 'rxcui']],
      ['/rx/ingredients/12a4', ['path', 'rxcui']],
      ['/rx/ingredients?tty=BN', ['query', 'tty']],
      ['/rx/ingredients?limit=26', ['query', 'limit']],
      ['/rx/ingredients?q=a', ['query', 'q']],
      ['/rx/ingredients?as_of=2025-13-01', ['query', 'as_of']],
      ['/rx/ingredients?sort=name', ['query', 'sort']],
    ] as const) {
      const r = await get(path);
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body.errors[0].loc).toEqual(loc);
    }
    const unknown = await get('/rx/ingredients/99999999?as_of=2025-07-10');
    expect(unknown.status).toBe(404);
    const drug = await get('/rx/ingredients/900101?as_of=2025-07-10');
    expect(drug.status).toBe(404);
    expect(drug.body.detail).toMatch(/SCD, not an ingredient/);
  });

  it('/rx/ndcs/{ndc11} gains the RxNorm link: the drug concept and its ingredients (the BN left out)', async () => {
    const { body } = await get('/rx/ndcs/0071-0155-23?as_of=2025-07-10');
    expect(body.rxnorm).toEqual({
      drugs: [{ rxcui: '900102', tty: 'SBD', name: 'atorvastatin 20 MG Oral Tablet [Lipitor]' }],
      ingredients: [
        { rxcui: '83367', tty: 'IN', name: 'atorvastatin', via: 'has_ingredient' },
        { rxcui: '259255', tty: 'PIN', name: 'atorvastatin calcium', via: 'has_precise_ingredient' },
      ],
      release: '2025-07-07',
    });
    expect(body.sources.map((s: Json) => s.source_id)).toContain('nlm_rxnorm');
    const unlinked = await get('/rx/ndcs/50090-1234-0?as_of=2025-07-10');
    expect(unlinked.body.rxnorm).toMatchObject({ drugs: [], ingredients: [] });
    const early = await get('/rx/ndcs/00093505698?as_of=2025-05-20');
    expect(early.status).toBe(503);
  });
});
