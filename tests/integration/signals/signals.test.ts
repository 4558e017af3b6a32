import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { listSignals } from '../../../shared/signals/signals';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, point 5: two complete SODA walks of the Chicago building-permit feed (archived
 * 2024-03-01 and 2024-04-01) and the Hospital General Information facility reference (from
 * 2024-01-02), archived through the real ingest path, loaded by syncCatalog into dynalite, read
 * through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2024-04-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('construction signals endpoints', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const ids = (b: Json) => b.items.map((i: Json) => i.filing_id);
  const MARCH = 'as_of=2024-03-15';

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(
      h.deps,
      (e) => e.source_id === 'chicago_building_permits' || e.source_id === 'cms_hospital_general_information',
      { catalog: false },
    );
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('lists the signals newest first, each matched to a hospital with its confidence, the merge shown', async () => {
    const { status, body } = await get(`/signals?${MARCH}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['100900004', '100900001', '100900003', '100900007', '100900008', '100900005']);
    expect(body).toMatchObject({
      total: 6,
      limit: 50,
      offset: 0,
      next_offset: null,
      sort: 'recent',
      as_of: '2024-03-15',
    });
    expect(body.merge_rule).toMatch(/same_permit_number/);
    expect(body.sources.map((s: Json) => [s.source_id, s.publisher_version])).toEqual([
      ['chicago_building_permits', '2024-03-01'],
      ['cms_hospital_general_information', '2024-01-02'],
    ]);
    for (const s of body.sources) {
      expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(s.version_id).toEqual(expect.any(Number));
    }
    const [waiting, tower, mri, sign, dialysis, wreck] = body.items;
    expect(tower).toMatchObject({
      signal_id: 'chicago_building_permits:100900001',
      state: 'IL',
      city: 'CHICAGO',
      category: 'expansion',
      value_usd: 85000000,
      issued_date: '2024-02-15',
      system: null,
      facility: {
        status: 'matched',
        ccn: '140900',
        name: 'LAKESHORE GENERAL HOSPITAL',
        confidence: 1,
        method: 'name_address',
      },
    });
    expect(tower.facility.reference).toMatchObject({
      source_id: 'cms_hospital_general_information',
      locator: { record: 3 },
    });
    expect(tower.facility.candidates.map((c: Json) => c.ccn)).toEqual(['140900', '143900']);
    expect(tower.source).toMatchObject({ source_id: 'chicago_building_permits', locator: { line: 1, record: 1 } });
    expect(tower.source_row.permit_).toBe('100900001');
    expect(mri).toMatchObject({ category: 'equipment', facility: { ccn: '140901', method: 'name_address' } });
    expect(mri.merged_from).toEqual([
      expect.objectContaining({ filing_id: '100900002', rule: 'repeated_filing', value_usd: 4200000 }),
    ]);
    expect(waiting.facility).toMatchObject({ status: 'ambiguous', ccn: null, confidence: null });
    expect(waiting.facility.candidates.map((c: Json) => [c.ccn, c.confidence, c.method])).toEqual([
      ['140900', 0.8, 'address'],
      ['143900', 0.8, 'address'],
    ]);
    expect(sign.facility).toMatchObject({ status: 'matched', ccn: '140902', confidence: 1 });
    expect(sign.health_rule).toEqual(['contact name: HOSPITAL']);
    expect(dialysis.facility.status).toBe('unmatched');
    expect(wreck).toMatchObject({ category: 'demolition', facility: { status: 'unmatched', candidates: [] } });
  });

  it('filters by state, city, category, minimum value and recency; sorts by value; pages', async () => {
    const q = async (s: string) => ids((await get(`/signals?${MARCH}&${s}`)).body);
    expect(await q('category=equipment')).toEqual(['100900003', '100900008']);
    expect(await q('category=EXPANSION&state=il')).toEqual(['100900001']);
    expect(await q('min_value=1000000')).toEqual(['100900001', '100900003']);
    expect(await q('since=2024-02-10')).toEqual(['100900004', '100900001']);
    expect(await q('city=chicago&min_value=300000&category=renovation')).toEqual(['100900004']);
    expect(await q('city=Springfield')).toEqual([]);
    expect(await q('state=CA')).toEqual([]);
    expect(await q('sort=value')).toEqual([
      '100900001',
      '100900003',
      '100900004',
      '100900005',
      '100900008',
      '100900007',
    ]);
    const page = (await get(`/signals?${MARCH}&limit=2&offset=1`)).body;
    expect(ids(page)).toEqual(['100900001', '100900003']);
    expect(page).toMatchObject({ total: 6, next_offset: 3 });
  });

  it('pages by cursor and by offset in each order, the pages adding up to the whole list', async () => {
    for (const sort of ['recent', 'value']) {
      const whole = ids((await get(`/signals?${MARCH}&sort=${sort}`)).body);
      expect(whole).toHaveLength(6);
      const byCursor: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await get(
          `/signals?${MARCH}&sort=${sort}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ total: 6, offset: cursor ? null : 0, next_offset: cursor ? null : 4 });
        byCursor.push(...ids(r.body));
        cursor = r.body.next;
        pages++;
      } while (cursor);
      expect(pages).toBe(2);
      expect(byCursor).toEqual(whole);
      const byOffset: string[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const r = await get(`/signals?${MARCH}&sort=${sort}&limit=2&offset=${offset}`);
        expect(r.body).toMatchObject({ offset, next_offset: offset + 2 < 6 ? offset + 2 : null });
        expect(r.body.next === null).toBe(offset + 2 >= 6);
        byOffset.push(...ids(r.body));
      }
      expect(byOffset).toEqual(whole);
      // A cursor from an offset page continues after it.
      const first = (await get(`/signals?${MARCH}&sort=${sort}&limit=2&offset=1`)).body;
      const after = (await get(`/signals?${MARCH}&sort=${sort}&limit=10&cursor=${encodeURIComponent(first.next)}`))
        .body;
      expect(ids(after)).toEqual(whole.slice(3));
      expect(after.next).toBeNull();
    }
    // Filters page the same way (a range on the order's own field and one read as an expression).
    const filtered = ids((await get(`/signals?${MARCH}&sort=value&min_value=100000&since=2024-01-01`)).body);
    const first = (await get(`/signals?${MARCH}&sort=value&min_value=100000&since=2024-01-01&limit=1`)).body;
    const rest = (
      await get(
        `/signals?${MARCH}&sort=value&min_value=100000&since=2024-01-01&cursor=${encodeURIComponent(first.next)}`,
      )
    ).body;
    expect([...ids(first), ...ids(rest)]).toEqual(filtered);
    expect(filtered.length).toBeGreaterThan(1);
  });

  it('counts total from the rollup for state and category, else only with include_total', async () => {
    expect((await get(`/signals?${MARCH}&category=equipment&state=IL`)).body.total).toBe(2);
    expect((await get(`/signals?${MARCH}&state=CA`)).body.total).toBe(0);
    const q = 'city=chicago&min_value=300000&category=renovation';
    expect((await get(`/signals?${MARCH}&${q}`)).body.total).toBeNull();
    expect((await get(`/signals?${MARCH}&${q}&include_total=true`)).body.total).toBe(1);
    expect((await get(`/signals?${MARCH}&min_value=1000000&include_total=true`)).body.total).toBe(2);
    expect((await get(`/signals?${MARCH}&since=2024-02-10&sort=value&include_total=true`)).body.total).toBe(2);
    expect((await get(`/signals?${MARCH}&city=Springfield&include_total=true`)).body.total).toBe(0);
  });

  it('bounds offsets and cursors: 400 naming the parameter', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad(`/signals?${MARCH}&offset=10001`, 'offset');
    const next = (await get(`/signals?${MARCH}&limit=1`)).body.next as string;
    await bad(`/signals?${MARCH}&limit=1&offset=1&cursor=${encodeURIComponent(next)}`, 'offset');
    // A cursor belongs to its order, filters and date.
    await bad(`/signals?${MARCH}&sort=value&cursor=${encodeURIComponent(next)}`, 'cursor');
    await bad(`/signals?${MARCH}&category=equipment&cursor=${encodeURIComponent(next)}`, 'cursor');
    await bad(`/signals?as_of=2024-04-10&cursor=${encodeURIComponent(next)}`, 'cursor');
    await bad(`/signals?${MARCH}&cursor=not-a-cursor`, 'cursor');
    await bad(`/signals?${MARCH}&include_total=yes`, 'include_total');
  });

  it('answers 400 too_broad when filters skip more than the scan budget to fill a page', async () => {
    const date = '2024-03-15';
    // A budget of 2 skipped signals: Springfield matches none of the 6, so filling the page scans too far.
    const small = { scan: 2, count: 3 };
    const q = { sort: 'recent' as const, limit: 2 };
    await expect(listSignals(h.deps, { ...q, city: 'Springfield' }, date, small)).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ['query', 'city'], type: 'too_broad' })],
    });
    await expect(listSignals(h.deps, { ...q, min_value: 90_000_000 }, date, small)).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ['query', 'min_value'], type: 'too_broad' })],
    });
    // The same filter as the order's own key range reads only what it shows.
    const byValue = await listSignals(h.deps, { ...q, sort: 'value', min_value: 1_000_000 }, date, small);
    expect(byValue.items.map((i) => i.filing_id)).toEqual(['100900001', '100900003']);
    // Counting past the cap is a 400 on include_total, not a guess.
    await expect(
      listSignals(h.deps, { ...q, since: '2015-01-01', include_total: 'true' }, date, small),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ['query', 'include_total'], type: 'too_broad' })],
    });
    // Within the budget the answer is whole.
    const within = await listSignals(h.deps, { ...q, city: 'chicago', category: 'equipment' }, date, small);
    expect(within.items.map((i) => i.filing_id)).toEqual(['100900003', '100900008']);
  });

  it('switches to the next walk on the day it was archived', async () => {
    const before = await get('/signals?as_of=2024-03-31');
    const after = await get('/signals?as_of=2024-04-01');
    expect(before.body.sources[0].publisher_version).toBe('2024-03-01');
    expect(after.body.sources[0].publisher_version).toBe('2024-04-01');
    expect(before.body.total).toBe(6);
    expect(ids(after.body)).toEqual([
      '100900009',
      '100900001',
      '100900004',
      '100900003',
      '100900007',
      '100900008',
      '100900005',
    ]);
    const tower = after.body.items[1];
    expect(tower).toMatchObject({
      value_usd: 87500000,
      issued_date: '2024-03-20',
      source: { locator: { line: 2, record: 9 } },
    });
    expect(tower.merged_from).toEqual([
      expect.objectContaining({ filing_id: '100900001', rule: 'same_permit_number', value_usd: 85000000 }),
    ]);
    expect(after.body.items[0]).toMatchObject({ category: 'new_construction', facility: { status: 'unmatched' } });
    // Without as_of: today (2024-04-10).
    expect((await get('/signals')).body).toMatchObject({ total: 7, as_of: '2024-04-10' });
  });

  it('rolls up by state and category from the load-time rollup', async () => {
    const { status, body } = await get(`/signals/summary?${MARCH}`);
    expect(status).toBe(200);
    expect(body.groups).toEqual([
      { state: 'IL', category: 'demolition', signals: 1, value_usd: 150000, median_value_usd: 150000 },
      { state: 'IL', category: 'equipment', signals: 2, value_usd: 4290000, median_value_usd: 2145000 },
      { state: 'IL', category: 'expansion', signals: 1, value_usd: 85000000, median_value_usd: 85000000 },
      { state: 'IL', category: 'other', signals: 1, value_usd: 8000, median_value_usd: 8000 },
      { state: 'IL', category: 'renovation', signals: 1, value_usd: 350000, median_value_usd: 350000 },
    ]);
    expect(body.states).toEqual([{ state: 'IL', signals: 6, value_usd: 89798000 }]);
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['chicago_building_permits']);
    const april = (await get('/signals/summary?as_of=2024-04-01&category=new_construction')).body;
    expect(april.groups).toEqual([
      { state: 'IL', category: 'new_construction', signals: 1, value_usd: 6000000, median_value_usd: 6000000 },
    ]);
    expect((await get(`/signals/summary?${MARCH}&state=CA`)).body.groups).toEqual([]);
  });

  it('answers 400 naming the parameter, 503 before any walk and for system, 501 for /signals/systems', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(r.body.type).toBeDefined();
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad('/signals?state=ZZ', 'state');
    await bad('/signals?category=tower', 'category');
    await bad('/signals?min_value=-5', 'min_value');
    await bad('/signals?since=2024-13-01', 'since');
    await bad('/signals?sort=size', 'sort');
    await bad('/signals?limit=0', 'limit');
    await bad('/signals?as_of=2024-02-30', 'as_of');
    await bad('/signals?colour=red', 'colour');
    await bad('/signals/summary?category=x', 'category');
    const early = await get('/signals?as_of=2024-02-29');
    expect(early.status).toBe(503);
    expect(early.body.detail).toMatch(/chicago_building_permits/);
    expect((await get('/signals/summary?as_of=2024-02-29')).status).toBe(503);
    const system = await get(`/signals?${MARCH}&system=Lakeshore%20Health`);
    expect(system.status).toBe(503);
    expect(system.body.detail).toMatch(/ahrq_compendium/);
    expect((await get('/signals/systems')).status).toBe(501);
  });
});

describe('construction signals without the facility reference', () => {
  let h: Harness;
  let key: TestKey;

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'chicago_building_permits', { catalog: false });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('still lists the signals, says no match was attempted and names the missing reference as a gap', async () => {
    const r = await h.request('/signals?as_of=2024-03-15&limit=1', { headers: key.headers });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Json;
    expect(body.total).toBe(6);
    expect(body.items[0].facility).toEqual({
      status: 'not_attempted',
      ccn: null,
      name: null,
      confidence: null,
      method: null,
      candidates: [],
      reference: null,
    });
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['chicago_building_permits']);
    // The missing reference is a gap; so is every other signal feed with no version on the date
    // (only Chicago is seeded here), so a new feed's folder needs no edit of this test.
    const gaps = body.gaps.map((g: Json) => g.source_id);
    expect(gaps).toContain('cms_hospital_general_information');
    expect(gaps).not.toContain('chicago_building_permits');
  });
});
