import type { Clock } from '../../../shared/deps';
import { ingredientJoins } from '../../../shared/rx/ingredient-joins';
import { ingredientsOfNdcs, rxnormViews } from '../../../shared/rx/rxnorm-read';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 2: an ingredient's spending, price-list matches and shortages, joined on read
 * from the fixtures of RxNorm, NADAC, the NDC Directory, the three CMS Spending by Drug sources,
 * the Cost Plus price list and FDA's drug shortages (real ingest, dynalite, the app).
 */
const clock: Clock = { now: () => new Date('2025-11-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/ingredients joins', () => {
  const world = catalogWorld(
    [
      'nlm_rxnorm',
      'medicaid_nadac',
      'fda_ndc_directory',
      'cms_partd_spending_by_drug',
      'cms_partb_spending_by_drug',
      'cms_medicaid_spending_by_drug',
      'costplus_price_list',
      'fda_drug_shortages',
    ],
    clock,
    300_000,
  );

  it('joins spending by generic name (salt words dropped), the price list by NDC, and says which sources are not in force', async () => {
    const { status, body } = await world.get('/rx/ingredients/83367?as_of=2025-07-10');
    expect(status).toBe(200);
    // Part D names it `Atorvastatin Calcium`: found by the ingredient name `atorvastatin`.
    expect(body.spending.status).toBe('joined');
    expect(body.spending.generic_name_searched).toBe('atorvastatin');
    expect(body.spending.brand_names).toEqual(expect.arrayContaining(['Atorvastatin Calcium (Atorvastatin Calcium)']));
    const partd2022 = body.spending.totals.find((t: Json) => t.program === 'part_d' && t.year === 2022);
    // DY2022 overall rows of the RY2024 file: the generic and Lipitor, both named `Atorvastatin Calcium` by CMS.
    expect(partd2022).toMatchObject({ total_spending: 107650, brands: 2 });
    // The listing prints 00093505698, one of the ingredient's RxNorm NDCs: an identifier match.
    expect(body.price_list.status).toBe('joined');
    expect(body.price_list.matches[0]).toMatchObject({
      slug: 'Atorvastatin-20mg-Tablet',
      ndc11: '00093505698',
      method: 'ndc11',
      confidence: 1,
      source: { source_id: 'costplus_price_list' },
    });
    // The first shortages export is archived on 2025-11-03: none in force in July.
    expect(body.shortages).toMatchObject({ status: 'not_in_force', shortages: [] });
    expect(body.gaps.map((g: Json) => g.source_id)).toContain('fda_drug_shortages');
    const ids = new Set(body.sources.map((s: Json) => s.source_id));
    for (const s of ['nlm_rxnorm', 'cms_partd_spending_by_drug', 'costplus_price_list']) expect(ids).toContain(s);
  });

  it('links shortages once an export is in force, by NDC first, else by every word of the name', async () => {
    const { blocks, sources } = await ingredientJoins(
      world.h.deps,
      [
        { rxcui: '1', name: 'amoxicillin', ndc11s: ['00093415573'] },
        { rxcui: '2', name: 'lidocaine hydrochloride', ndc11s: [] },
        { rxcui: '3', name: 'lidocaine sulfate', ndc11s: [] },
      ],
      '2025-11-10',
    );
    expect(blocks.get('1')!.shortages).toMatchObject({
      status: 'joined',
      shortages: [
        {
          shortage_id: 'amoxicillin-oral-powder-for-suspension',
          method: 'ndc11',
          confidence: 1,
          matched_ndc11s: ['00093415573'],
        },
      ],
    });
    expect(blocks.get('2')!.shortages.shortages).toEqual([
      expect.objectContaining({
        shortage_id: 'lidocaine-hydrochloride-injection',
        method: 'name_words',
        confidence: 0.7,
      }),
    ]);
    // Every word must be there: `sulfate` is not.
    expect(blocks.get('3')!.shortages).toMatchObject({ status: 'joined', shortages: [] });
    expect(sources.map((s) => s.source_id)).toContain('fda_drug_shortages');
  });

  it('links NDCs to their RxNorm ingredients in batches (how /rx/shortages links a shortage)', async () => {
    const rx = await rxnormViews(world.h.deps, '2025-07-10');
    const got = await ingredientsOfNdcs(world.h.deps, rx, ['00093505698', '00071015523', '99999999999']);
    // The ingredient and its precise ingredient (the salt).
    expect(got.get('00093505698')!.map((i) => [i.rxcui, i.tty, i.name])).toEqual([
      ['83367', 'IN', 'atorvastatin'],
      ['259255', 'PIN', 'atorvastatin calcium'],
    ]);
    // The Lipitor package reaches the same ingredient through its branded drug.
    expect(got.get('00071015523')!.map((i) => i.rxcui)).toContain('83367');
    expect(got.get('99999999999')).toEqual([]);
  });
});
