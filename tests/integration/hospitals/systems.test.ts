import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 22 point 3, health systems: the AHRQ Compendium fixtures (2022 rev from 2024-02-12, 2023
 * from 2024-03-20) and the IRS 990 fixtures (the curated filer table from 2023-01-01; five returns,
 * two as single XML files and three in two IRS zips kept whole, the amended Lakeshore FY2023 return
 * in the zip of 2024-09-16, its original in the zip of 2024-06-20) archived through the real ingest path, loaded
 * by syncCatalog into dynalite, read through the app with the real SDK.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('health-system endpoints (AHRQ Compendium, IRS Form 990)', () => {
  const world = catalogWorld(['ahrq_compendium', 'irs_990_efile', 'sec_edgar'], clock, 240_000);
  const get = world.get;

  it('/systems/{id}: the Compendium system, its hospitals by CCN and its curated filer links', async () => {
    const { status, body } = await get('/systems/HSI00000101');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'HSI00000101', name: 'Lakeshore Health', state: 'IL', release: '2023' });
    expect(body.counts.hospitals).toBe(3);
    expect(body.hospitals.map((h: Json) => h.ccn)).toEqual(expect.arrayContaining(['140900', '143900', '140902']));
    expect(body.hospitals[0].source.source_id).toBe('ahrq_compendium');
    expect(body.link).toMatchObject({ status: 'linked', ownership: 'nonprofit', financials_source: 'irs_990_efile' });
    expect(body.link.filers.map((f: Json) => [f.ein, f.role])).toEqual([
      ['369900101', 'parent'],
      ['369900102', 'hospital'],
    ]);
    expect(body.link.filers[0].citations[0].url).toMatch(/^https:/);
    expect(new Set(body.sources.map((s: Json) => s.source_id))).toEqual(new Set(['ahrq_compendium', 'irs_990_efile']));
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.as_of).toBe(TODAY);
    expect(body.methodology_note).toMatch(/publishes no EIN/);
    // Lower case is the same id; a system the curated table lacks says so.
    expect((await get('/systems/hsi00000101')).body.id).toBe('HSI00000101');
    const wire = await get('/systems/HSI00000201');
    expect(wire.body.link).toMatchObject({ status: 'no_curated_link', filers: [], ownership: null });
  });

  it('bad ids are 400s naming id, unknown ids 404s, bad queries 400s naming the parameter', async () => {
    for (const path of ['/systems/XYZ', '/systems/HSI123/financials', '/systems/HSI0000010100/financials/workforce']) {
      const r = await get(path);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toMatch(/"id"/);
    }
    expect((await get('/systems/HSI99999999')).status).toBe(404);
    expect((await get('/systems/HSI99999999/financials')).status).toBe(404);
    const lim = await get('/systems/HSI00000101/financials/executives?limit=0');
    expect(lim.status).toBe(400);
    expect(JSON.stringify(lim.body.errors)).toMatch(/"limit"/);
    const fy = await get('/systems/HSI00000101/financials?fiscal_year=20x3');
    expect(fy.status).toBe(400);
    expect(JSON.stringify(fy.body.errors)).toMatch(/"fiscal_year"/);
    expect((await get('/systems/HSI00000101/financials/executives?fiscal_year=2019')).status).toBe(404);
  });

  it('/financials: one filing per filer and fiscal year, the amended return superseding the original', async () => {
    const { status, body } = await get('/systems/HSI00000101/financials');
    expect(status).toBe(200);
    expect(body.fiscal_years).toEqual([2023, 2022]);
    expect(body.filings.map((f: Json) => [f.fiscal_year, f.ein, f.object_id, f.amended])).toEqual([
      [2023, '369900101', '202431359349300205', true],
      [2023, '369900102', '202411359349300301', false],
      [2022, '369900101', '202311359349300101', false],
    ]);
    const fy23 = body.filings[0];
    expect(fy23).toMatchObject({
      tax_year: 2022,
      tax_period_end: '2023-06-30',
      total_revenue: 5035000000,
      total_expenses: 4890000000,
      net_assets_eoy: 3845000000,
      layout: 'efile-2013@1',
      schema_version: '2022v5.0',
      schedule_j_persons: 4,
      source: { source_id: 'irs_990_efile', doc_id: 'irs990:1', publisher_version: 'zip 2024_TEOS_XML_09A' },
    });
    expect(fy23.elements.total_revenue).toBe('ReturnData/IRS990/CYTotalRevenueAmt');
    expect(fy23.schedule_h.financial_assistance_at_cost.net_expense).toBe(53800000);
    expect(fy23.superseded).toEqual([
      expect.objectContaining({ object_id: '202411359349300102', amended: false, superseded_by: '202431359349300205' }),
    ]);
    expect(body.fiscal_year_rule).toMatch(/calendar year in which the return’s tax period ends/);
    expect(body.methodology_note).toMatch(/never summed/);
    const one = await get('/systems/HSI00000101/financials?fiscal_year=2022');
    expect(one.body.filings).toHaveLength(1);
    // The 2011 schema reads with its own element names.
    const ws = await get('/systems/HSI00000102/financials');
    expect(ws.body.filings[0]).toMatchObject({
      fiscal_year: 2011,
      layout: 'efile-2009@1',
      total_revenue: 2100000000,
      elements: { total_revenue: 'ReturnData/IRS990/TotalRevenueCurrentYear' },
    });
  });

  it('as_of switches to the amended return on the day it was released', async () => {
    const before = await get('/systems/HSI00000101/financials?fiscal_year=2023&as_of=2024-09-15');
    expect(before.status).toBe(200);
    const lake = (b: Json) => b.filings.find((f: Json) => f.ein === '369900101');
    expect(lake(before.body)).toMatchObject({
      object_id: '202411359349300102',
      amended: false,
      total_revenue: 5020000000,
      superseded: [],
    });
    const after = await get('/systems/HSI00000101/financials?fiscal_year=2023&as_of=2024-09-16');
    expect(lake(after.body)).toMatchObject({
      object_id: '202431359349300205',
      amended: true,
      total_revenue: 5035000000,
    });
    const ex = await get('/systems/HSI00000101/financials/executives?as_of=2024-09-15');
    expect(ex.body.total).toBe(4);
  });

  it('/executives: Schedule J persons of the latest fiscal year, by total compensation, paged', async () => {
    const { status, body } = await get('/systems/HSI00000101/financials/executives?limit=2');
    expect(status).toBe(200);
    expect(body.fiscal_year).toBe(2023);
    expect(body.total).toBe(5);
    expect(body.items.map((p: Json) => [p.name, p.total_compensation, p.ein])).toEqual([
      ['ANNA K RIVERS', 2975000, '369900101'],
      ['MARCUS T OYELARAN', 1408000, '369900101'],
    ]);
    expect(body.items[0]).toMatchObject({
      title: 'PRESIDENT & CEO',
      base_compensation: 1920000,
      bonus: 650000,
      object_id: '202431359349300205',
    });
    expect(body.next_offset).toBe(2);
    const rest = await get('/systems/HSI00000101/financials/executives?limit=2&offset=2');
    expect(rest.body.items.map((p: Json) => p.name)).toEqual(['PRIYA NANDAKUMAR', 'DEVIN A MAHONEY']);
    const older = await get('/systems/HSI00000101/financials/executives?fiscal_year=2022');
    expect(older.body.total).toBe(3);
  });

  it('/workforce: employee counts per filer and fiscal year with their elements', async () => {
    const { status, body } = await get('/systems/HSI00000101/financials/workforce');
    expect(status).toBe(200);
    expect(
      body.items.map((i: Json) => [i.fiscal_year, i.ein, i.total_employees, i.w2_employees, i.volunteers]),
    ).toEqual([
      [2023, '369900101', 19020, 19100, 700],
      [2023, '369900102', 12840, 12900, 410],
      [2022, '369900101', 18250, 18310, 640],
    ]);
    expect(body.items[0].elements.total_employees).toBe('ReturnData/IRS990/TotalEmployeeCnt');
  });

  it('a for-profit system answers with its SEC filer by CIK; its executives and workforce with a gap', async () => {
    const fin = await get('/systems/HSI00000301/financials');
    expect(fin.status).toBe(200);
    expect(fin.body.link).toMatchObject({
      ownership: 'for_profit',
      financials_source: 'sec_edgar',
      sec: { cik: '0001000001', ticker: 'PHHS' },
    });
    expect(fin.body.filings).toEqual([]);
    expect(fin.body.company.match).toEqual({ rule: 'cik', confidence: 1, query: '0001000001' });
    const revenue = fin.body.company.financials.items.find(
      (i: Json) => i.measure === 'revenue' && i.period_type === 'annual' && i.fiscal_year === 2024,
    );
    // The 10-K/A of 2025-04-15 restated FY2024 revenue: the amendment supersedes the 10-K.
    expect(revenue).toMatchObject({ value: 4_360_000_000, filing: expect.objectContaining({ form: '10-K/A' }) });
    expect(fin.body.sources.map((s: Json) => s.source_id)).toContain('sec_edgar');
    expect(fin.body.gaps).toEqual([]);
    for (const path of ['/executives', '/workforce']) {
      const { status, body } = await get(`/systems/HSI00000301/financials${path}`);
      expect(status).toBe(200);
      expect(body.gaps).toEqual([expect.objectContaining({ source_id: 'sec_edgar', reason: 'no_layout' })]);
    }
    // Before any EDGAR file: the company is null and a gap names sec_edgar.
    const early = await get('/systems/HSI00000301/financials?as_of=2025-02-01');
    expect(early.body.company).toBeNull();
    expect(early.body.gaps).toEqual([expect.objectContaining({ source_id: 'sec_edgar', reason: 'not_loaded' })]);
    const wire = await get('/systems/HSI00000201/financials');
    expect(wire.status).toBe(200);
    expect(wire.body).toMatchObject({ filings: [], link: { status: 'no_curated_link' } });
  });

  it('503s name the source not in force', async () => {
    const noCompendium = await get('/systems/HSI00000101?as_of=2023-06-01');
    expect(noCompendium.status).toBe(503);
    expect(JSON.stringify(noCompendium.body)).toMatch(/ahrq_compendium/);
    // Before Lakeshore's first return was released (2023-06-12): linked, no filing yet (not a 503:
    // the West Side return of 2013 is in force).
    const early = await get('/systems/HSI00000101/financials?as_of=2023-06-01');
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ filings: [], fiscal_years: [], link: { status: 'linked' } });
    const nothing = await get('/systems/HSI00000101/financials?as_of=2022-06-01');
    expect(nothing.status).toBe(503);
    expect(nothing.body.sources).toEqual(['ahrq_compendium', 'irs_990_efile']);
  });
});
