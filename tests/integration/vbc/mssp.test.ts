import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, MSSP: the PY2014 (long names, no ACO ID, released 2015-08-25) and PY2022 (coded names,
 * released 2023-08-30) fixtures archived through the real ingest path, loaded by syncCatalog into
 * dynalite (rows, indexes and the year-and-track rollup), read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('MSSP endpoints', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    // The two years this file is about (the other years and the crosswalk: mssp-years.test.ts).
    const only = ['PY 2014', 'PY 2022'];
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_mssp_puf' && only.includes(e.publisher_version ?? ''), {
      catalog: false,
    });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('lists every performance year with rates in percent, source_row and the versions', async () => {
    const { status, body } = await get('/vbc/financials');
    expect(status).toBe(200);
    expect(body.total).toBe(9);
    expect(body.items.map((i: Json) => [i.performance_year, i.aco_id])).toEqual([
      [2022, 'A1101'],
      [2022, 'A1202'],
      [2022, 'A1303'],
      [2022, 'A1404'],
      [2022, 'A1405'],
      [2014, 'A1101'],
      [2014, 'A1202'],
      [2014, null],
      [2014, null],
    ]);
    const lake14 = body.items[5];
    expect(lake14).toMatchObject({
      aco_name: 'Lakeshore Accountable Care Partners, LLC',
      link: {
        method: 'name',
        confidence: 0.9,
        matched_name: 'Lakeshore Accountable Care Partners LLC',
        matched_year: 2022,
      },
      quality_score_pct: null,
      quality_score_published: 'P4R',
    });
    expect(lake14.qual_score_note).toMatch(/Pay for reporting/);
    expect(body.items[6].link).toMatchObject({ method: 'name', confidence: 1 });
    const sunbelt = body.items.find(
      (i: Json) => i.aco_name === 'Sunbelt Physicians ACO' && i.performance_year === 2014,
    );
    expect(sunbelt.link).toEqual({
      method: 'none',
      confidence: 0,
      matched_name: null,
      matched_year: null,
      candidates: ['A1404', 'A1405'],
    });
    expect(body.items[0]).toMatchObject({ savings_rate_pct: 4.13, quality_score_pct: 91.37, layout: 'coded-2019@1' });
    expect(body.items[0].source_row.Sav_rate).toBe('0.0413');
    expect(body.items[6].source_row['Quality Score6']).toBe('88.40%');
    expect(body.sources.map((s: Json) => s.publisher_version)).toEqual(['PY 2014', 'PY 2022']);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('filters by year, track and state, sorts by losses and pages', async () => {
    const losses = await get('/vbc/financials?sort=losses&limit=3');
    expect(losses.body.items.map((i: Json) => [i.performance_year, i.aco_name, i.losses])).toEqual([
      [2022, 'Sunbelt Physicians ACO, LLC', 2745000],
      [2014, 'Prairie Health Collaborative', 2400000],
      [2022, 'Harbor Light ACO', 2136000],
    ]);
    expect(losses.body).toMatchObject({ order: 'desc', total: 9, next_offset: 3 });
    const y = await get('/vbc/financials?year=2014&track=track_2');
    expect(y.body.items.map((i: Json) => i.aco_name)).toEqual(['Prairie Health Collaborative']);
    const st = await get('/vbc/financials?state=vt');
    expect(st.body.items.map((i: Json) => [i.performance_year, i.aco_id])).toEqual([
      [2022, 'A1202'],
      [2014, 'A1202'],
    ]);
  });

  it('rolls up by year and track from the load-time rollup', async () => {
    const { status, body } = await get('/vbc/financials/summary');
    expect(status).toBe(200);
    const t1 = body.groups.find((g: Json) => g.performance_year === 2014 && g.track === 'track_1');
    expect(t1).toMatchObject({ acos: 3, acos_earning_savings: 1, earned_shared_savings: 2401876 });
    expect(body.years).toEqual([
      expect.objectContaining({ performance_year: 2014, acos: 4, owed_losses: 1296000 }),
      expect.objectContaining({ performance_year: 2022, acos: 5, acos_earning_savings: 2 }),
    ]);
    const only = await get('/vbc/financials/summary?year=2022&track=enhanced');
    expect(only.body.groups).toHaveLength(1);
    expect(only.body.groups[0]).toMatchObject({ acos: 1, median_savings_rate_pct: 3 });
  });

  it('gives one ACO across years, the ID-less year linked by name', async () => {
    const { status, body } = await get('/vbc/acos/a1101/financials');
    expect(status).toBe(200);
    expect(body.years.map((r: Json) => [r.performance_year, r.link.method, r.link.confidence])).toEqual([
      [2014, 'name', 0.9],
      [2022, 'aco_id', 1],
    ]);
    expect(body.aco_name).toBe('Lakeshore Accountable Care Partners LLC');
    const sun = await get('/vbc/acos/A1404/financials');
    expect(sun.body.years).toHaveLength(1);
    expect(sun.body.unlinked_name_matches.map((r: Json) => r.performance_year)).toEqual([2014]);
  });

  it('answers from the years released by as_of', async () => {
    const before = await get('/vbc/financials?as_of=2023-08-29');
    expect(before.body.total).toBe(4);
    expect(before.body.items.every((i: Json) => i.aco_id === null && i.link.method === 'none')).toBe(true);
    const after = await get('/vbc/financials?as_of=2023-08-30');
    expect(after.body.total).toBe(9);
    expect((await get('/vbc/acos/A1101/financials?as_of=2023-08-29')).status).toBe(404);
    const early = await get('/vbc/financials/summary?as_of=2015-08-24');
    expect(early.status).toBe(503);
    expect(early.body.detail).toMatch(/cms_mssp_puf/);
  });

  it('answers 400 naming the parameter and 404 for an unknown ACO', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad('/vbc/acos/1101/financials', 'aco_id');
    await bad('/vbc/acos/A12/financials', 'aco_id');
    await bad('/vbc/financials?year=14', 'year');
    await bad('/vbc/financials?track=gold', 'track');
    await bad('/vbc/financials?state=ZZ', 'state');
    await bad('/vbc/financials?sort=money', 'sort');
    await bad('/vbc/financials/summary?year=abc', 'year');
    await bad('/vbc/financials?as_of=2024-02-30', 'as_of');
    expect((await get('/vbc/acos/A9999/financials')).status).toBe(404);
  });
});
