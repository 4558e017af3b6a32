import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 23, ACO REACH: the results of PY2022 (GPDC, released 2023-11-17) and PY2023 (released
 * 2024-11-08) and the provider lists of PY2023 (from 2023-01-01) and PY2024 (from 2024-01-01),
 * archived through the real ingest path, loaded by syncCatalog into dynalite (rows, listings and
 * the per-entity provider counts), read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('ACO REACH endpoints', () => {
  const world = catalogWorld(['cms_reach_puf'], clock, 90_000);
  const get = world.get;

  it('lists the latest released year with results in dollars and percent, provider counts and the versions', async () => {
    const { status, body } = await get('/vbc/reach');
    expect(status).toBe(200);
    expect(body).toMatchObject({ performance_year: 2023, performance_years: [2022, 2023], total: 3 });
    expect(body.items.map((i: Json) => [i.entity_id, i.model, i.provider_counts])).toEqual([
      ['D0101', 'aco_reach', { participant: 4, preferred: 2 }],
      ['D0102', 'aco_reach', { participant: 2, preferred: 0 }],
      ['D0104', 'aco_reach', { participant: 1, preferred: 1 }],
    ]);
    expect(body.items[0]).toMatchObject({
      entity_name: 'Riverbend REACH ACO LLC',
      entity_type: 'standard',
      risk_arrangement: 'global',
      discount_pct: 3.5,
      savings_rate_pct: 5,
      shared_savings: 21550000,
      quality_score_pct: 87.25,
      layout: 'reach-results@1',
    });
    expect(body.items[0].source_row.sav_rate).toBe('0.05');
    expect(body.sources.map((s: Json) => [s.doc_id, s.publisher_version])).toEqual([
      ['reach:1', 'PY 2023'],
      ['reach:2', 'PY 2023'],
    ]);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.methodology_note).toMatch(/GPDC/);
  });

  it('filters by entity type and risk arrangement, sorts, pages, and lists a GPDC year', async () => {
    const byShared = await get('/vbc/reach?sort=shared_savings');
    expect(byShared.body.items.map((i: Json) => [i.entity_id, i.shared_savings])).toEqual([
      ['D0101', 21550000],
      ['D0104', 1760000],
      ['D0102', -1050000],
    ]);
    const losses = await get('/vbc/reach?sort=losses');
    expect(losses.body.items.map((i: Json) => [i.entity_id, i.losses])).toEqual([
      ['D0102', 2100000],
      ['D0101', 0],
      ['D0104', 0],
    ]);
    expect((await get('/vbc/reach?entity_type=high_needs')).body.items.map((i: Json) => i.entity_id)).toEqual([
      'D0102',
    ]);
    const page = await get('/vbc/reach?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: 3, next_offset: 2, items: [{ entity_id: 'D0102' }] });
    const gpdc = await get('/vbc/reach?year=2022&risk_arrangement=global');
    expect(gpdc.body.items.map((i: Json) => [i.entity_id, i.model, i.provider_counts, i.quality_score_pct])).toEqual([
      ['D0101', 'gpdc', null, 100],
      ['D0103', 'gpdc', null, null],
    ]);
    expect(gpdc.body.items[1].qual_score_note).toMatch(/No quality score/);
    expect(gpdc.body.sources.map((s: Json) => s.publisher_version)).toEqual(['PY 2022']);
  });

  it('gives one entity with a page of its providers (in the file order) and provider_total', async () => {
    const { status, body } = await get('/vbc/reach/d0101?year=2023&provider_limit=2&provider_offset=2');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      entity_id: 'D0101',
      performance_year: 2023,
      performance_years: [2022, 2023, 2024],
      provider_total: 6,
      provider_limit: 2,
      provider_offset: 2,
      provider_next_offset: 4,
      provider_counts: { participant: 4, preferred: 2 },
      results: { entity_id: 'D0101', performance_year: 2023, shared_savings: 21550000 },
    });
    expect(body.providers.map((p: Json) => [p.provider_type, p.provider_name, p.npi])).toEqual([
      ['participant', 'Alvarez Tomas', '1234567034'],
      ['participant', 'Brightwater Internal Medicine Group', null],
    ]);
    expect(body.providers[1].source_row.NPI).toBe('1234567040');
    const first = await get('/vbc/reach/D0101?year=2023&provider_limit=2');
    expect(first.body.providers.map((p: Json) => [p.provider_name, p.npi, p.tin])).toEqual([
      ['Riverbend Family Medicine PC', '1234567018', '123456789'],
      ['Okafor Jane Q', '1234567026', '123456789'],
    ]);
    const last = await get('/vbc/reach/D0101?year=2023&provider_limit=4&provider_offset=4');
    expect(last.body).toMatchObject({ provider_total: 6, provider_next_offset: null });
    expect(last.body.providers.map((p: Json) => p.provider_name)).toEqual([
      'Riverbend Community Hospital',
      'Valley Rehab Center',
    ]);
    const preferred = await get('/vbc/reach/D0101?year=2023&provider_type=preferred');
    expect(preferred.body.provider_total).toBe(2);
    const second = await get('/vbc/reach/D0101?year=2023&provider_type=preferred&provider_offset=1');
    expect(second.body.providers.map((p: Json) => p.provider_name)).toEqual(['Valley Rehab Center']);
    expect(preferred.body.providers.map((p: Json) => [p.provider_name, p.ccn])).toEqual([
      ['Riverbend Community Hospital', '360123'],
      ['Valley Rehab Center', '010045'],
    ]);
    expect(preferred.body.sources.map((s: Json) => [s.doc_id, s.publisher_version])).toEqual([
      ['reach:1', 'PY 2023'],
      ['reach:2', 'PY 2023'],
    ]);
  });

  it('defaults to the latest year the entity appears in, results null until released', async () => {
    const latest = await get('/vbc/reach/D0101');
    expect(latest.body).toMatchObject({
      performance_year: 2024,
      results: null,
      provider_total: 4,
      provider_counts: { participant: 3, preferred: 1 },
      entity_name: 'Riverbend REACH ACO LLC',
    });
    const gone = await get('/vbc/reach/D0103');
    expect(gone.body).toMatchObject({
      performance_year: 2022,
      provider_total: 0,
      providers: [],
      provider_counts: null,
    });
    expect(gone.body.results).toMatchObject({ losses: 3584000, model: 'gpdc' });
    const onlyList = await get('/vbc/reach/D0105');
    expect(onlyList.body).toMatchObject({ performance_years: [2024], results: null, provider_total: 2 });
    expect(onlyList.body.entity_name).toBe('Northwind Kidney and Primary Care ACO');
  });

  it('answers from the versions released by as_of, switching on the release day', async () => {
    const before = await get('/vbc/reach?as_of=2024-11-07');
    expect(before.body).toMatchObject({ performance_year: 2022, performance_years: [2022], total: 3 });
    const after = await get('/vbc/reach?as_of=2024-11-08');
    expect(after.body).toMatchObject({ performance_year: 2023, performance_years: [2022, 2023] });
    const notYet = await get('/vbc/reach?year=2023&as_of=2024-11-07');
    expect(notYet.status).toBe(404);
    expect(notYet.body.detail).toMatch(/PY2023.*2022/);
    const mesa = await get('/vbc/reach/D0104?year=2023&as_of=2024-11-07');
    expect(mesa.body).toMatchObject({ results: null, provider_total: 2 });
    expect((await get('/vbc/reach/D0104?year=2023&as_of=2024-11-08')).body.results.entity_id).toBe('D0104');
    expect((await get('/vbc/reach/D0103?as_of=2023-11-16')).status).toBe(404);
    const noResults = await get('/vbc/reach?as_of=2023-11-16');
    expect(noResults.status).toBe(503);
    expect(noResults.body.detail).toMatch(/cms_reach_puf/);
    expect((await get('/vbc/reach/D0101?as_of=2022-12-31')).status).toBe(503);
  });

  it('answers 400 naming the parameter and 404 for an unknown entity', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad('/vbc/reach/0101', 'entity_id');
    await bad('/vbc/reach/D12', 'entity_id');
    await bad('/vbc/reach?year=abc', 'year');
    await bad('/vbc/reach?year=2019', 'year');
    await bad('/vbc/reach?entity_type=gold', 'entity_type');
    await bad('/vbc/reach?risk_arrangement=full', 'risk_arrangement');
    await bad('/vbc/reach?sort=money', 'sort');
    await bad('/vbc/reach?as_of=2024-02-30', 'as_of');
    await bad('/vbc/reach/D0101?provider_limit=0', 'provider_limit');
    await bad('/vbc/reach/D0101?provider_offset=-1', 'provider_offset');
    await bad('/vbc/reach/D0101?provider_type=affiliate', 'provider_type');
    await bad('/vbc/reach/D0101?page=2', 'page');
    expect((await get('/vbc/reach/D9999')).status).toBe(404);
    expect((await get('/vbc/reach/D0105?year=2023')).status).toBe(404);
  });
});
