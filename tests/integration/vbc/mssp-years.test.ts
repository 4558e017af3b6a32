import * as fs from 'node:fs';
import * as path from 'node:path';
import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { fixtureManifest, seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, point 2, every performance year: all the cms_mssp_puf fixtures (PY2013 with encrypted
 * ACO numbers, PY2014 and PY2015 without identifiers, PY2016 with ACO numbers, PY2017 and PY2018
 * with ACO IDs, PY2022) and CMS's ACO ID Crosswalk (in force from 2019-07-01), archived through
 * the real ingest path, loaded into dynalite and read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const ROOT = path.resolve(__dirname, '../../..');
const years = fixtureManifest()
  .filter((e) => e.source_id === 'cms_mssp_puf' && /^PY \d{4}$/.test(e.publisher_version ?? ''))
  .map((e) => ({
    year: Number(e.publisher_version!.slice(3)),
    rows:
      fs
        .readFileSync(path.join(ROOT, e.path), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length - 1,
  }));

describe('MSSP endpoints across every performance year', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_mssp_puf', { catalog: false });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 120_000);
  afterAll(() => h.close());

  it('has a fixture for every year from PY2013 to PY2018', () => {
    expect(years.map((y) => y.year)).toEqual(expect.arrayContaining([2013, 2014, 2015, 2016, 2017, 2018]));
  });

  it.each(years.map((y) => [y.year, y.rows]))(
    '/vbc/financials?year=%i answers that year only, every row, rates in percent',
    async (year, rows) => {
      const { status, body } = await get(`/vbc/financials?year=${year}&limit=100`);
      expect(status).toBe(200);
      expect(body.total).toBe(rows);
      expect(body.items.every((i: Json) => i.performance_year === year)).toBe(true);
      for (const i of body.items) {
        for (const k of ['savings_rate_pct', 'min_savings_rate_pct', 'final_sharing_rate_pct', 'quality_score_pct'])
          if (i[k] !== null) expect(Math.abs(i[k])).toBeLessThanOrEqual(100);
        expect(Object.keys(i.source_row).length).toBeGreaterThan(5);
        expect(typeof i.qual_score_note).toBe('string');
      }
      expect(body.sources.map((s: Json) => s.publisher_version)).toContain(`PY ${year}`);
    },
  );

  it('links the ACO numbers of PY2013 and PY2016 through the crosswalk, and names the crosswalk version', async () => {
    const { body } = await get('/vbc/financials?year=2013');
    const granite = body.items.find((i: Json) => i.aco_num === 'A52021');
    expect(granite).toMatchObject({
      aco_id: 'A1202',
      link: { method: 'crosswalk', confidence: 1 },
      quality_score_pct: 100,
    });
    expect(granite.qual_score_note).toMatch(/pay for reporting/);
    const riverbend = body.items.find((i: Json) => i.aco_num === 'A58888');
    expect(riverbend).toMatchObject({ aco_id: null, link: { method: 'none', candidates: [] } });
    expect(body.sources.map((s: Json) => s.publisher_version)).toContain('ACO ID Crosswalk 2019');
    const y16 = await get('/vbc/financials?year=2016');
    const sunbelt = y16.body.items.find((i: Json) => i.aco_num === 'A51404');
    // By name Sunbelt is ambiguous (A1404 and A1405); the crosswalk is not.
    expect(sunbelt).toMatchObject({ aco_id: 'A1404', link: { method: 'crosswalk' } });
    const cedar = y16.body.items.find((i: Json) => i.aco_num === 'A53030');
    expect(cedar).toMatchObject({ aco_id: 'A1506', link: { method: 'name', confidence: 1, matched_year: 2018 } });
  });

  it('gives one ACO across every year: ID, crosswalk and name-linked years, asked by ID or by 2013 number', async () => {
    const { status, body } = await get('/vbc/acos/A1202/financials');
    expect(status).toBe(200);
    expect(body.years.map((r: Json) => [r.performance_year, r.link.method, r.link.confidence])).toEqual([
      [2013, 'crosswalk', 1],
      [2014, 'name', 1],
      [2015, 'name', 1],
      [2016, 'crosswalk', 1],
      [2017, 'aco_id', 1],
      [2018, 'aco_id', 1],
      [2022, 'aco_id', 1],
    ]);
    expect(body.aco_nums).toEqual(['A52021']);
    expect(body.years.every((r: Json) => r.aco_id === 'A1202')).toBe(true);
    const byNum = await get('/vbc/acos/a52021/financials');
    expect(byNum.status).toBe(200);
    expect(byNum.body.aco_id).toBe('A1202');
    expect(byNum.body.years.map((r: Json) => r.performance_year)).toEqual(
      body.years.map((r: Json) => r.performance_year),
    );
    const sunbelt = await get('/vbc/acos/A1404/financials');
    expect(sunbelt.body.years.map((r: Json) => r.performance_year)).toEqual([2016, 2017, 2018, 2022]);
    expect(sunbelt.body.unlinked_name_matches.map((r: Json) => r.performance_year).sort()).toEqual([2014, 2015]);
  });

  it('answers an ACO number the crosswalk lacks with its own rows, claiming no name match', async () => {
    const { status, body } = await get('/vbc/acos/A59999/financials');
    expect(status).toBe(200);
    expect(body.aco_id).toBe('A59999');
    expect(body.years.map((r: Json) => [r.performance_year, r.link.method])).toEqual([[2013, 'none']]);
    expect(body.unlinked_name_matches.map((r: Json) => r.performance_year).sort()).toEqual([2014, 2015]);
    expect((await get('/vbc/acos/A99999/financials')).status).toBe(404);
    const bad = await get('/vbc/acos/A123456/financials');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('aco_id');
  });

  it('links by name before the crosswalk is released, by crosswalk from its release day', async () => {
    const before = await get('/vbc/financials?year=2013&as_of=2019-06-30');
    const g0 = before.body.items.find((i: Json) => i.aco_num === 'A52021');
    expect(g0).toMatchObject({ aco_id: 'A1202', link: { method: 'name', matched_year: 2017 } });
    expect(before.body.sources.map((s: Json) => s.publisher_version)).not.toContain('ACO ID Crosswalk 2019');
    const after = await get('/vbc/financials?year=2013&as_of=2019-07-01');
    const g1 = after.body.items.find((i: Json) => i.aco_num === 'A52021');
    expect(g1.link.method).toBe('crosswalk');
    // PY2018 is not released yet on that day: a 404 naming the years that are, not an empty list.
    for (const path of ['/vbc/financials', '/vbc/financials/summary']) {
      const early = await get(`${path}?year=2018&as_of=2019-09-24`);
      expect(early.status).toBe(404);
      expect(early.body.detail).toContain('PY2018 are not released');
      expect(early.body.performance_years).not.toContain(2018);
      expect(early.body.performance_years).toContain(2013);
    }
  });

  it('rolls up every year and filters the new Track 1+', async () => {
    const { body } = await get('/vbc/financials/summary');
    expect(body.years.map((y: Json) => y.performance_year)).toEqual(years.map((y) => y.year).sort());
    const plus = await get('/vbc/financials?track=track_1_plus');
    expect(plus.body.items.map((i: Json) => [i.performance_year, i.aco_id])).toEqual([[2018, 'A1101']]);
  });
});
