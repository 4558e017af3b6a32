import type { Clock } from '../../../shared/deps';
import { spendingFor } from '../../../shared/rx/spending';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 6 (spending): the Part D releases RY2024 (in force from 2024-05-01) and RY2025
 * (from 2025-05-01, Eliquis 2022 restated), and the Part B and Medicaid RY2024 releases, archived
 * through the real ingest path, loaded by syncCatalog into dynalite, read through the app.
 */
const clock: Clock = { now: () => new Date('2025-06-01T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const SOURCES = ['cms_partd_spending_by_drug', 'cms_partb_spending_by_drug', 'cms_medicaid_spending_by_drug'];

describe('spending by drug', () => {
  const world = catalogWorld(SOURCES, clock, 120_000);
  const get = world.get;
  const brief = (it: Json) => [it.program, it.brand_name, it.year, it.total_spending];

  it('lists overall rows of every program by total spending, naming the release of each', async () => {
    const { status, body } = await get('/rx/spending?year=2022');
    expect(status).toBe(200);
    expect(body.items.slice(0, 4).map(brief)).toEqual([
      ['part_b', 'Keytruda', 2022, 4600000],
      ['part_b', 'Eylea', 2022, 2600000],
      ['part_d', 'Eliquis', 2022, 1262500],
      ['medicaid', 'Eliquis', 2022, 740000],
    ]);
    expect(body.items.every((it: Json) => it.level === 'overall' && it.manufacturer === null)).toBe(true);
    const spend = body.items.map((it: Json) => it.total_spending);
    expect(spend).toEqual([...spend].sort((a, b) => b - a));
    expect(body.releases).toEqual([
      expect.objectContaining({ program: 'part_d', publisher_version: 'RY2025 (DY2023)', in_force: true }),
      expect.objectContaining({ program: 'part_b', publisher_version: 'RY2024 (DY2022)', in_force: true }),
      expect.objectContaining({ program: 'medicaid', publisher_version: 'RY2024 (DY2022)', in_force: true }),
    ]);
    expect(body.items[0].source).toMatchObject({
      source_id: 'cms_partb_spending_by_drug',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      locator: { line: expect.any(Number), record: expect.any(Number) },
    });
    expect(body.sources.map((s: Json) => s.source_id).sort()).toEqual([...SOURCES].sort());
    expect(body).toMatchObject({ as_of: '2025-06-01', gaps: [], next_cursor: null });
    expect(body.order).toMatch(/total_spending descending/);
    expect(body.methodology_note).toMatch(/rebates/);
    expect(body.methodology_note).toMatch(/Medicaid Drug Rebate Program/);
  });

  it('filters several programs and name words; keeps suppressed counts null with the reason', async () => {
    const { body } = await get('/rx/spending?program=part_d,medicaid&year=2022&q=atorvastatin');
    expect(body.items.map(brief)).toEqual([
      ['part_d', 'Lipitor', 2022, 72000],
      ['medicaid', 'Atorvastatin Calcium', 2022, 40000],
      ['part_d', 'Atorvastatin Calcium', 2022, 35650],
    ]);
    expect(body.releases.map((r: Json) => r.program)).toEqual(['part_d', 'medicaid']);
    expect(body.methodology_note).not.toMatch(/Part B \(/);
    const medicaid = body.items[1];
    expect(medicaid).toMatchObject({
      total_beneficiaries: null,
      null_reasons: { total_beneficiaries: 'not_published' },
    });
    const sun = await get('/rx/spending?program=part_d&manufacturer=SUN%20PHARMA,%20INC.');
    expect(sun.body.items.map((it: Json) => it.year).sort()).toEqual([2020, 2021, 2022, 2023]);
    const y2022 = sun.body.items.find((it: Json) => it.year === 2022);
    expect(y2022).toMatchObject({
      level: 'manufacturer',
      manufacturer: 'Sun Pharma, Inc.',
      total_beneficiaries: null,
      outlier: true,
      null_reasons: { total_beneficiaries: 'suppressed_under_11', avg_spend_per_beneficiary: 'suppressed_under_11' },
    });
    const both = await get('/rx/spending?program=part_d&year=2022&q=eliquis&level=all');
    expect(both.body.items.map((it: Json) => it.level).sort()).toEqual(['manufacturer', 'overall']);
  });

  it('finds Part B drugs by HCPCS code (any case) and pages by cursor without repeats', async () => {
    const { body } = await get('/rx/spending?hcpcs=j0178&year=2021');
    expect(body.items.map((it: Json) => [it.hcpcs, it.brand_name, it.total_spending])).toEqual([
      ['J0178', 'Eylea', 2450000],
    ]);
    expect(body.releases.map((r: Json) => r.program)).toEqual(['part_b']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = await get(
        `/rx/spending?program=part_d&year=2023${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}&limit=2`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((it: Json) => it.drug_key));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it('answers from the release in force: a later release restates an earlier year on its first day', async () => {
    const before = await get('/rx/spending?program=part_d&year=2022&q=eliquis&as_of=2025-04-30');
    expect(before.body.items.map(brief)).toEqual([['part_d', 'Eliquis', 2022, 1250000]]);
    expect(before.body.releases[0].publisher_version).toBe('RY2024 (DY2022)');
    expect(before.body.items[0].source.publisher_version).toBe('RY2024 (DY2022)');
    const on = await get('/rx/spending?program=part_d&year=2022&q=eliquis&as_of=2025-05-01');
    expect(on.body.items.map(brief)).toEqual([['part_d', 'Eliquis', 2022, 1262500]]);
    expect(on.body.releases[0].publisher_version).toBe('RY2025 (DY2023)');
    // 2018 is in the RY2024 release only; 2023 in RY2025 only.
    expect((await get('/rx/spending?program=part_d&year=2018&as_of=2025-05-01')).body.items).toEqual([]);
    expect((await get('/rx/spending?program=part_d&year=2018&as_of=2025-04-30')).body.items).toHaveLength(5);
    const top = await get('/rx/spending/top?program=part_d&year=2022&as_of=2025-04-30&limit=1');
    expect(top.body.items[0]).toMatchObject({ brand_name: 'Eliquis', value: 1250000, rank: 1 });
  });

  it('ranks the top drugs of a program and year by each metric, ties on the record number, nulls unranked', async () => {
    const spend = await get('/rx/spending/top?program=part_d&year=2022');
    expect(spend.status).toBe(200);
    expect(spend.body.items.map((it: Json) => [it.brand_name, it.value])).toEqual([
      ['Eliquis', 1262500],
      ['Mounjaro', 300000],
      ['Lipitor', 72000],
      ['Atorvastatin Calcium', 35650],
      // Tied at 5,000.00: the later row of the release first (record number descending, unique).
      ['Glyburide', 5000],
      ['Glipizide', 5000],
    ]);
    expect(spend.body.items.map((it: Json) => it.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(spend.body).toMatchObject({ program: 'part_d', year: 2022, metric: 'total_spending', gaps: [] });
    const growth = await get('/rx/spending/top?program=part_d&year=2022&metric=spending_growth_pct');
    expect(growth.body.items.map((it: Json) => [it.brand_name, it.value])).toEqual([
      ['Eliquis', 25],
      ['Glyburide', 2.0408],
      ['Glipizide', 0],
      ['Atorvastatin Calcium', -4.6791],
      ['Lipitor', -5.2632],
    ]);
    const clean = await get('/rx/spending/top?program=part_d&year=2022&exclude_outliers=true');
    expect(clean.body.items.map((it: Json) => it.brand_name)).not.toContain('Atorvastatin Calcium');
    const unit = await get('/rx/spending/top?program=part_b&year=2022&metric=avg_spend_per_dosage_unit&limit=2');
    expect(unit.body.items.map((it: Json) => [it.hcpcs, it.value])).toEqual([
      ['J0178', 520],
      ['J9271', 71.875],
    ]);
    const claims = await get('/rx/spending/top?program=medicaid&year=2020&metric=total_claims&limit=1');
    expect(claims.body.items.map((it: Json) => [it.brand_name, it.value])).toEqual([['Atorvastatin Calcium', 5640]]);
    expect(claims.body.methodology_note).toMatch(/Medicaid/);
  });

  it('gives the spending of a generic name across programs, for joins by ingredient', async () => {
    const out = await spendingFor(world.h.deps, { genericName: 'ATORVASTATIN CALCIUM' }, '2025-06-01');
    expect(out.rows.every((r) => r.level === 'overall' && r.generic_name === 'Atorvastatin Calcium')).toBe(true);
    expect(out.totals.filter((t) => t.year === 2022)).toEqual([
      { program: 'part_d', year: 2022, total_spending: 107650, brands: 2 },
      { program: 'medicaid', year: 2022, total_spending: 40000, brands: 1 },
    ]);
    expect(out.releases.find((r) => r.program === 'part_d')!.publisher_version).toBe('RY2025 (DY2023)');
    const combo = await spendingFor(world.h.deps, { genericName: 'naloxone hcl' }, '2025-06-01');
    expect(combo.rows.map((r) => r.brand_name)).toContain('Suboxone');
    const none = await spendingFor(world.h.deps, { genericName: 'apixaban' }, '2024-01-01');
    expect(none.rows).toEqual([]);
    expect(none.releases.every((r) => !r.in_force)).toBe(true);
  });

  it('refuses bad input naming the parameter; 503 naming the sources before any release; gaps per program', async () => {
    const cases: [string, string][] = [
      ['/rx/spending?program=part_x', 'program'],
      ['/rx/spending?program=part_d,', 'program'],
      ['/rx/spending?year=twenty', 'year'],
      ['/rx/spending?q=a', 'q'],
      ['/rx/spending?limit=0', 'limit'],
      ['/rx/spending?level=brand', 'level'],
      ['/rx/spending?hcpcs=J01', 'hcpcs'],
      ['/rx/spending?hcpcs=J0178&program=part_d', 'hcpcs'],
      ['/rx/spending?manufacturer=Mylan&level=overall', 'manufacturer'],
      ['/rx/spending?cursor=nonsense', 'cursor'],
      ['/rx/spending?sort=name', 'sort'],
      ['/rx/spending/top?program=part_d', 'year'],
      ['/rx/spending/top?year=2022', 'program'],
      ['/rx/spending/top?program=part_d&year=2022&metric=price', 'metric'],
      ['/rx/spending/top?program=medicaid&year=2022&metric=total_beneficiaries', 'metric'],
      ['/rx/spending/top?program=part_d&year=2022&limit=101', 'limit'],
      ['/rx/spending/top?program=part_d&year=2022&exclude_outliers=yes', 'exclude_outliers'],
    ];
    for (const [path, param] of cases) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.errors.map((e: Json) => e.loc[e.loc.length - 1])).toContain(param);
    }
    const none = await get('/rx/spending?as_of=2024-04-30');
    expect(none.status).toBe(503);
    expect(none.body.sources.sort()).toEqual([...SOURCES].sort());
    const partB = await get('/rx/spending/top?program=part_b&year=2022&as_of=2024-04-30');
    expect(partB.status).toBe(503);
    expect(partB.body.sources).toEqual(['cms_partb_spending_by_drug']);
    // 2025-11-10: the RY2024 Part B and Medicaid releases are past an annual source's critical age
    // (550 days): gaps, while Part D's RY2025 answers.
    const late = await get('/rx/spending?year=2022&as_of=2025-11-10');
    expect(late.status).toBe(200);
    expect(late.body.items.every((it: Json) => it.program === 'part_d')).toBe(true);
    expect(late.body.releases.map((r: Json) => [r.program, r.in_force])).toEqual([
      ['part_d', true],
      ['part_b', false],
      ['medicaid', false],
    ]);
    expect(late.body.gaps.map((g: Json) => g.source_id).sort()).toEqual([
      'cms_medicaid_spending_by_drug',
      'cms_partb_spending_by_drug',
    ]);
  });
});
