import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 22 point 2, cost reports: the HCRIS fixtures (FY 2021 from 2022-12-01; FY 2022 refreshed on
 * 2023-06-01 and 2024-01-05; provider ID info) archived through the real ingest path, loaded by
 * syncCatalog into dynalite, read through the app with the real SDK.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('cost-report endpoints (HCRIS 2552-10)', () => {
  const world = catalogWorld(['cms_hcris_hosp10'], clock, 120_000);
  const get = world.get;

  it('lists the reports by fiscal year with the chosen one flagged and every candidate explained', async () => {
    const { status, body } = await get('/cost-reports/010099');
    expect(status).toBe(200);
    expect(body.ccn).toBe('010099');
    expect(body.provider).toMatchObject({ name: 'PINE HOLLOW REGIONAL MEDICAL CENTER', zip: '36303', state: 'AL' });
    expect(body.latest_fiscal_year).toBe(2022);
    expect(body.fiscal_years.map((y: Json) => [y.fiscal_year, y.chosen_rpt_rec_num])).toEqual([
      [2022, '731500'],
      [2021, '650001'],
    ]);
    const fy22 = body.fiscal_years[0];
    expect(fy22.rule).toMatch(/Reopened, then 3 Settled with Audit/);
    expect(
      fy22.candidates.map((c: Json) => [c.rpt_rec_num, c.status, c.chosen, c.choice_reason, c.in_latest_refresh]),
    ).toEqual([
      ['731500', 'Amended', true, 'chosen', true],
      ['720001', 'As Submitted', false, 'not_in_latest_refresh', false],
    ]);
    expect(fy22.candidates[0]).toMatchObject({
      period_begin: '2021-10-01',
      period_end: '2022-09-30',
      processed_date: '2023-11-20',
      source: { source_id: 'cms_hcris_hosp10', doc_id: 'hcris:1', publisher_version: 'FY 2022' },
    });
    expect(fy22.candidates[0].source_row).toHaveLength(18);
    expect(body.methodology_note).toMatch(/unaudited/);
    expect(body.as_of).toBe(TODAY);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('chooses the period that ends the year when a change of ownership splits it', async () => {
    const { body } = await get('/cost-reports/050777?fiscal_year=2022');
    expect(body.fiscal_years).toHaveLength(1);
    expect(body.fiscal_years[0].candidates.map((c: Json) => [c.rpt_rec_num, c.choice_reason])).toEqual([
      ['720003', 'chosen'],
      ['720002', 'earlier_period'],
    ]);
  });

  it('as_of switches on the day a refresh is released; an earlier date sees only the years and refreshes released by then', async () => {
    const before = await get('/cost-reports/010099/balance-sheet?as_of=2024-01-04');
    expect(before.status).toBe(200);
    expect(before.body.report).toMatchObject({ rpt_rec_num: '720001', status: 'As Submitted', chosen: true });
    expect(before.body.summary.total_assets.value).toBe(31069500);
    const after = await get('/cost-reports/010099/balance-sheet?as_of=2024-01-05');
    expect(after.body.report).toMatchObject({ rpt_rec_num: '731500', status: 'Amended' });
    expect(after.body.summary.total_assets.value).toBe(32549000);
    expect(
      after.body.sources.filter((s: Json) => s.doc_id === 'hcris:1').map((s: Json) => s.publisher_version),
    ).toEqual(['FY 2022', 'FY 2022']);
    // 140900: settled in June 2023, reopened in place (same record) in January 2024.
    const settled = await get('/cost-reports/140900/charity-care?as_of=2023-12-31');
    expect(settled.body.report).toMatchObject({ rpt_rec_num: '720004', status: 'Settled w/o Audit' });
    const reopened = await get('/cost-reports/140900/charity-care?as_of=2024-06-01');
    expect(reopened.body.report).toMatchObject({ rpt_rec_num: '720004', status: 'Reopened', npr_date: '2023-11-20' });
    expect(reopened.body.summary.charity_care_charges.value).toBe(12400000);
    expect(settled.body.summary.charity_care_charges.value).toBe(12000000);
    // Before FY 2022 was released: FY 2021 only, and 140900 has nothing.
    const early = await get('/cost-reports/010099?as_of=2023-01-15');
    expect(early.body.fiscal_years.map((y: Json) => y.fiscal_year)).toEqual([2021]);
    expect((await get('/cost-reports/140900?as_of=2023-01-15')).status).toBe(404);
    // On the day the June 2023 refresh is released (a report processed after as_of is never chosen:
    // tests/unit/hospitals/report-choice.test.ts).
    const onRelease = await get('/cost-reports/010099?as_of=2023-06-01');
    expect(onRelease.body.fiscal_years.map((y: Json) => y.chosen_rpt_rec_num)).toEqual(['720001', '650001']);
  });

  it('balance sheet: worksheet G values name worksheet, line and column with the HCRIS codes', async () => {
    const { status, body } = await get('/cost-reports/010099/balance-sheet?fiscal_year=2021');
    expect(status).toBe(200);
    expect(body.worksheet).toEqual({ code: 'G000000', name: 'Worksheet G, balance sheet' });
    expect(body.worksheet_filed).toBe(true);
    expect(body.report).toMatchObject({ rpt_rec_num: '650001', status: 'Settled with Audit', npr_date: '2023-05-02' });
    expect(body.summary.cash).toEqual({
      worksheet: 'G',
      worksheet_code: 'G000000',
      line: '1',
      line_code: '00100',
      column: '1',
      column_code: '00100',
      label: 'Cash on hand and in banks',
      column_label: 'General fund',
      value: 1250000,
      unit: 'dollars',
    });
    expect(body.summary.total_assets.value).toBe(body.summary.total_liabilities_and_fund_balances.value);
    expect(body.summary.allowance_for_uncollectibles.value).toBe(-2100000);
    expect(body.summary.total_other_assets.value).toBe(3000000);
    expect(body.lines.map((l: Json) => l.line)).toContain('60');
    // The RPT refreshes of the year, the NMRC refresh the cells came from (G has no text cells) and the provider file.
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['hcris:1', 'hcris:2', 'hcris:4']);
    expect(body.gaps).toEqual([]);
  });

  it('charity care: S-10 lines 1, 20-23, 26-31 with the ratio unit and the line 27.01 code', async () => {
    const { body } = await get('/cost-reports/010099/charity-care?fiscal_year=2021');
    expect(body.worksheet.code).toBe('S100000');
    expect(body.summary.cost_to_charge_ratio).toMatchObject({ line: '1', value: 0.241377, unit: 'ratio' });
    expect(body.summary.charity_care_charges).toMatchObject({
      line: '20',
      column: '3',
      column_code: '00300',
      value: 4000000,
    });
    expect(body.summary.charity_care_cost).toMatchObject({ line: '23', value: 915508 });
    expect(body.summary.medicare_allowable_bad_debts).toMatchObject({
      line: '27.01',
      line_code: '02701',
      value: 460000,
    });
    expect(body.summary.total_unreimbursed_and_uncompensated_care_cost).toMatchObject({ line: '31', value: 2467917 });
    expect(body.medicaid_dsh_received).toBe('Y');
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['hcris:1', 'hcris:2', 'hcris:3', 'hcris:4']);
  });

  it('cost centers: worksheet A lines in order, names as filed or standard, paged', async () => {
    const { body } = await get('/cost-reports/010099/cost-centers?fiscal_year=2021');
    expect(body.total).toBe(16);
    expect(body.items.map((i: Json) => i.line)).toEqual([
      '1',
      '2',
      '4',
      '5',
      '30',
      '31',
      '50',
      '54',
      '60',
      '73',
      '90',
      '90.01',
      '91',
      '118',
      '190',
      '200',
    ]);
    const wound = body.items.find((i: Json) => i.line === '90.01');
    expect(wound).toMatchObject({
      line_code: '09001',
      name: 'WOUND CARE CLINIC',
      name_source: 'alpha',
      standard_label: null,
      section: 'Outpatient service cost centers',
    });
    expect(wound.salaries).toMatchObject({ column: '1', column_code: '00100', value: 350000 });
    expect(wound.total.value).toBe(470000);
    const cap = body.items[0];
    expect(cap.salaries.value).toBeNull();
    expect(cap.name).toBe('CAP REL COSTS-BLDG & FIXT');
    // 650002 filed no names in ALPHA: the form's standard labels apply; a subscripted line has none.
    const plain = await get('/cost-reports/050777/cost-centers?fiscal_year=2021');
    expect(plain.body.report.rpt_rec_num).toBe('650002');
    expect(plain.body.items[4]).toMatchObject({ line: '30', name: 'Adults and pediatrics', name_source: 'standard' });
    expect(plain.body.items.find((i: Json) => i.line === '90.01')).toMatchObject({ name: null, name_source: 'none' });
    const page = await get('/cost-reports/010099/cost-centers?fiscal_year=2021&limit=5&offset=5');
    expect(page.body.items.map((i: Json) => i.line)).toEqual(['31', '50', '54', '60', '73']);
    expect(page.body).toMatchObject({ total: 16, limit: 5, offset: 5, next_offset: 10 });
  });

  it('bad input: 400 naming the parameter, 404 for an unknown CCN or fiscal year', async () => {
    const bad = await get('/cost-reports/01-099');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/ccn/);
    expect((await get('/cost-reports/10099')).body.ccn).toBe('010099');
    const fy = await get('/cost-reports/010099/balance-sheet?fiscal_year=20x2');
    expect(fy.status).toBe(400);
    expect(JSON.stringify(fy.body.errors)).toMatch(/fiscal_year/);
    const date = await get('/cost-reports/010099?as_of=2024-02-30');
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body.errors)).toMatch(/as_of/);
    const unknownParam = await get('/cost-reports/010099/charity-care?year=2022');
    expect(unknownParam.status).toBe(400);
    expect(JSON.stringify(unknownParam.body)).toMatch(/year/);
    const limit = await get('/cost-reports/010099/cost-centers?limit=0');
    expect(limit.status).toBe(400);
    const unknown = await get('/cost-reports/999999');
    expect(unknown.status).toBe(404);
    const noYear = await get('/cost-reports/140900/balance-sheet?fiscal_year=2021');
    expect(noYear.status).toBe(404);
    expect(noYear.body.detail).toMatch(/fiscal years with one: 2022/);
  });

  it('503 naming the source before any RPT table is released', async () => {
    const r = await get('/cost-reports/010099?as_of=2020-01-01');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 503, sources: ['cms_hcris_hosp10'] });
  });
});

describe('cost-report endpoints with the RPT table only', () => {
  let h: Harness;
  let key: TestKey;
  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_hcris_hosp10' && e.path.endsWith('_RPT.CSV'), {
      catalog: false,
    });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 120_000);
  afterAll(() => h.close());

  it('answers the chosen report with null values and gaps naming the NMRC and ALPHA tables, no provider', async () => {
    const r = await h.request('/cost-reports/010099/balance-sheet', { headers: key.headers });
    const body = (await r.json()) as Json;
    expect(r.status).toBe(200);
    expect(body.report.rpt_rec_num).toBe('731500');
    expect(body.worksheet_filed).toBe(false);
    expect(body.summary.total_assets.value).toBeNull();
    expect(body.lines).toEqual([]);
    expect(body.provider).toBeNull();
    expect(body.gaps.map((g: Json) => [g.doc_id, g.reason])).toEqual(
      expect.arrayContaining([
        ['hcris:2', 'not_loaded'],
        ['hcris:3', 'not_loaded'],
      ]),
    );
  });
});
