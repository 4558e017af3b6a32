import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 6 (MEPS): two data years of AHRQ's prescribed-medicines and full-year
 * consolidated workbooks archived through the real ingest path and loaded by syncCatalog (persons
 * first, then the fills placed in their segment and rolled up at load), with RxNorm and NADAC for
 * the generic-cost join, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/meps/mix', () => {
  const world = catalogWorld(['ahrq_meps_pmed', 'nlm_rxnorm', 'medicaid_nadac'], clock, 240_000);
  const get = world.get;

  it('weights the mix with the person weights, per segment, withholding rows under 60 sample persons', async () => {
    const { status, body } = await get('/rx/meps/mix?year=2021&segment=private_under_65&as_of=2025-07-10');
    expect(status).toBe(200);
    expect(body).toMatchObject({ data_year: 2021, segment: 'private_under_65', data_years: [2021, 2022], gaps: [] });
    const shown = body.items.filter((i: Json) => !i.suppressed);
    expect(shown.map((i: Json) => [i.drug, i.sample_persons])).toEqual(
      expect.arrayContaining([
        ['ATORVASTATIN', 81],
        ['LISINOPRIL', 70],
        ['METFORMIN', 65],
      ]),
    );
    // Ordered by weighted acquisitions, withheld rows last.
    const fills = shown.map((i: Json) => i.weighted_fills);
    expect(fills).toEqual([...fills].sort((a: number, b: number) => b - a));
    const withheld = body.items.find((i: Json) => i.drug === 'AMLODIPINE-BENAZEPRIL');
    expect(withheld).toMatchObject({
      suppressed: true,
      sample_persons: null,
      weighted_fills: null,
      share_of_fills_pct: null,
    });
    expect(body.items.indexOf(withheld)).toBeGreaterThan(body.items.indexOf(shown[shown.length - 1]));
    // A share is of the segment's estimated acquisitions (every drug, withheld ones included).
    const total = body.totals.weighted_fills;
    const atorva = shown.find((i: Json) => i.drug === 'ATORVASTATIN');
    expect(atorva.share_of_fills_pct).toBeCloseTo((atorva.weighted_fills / total) * 100, 2);
    expect(atorva.expenditure_per_fill).toBeCloseTo(atorva.weighted_expenditure / atorva.weighted_fills, 1);
    expect(body.methodology_note).toMatch(/PERWTyyF/);
    expect(body.methodology_note).toMatch(/fewer than 60 sample persons/);
    expect(body.sources.map((s: Json) => s.source_id)).toContain('ahrq_meps_pmed');
  });

  it('joins the median generic NADAC of the same-named RxNorm ingredient, and says when no name matches', async () => {
    const { body } = await get('/rx/meps/mix?year=2021&segment=private_under_65&limit=100');
    const atorva = body.items.find((i: Json) => i.drug === 'ATORVASTATIN');
    expect(atorva.median_generic_acquisition_cost).toMatchObject({ status: 'matched', rxcui: '83367' });
    const combo = body.items.find((i: Json) => i.drug === 'AMLODIPINE-BENAZEPRIL');
    expect(combo.median_generic_acquisition_cost).toMatchObject({ status: 'no_ingredient_of_that_name', rxcui: null });
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(
      expect.arrayContaining(['nlm_rxnorm', 'medicaid_nadac']),
    );
  });

  it('`all` counts every person (segments together); zero-weight persons are not sample persons', async () => {
    const { body } = await get('/rx/meps/mix?year=2021&drug=atorvastatin');
    expect(body.items).toHaveLength(1);
    // 98 persons bought it; the zero-weight one is left out.
    expect(body.items[0]).toMatchObject({ drug: 'ATORVASTATIN', sample_persons: 97, suppressed: false });
    const old = await get('/rx/meps/mix?year=2021&segment=age_65_plus&drug=ATORVASTATIN');
    expect(old.body.items[0]).toMatchObject({ suppressed: true, weighted_fills: null });
    const unlinked = await get('/rx/meps/mix?year=2021&segment=not_linked');
    expect(unlinked.body.items.map((i: Json) => i.drug)).toEqual(['ATORVASTATIN']);
  });

  it('answers from the data years released by as_of: 2022 is the default once released', async () => {
    const now = await get('/rx/meps/mix?as_of=2025-07-10&limit=2');
    expect(now.body).toMatchObject({ data_year: 2022, data_years: [2021, 2022] });
    expect(now.body.items.map((i: Json) => [i.drug, i.sample_persons])).toEqual([
      ['METFORMIN', 90],
      ['ATORVASTATIN', 62],
    ]);
    const before = await get('/rx/meps/mix?as_of=2024-01-01&limit=2');
    expect(before.body).toMatchObject({ data_year: 2021, data_years: [2021] });
    const missing = await get('/rx/meps/mix?as_of=2024-01-01&year=2022');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toMatch(/loaded years: 2021/);
    const none = await get('/rx/meps/mix?as_of=2023-01-01');
    expect(none.status).toBe(503);
    expect(JSON.stringify(none.body)).toContain('ahrq_meps_pmed');
  });

  it('pages by cursor and rejects bad input with a 400 naming the parameter', async () => {
    const first = await get('/rx/meps/mix?year=2021&segment=private_under_65&limit=2');
    expect(first.body.items).toHaveLength(2);
    const next = await get(
      `/rx/meps/mix?year=2021&segment=private_under_65&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(next.body.items[0].drug).not.toBe(first.body.items[1].drug);
    for (const [q, param] of [
      ['segment=medicare', 'segment'],
      ['year=19', 'year'],
      ['limit=500', 'limit'],
      ['bogus=1', 'bogus'],
    ]) {
      const r = await get(`/rx/meps/mix?${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(param);
    }
  });
});
