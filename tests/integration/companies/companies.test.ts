import { companyFinancialsByCik, companyFinancialsByName } from '../../../shared/companies/financials';
import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 22 point 4, public companies: the sec_edgar fixtures (tickers and facts from 2025-03-01,
 * submissions from 2025-03-10, restated facts from 2025-05-01) archived through the real ingest
 * path, loaded by syncCatalog into dynalite, read through the app with the real SDK.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('company endpoints (SEC EDGAR)', () => {
  const world = catalogWorld(['sec_edgar'], clock, 300_000);
  const get = world.get;

  it('/companies/{ticker}: facts by period, each with its filing, newest period first', async () => {
    const { status, body } = await get('/companies/phhs?period_type=annual');
    expect(status).toBe(200);
    expect(body.company).toMatchObject({
      cik: '0001000001',
      name: 'PINE HOLLOW HEALTH SYSTEMS, INC.',
      tickers: ['PHHS', 'PHHS-PA'],
      sic: '8062',
      healthcare_group: 'Health services (8000-8099)',
    });
    expect(body.items.map((f: Json) => [f.measure, f.frame, f.value])).toEqual([
      ['net_income', 'CY2024', -36000000],
      ['revenue', 'CY2024', 4360000000],
      ['net_income', 'CY2023', 210000000],
      ['revenue', 'CY2023', 4100000000],
    ]);
    expect(body.items[1]).toMatchObject({
      concept: 'Revenues',
      period_start: '2024-01-01',
      period_end: '2024-12-31',
      fiscal_year: 2024,
      fiscal_period: 'FY',
      filing: {
        accession_number: '0001000001-25-000019',
        form: '10-K/A',
        filed: '2025-04-15',
        url: 'https://www.sec.gov/Archives/edgar/data/1000001/000100000125000019/0001000001-25-000019-index.htm',
      },
      source: { source_id: 'sec_edgar', doc_id: 'sec:3' },
    });
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['sec:1', 'sec:2', 'sec:3']);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.methodology_note).toMatch(/calendar frame/);
    expect(body.as_of).toBe(TODAY);
  });

  it('a CIK, a second ticker and filters answer too; measures fall back to the next concept', async () => {
    const byCik = await get('/companies/1000002?measure=revenue');
    expect(byCik.status).toBe(200);
    expect(byCik.body.items).toEqual([
      expect.objectContaining({
        measure: 'revenue',
        concept: 'RevenueFromContractWithCustomerExcludingAssessedTax',
        value: 12800000000,
      }),
    ]);
    const pref = await get('/companies/PHHS-PA?measure=total_assets&limit=1');
    expect(pref.body.company.cik).toBe('0001000001');
    expect(pref.body).toMatchObject({ total: 2, limit: 1, offset: 0, next_offset: 1 });
    expect(pref.body.items[0]).toMatchObject({ period_type: 'instant', frame: 'CY2024Q4I', value: 5900000000 });
    const q = await get('/companies/PHHS?period_type=quarterly');
    expect(q.body.items.map((f: Json) => f.frame)).toEqual(['CY2025Q1', 'CY2024Q3']);
  });

  it('as_of: the 10-K/A restatement answers from the day its facts file was archived', async () => {
    const before = await get('/companies/PHHS?measure=revenue&period_type=annual&as_of=2025-04-30');
    expect(before.body.items[0]).toMatchObject({ value: 4350000000, filing: { form: '10-K' } });
    const after = await get('/companies/PHHS?measure=revenue&period_type=annual&as_of=2025-05-01');
    expect(after.body.items[0]).toMatchObject({ value: 4360000000, filing: { form: '10-K/A' } });
    // Before the submissions file: no company is known yet.
    const early = await get('/companies/PHHS?as_of=2025-03-05');
    expect(early.status).toBe(404);
    const none = await get('/companies/PHHS?as_of=2025-02-01');
    expect(none.status).toBe(503);
    expect(none.body.detail).toMatch(/sec_edgar/);
  });

  it('bad input is a 400 naming the parameter; unknown and non-healthcare companies are 404s', async () => {
    const bad = await get('/companies/%24%24');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/ticker/);
    const measure = await get('/companies/PHHS?measure=ebitda');
    expect(measure.status).toBe(400);
    expect(JSON.stringify(measure.body.errors)).toMatch(/measure/);
    expect((await get('/companies/PHHS?color=red')).status).toBe(400);
    const chip = await get('/companies/GRCT');
    expect(chip.status).toBe(404);
    expect(chip.body.detail).toMatch(/not among the healthcare companies/);
    expect((await get('/companies/ZZZZ')).status).toBe(404);
  });

  it('/companies/search: by words, SIC and state, in name order, with latest annual figures', async () => {
    const all = await get('/companies/search');
    expect(all.status).toBe(200);
    expect(all.body.items.map((c: Json) => c.name)).toEqual([
      'BLUEWATER HEALTH PLANS INC',
      'PINE HOLLOW HEALTH SYSTEMS, INC.',
    ]);
    const pine = await get('/companies/search?q=pine%20hollow');
    expect(pine.body.items.map((c: Json) => c.cik)).toEqual(['0001000001']);
    expect(pine.body.items[0].latest_annual.map((f: Json) => [f.measure, f.value, f.filing.accession_number])).toEqual([
      ['net_income', -36000000, '0001000001-25-000005'],
      ['revenue', 4360000000, '0001000001-25-000019'],
      ['total_assets', 5900000000, '0001000001-25-000005'],
    ]);
    expect((await get('/companies/search?q=bwhp')).body.items.map((c: Json) => c.cik)).toEqual(['0001000002']);
    expect((await get('/companies/search?sic=6324')).body.items).toHaveLength(1);
    expect((await get('/companies/search?state_of_incorporation=de')).body.items.map((c: Json) => c.cik)).toEqual([
      '0001000001',
    ]);
    const page = await get('/companies/search?limit=1');
    expect(page.body.items).toHaveLength(1);
    const next = await get(`/companies/search?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body.items[0].cik).toBe('0001000001');
    expect((await get('/companies/search?sic=80')).status).toBe(400);
    expect((await get('/companies/search?limit=101')).status).toBe(400);
  });

  it('companyFinancialsByCik / ByName: for other areas, exact or suffix-less name matches only', async () => {
    const byCik = await companyFinancialsByCik(world.h.deps, '1000001', TODAY);
    expect(byCik?.match).toEqual({ rule: 'cik', confidence: 1, query: '1000001' });
    expect(byCik?.financials.items.length).toBeGreaterThan(3);
    const byName = await companyFinancialsByName(world.h.deps, 'Pine Hollow Health Systems', TODAY);
    expect(byName?.match).toMatchObject({ rule: 'name_without_suffix', confidence: 0.9 });
    expect(byName?.financials.company.cik).toBe('0001000001');
    expect(await companyFinancialsByName(world.h.deps, 'Pine Hollow', TODAY)).toBeNull();
    expect(await companyFinancialsByCik(world.h.deps, '1000003', TODAY)).toBeNull();
  });
});
