import type { Clock } from '../../../shared/deps';
import { systemSignals } from '../../../shared/signals/systems';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 23, point 5 (/signals/systems and the `system` filter): the Chicago permit walks, the
 * Hospital General Information reference and two AHRQ Compendium releases (2022 rev from
 * 2024-02-12, 2023 from 2024-03-20: Saint Brigid moves from Prairie Catholic Health to Lakeshore
 * Health), archived through the real ingest path, loaded by syncCatalog into dynalite and read
 * through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2024-04-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const LAKESHORE = 'HSI00000101';
const WEST_SIDE = 'HSI00000102';
const PRAIRIE = 'HSI00000103';
/** The sources seeded here; the other signal feeds' folders are gaps on every date. */
const FED = ['chicago_building_permits', 'cms_hospital_general_information', 'ahrq_compendium'];

describe('construction signals per health system (AHRQ Compendium)', () => {
  const world = catalogWorld(
    ['chicago_building_permits', 'cms_hospital_general_information', 'ahrq_compendium'],
    clock,
    120_000,
  );
  const get = world.get;
  const ids = (b: Json) => b.items.map((i: Json) => i.filing_id);
  const systems = (b: Json) => b.items.map((i: Json) => [i.health_sys_id, i.signals, i.value_usd]);
  const MARCH_2022 = 'as_of=2024-03-15';
  const MARCH_2023 = 'as_of=2024-03-25';

  it('rolls signals up per system by declared dollars, only through a matched CCN, with coverage and every version used', async () => {
    const { status, body } = await get(`/signals/systems?${MARCH_2022}`);
    expect(status).toBe(200);
    expect(systems(body)).toEqual([
      [LAKESHORE, 1, 85000000],
      [WEST_SIDE, 1, 4200000],
      [PRAIRIE, 1, 8000],
    ]);
    expect(body).toMatchObject({ total: 3, limit: 50, offset: 0, next_offset: null, next: null, sort: 'value' });
    // The ambiguous permit at the shared Lake Shore address and the two unmatched ones count for no system.
    expect(body.coverage).toEqual({
      signals: 6,
      counted: 3,
      matched_not_in_system: 0,
      matched_not_in_linkage: 0,
      matched_several_systems: 0,
      ambiguous: 1,
      unmatched: 2,
      not_attempted: 0,
    });
    expect(body.tie_rule).toMatch(/exactly one system/);
    const [lakeshore] = body.items;
    expect(lakeshore).toMatchObject({
      health_sys_name: 'Lakeshore Health',
      health_sys_city: 'Chicago',
      health_sys_state: 'IL',
      signals_without_value: 0,
      categories: [{ category: 'expansion', signals: 1, value_usd: 85000000 }],
      hospitals: [{ ccn: '140900', hospital_name: 'Lakeshore General Hospital', signals: 1, value_usd: 85000000 }],
      profile: { hospitals: 2, acute_hospitals: 1, physicians: 1840, beds: 912 },
    });
    expect(lakeshore.profile.reference).toMatchObject({ source_id: 'ahrq_compendium', doc_id: 'ahrq_compendium:1' });
    expect(body.sources.map((s: Json) => [s.source_id, s.doc_id, s.publisher_version])).toEqual([
      ['chicago_building_permits', 'chicago_permits:1', '2024-03-01'],
      ['cms_hospital_general_information', 'hgi:1', '2024-01-02'],
      ['ahrq_compendium', 'ahrq_compendium:2', '2022 rev'],
      ['ahrq_compendium', 'ahrq_compendium:1', '2022 rev'],
    ]);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Gaps name only the signal feeds not seeded here (a new feed's folder needs no edit of this test).
    expect(body.gaps.filter((g: Json) => FED.includes(g.source_id))).toEqual([]);
  });

  it('switches to the 2023 Compendium on the day it was archived: Saint Brigid now counts for Lakeshore Health', async () => {
    const before = (await get('/signals/systems?as_of=2024-03-19')).body;
    const after = (await get('/signals/systems?as_of=2024-03-20')).body;
    expect(systems(before)).toEqual([
      [LAKESHORE, 1, 85000000],
      [WEST_SIDE, 1, 4200000],
      [PRAIRIE, 1, 8000],
    ]);
    expect(systems(after)).toEqual([
      [LAKESHORE, 2, 85008000],
      [WEST_SIDE, 1, 4200000],
    ]);
    expect(after.items[0].categories).toEqual([
      { category: 'expansion', signals: 1, value_usd: 85000000 },
      { category: 'other', signals: 1, value_usd: 8000 },
    ]);
    expect(after.items[0].hospitals.map((x: Json) => x.ccn)).toEqual(['140900', '140902']);
    expect(after.items[0].profile).toMatchObject({ hospitals: 3, acute_hospitals: 2 });
    expect(
      after.sources.filter((s: Json) => s.source_id === 'ahrq_compendium').map((s: Json) => s.publisher_version),
    ).toEqual(['2023', '2023']);
    // /signals?system follows the same switch; the signal's own system too.
    expect(ids((await get(`/signals?as_of=2024-03-19&system=${LAKESHORE}`)).body)).toEqual(['100900001']);
    expect(ids((await get(`/signals?as_of=2024-03-20&system=${LAKESHORE}`)).body)).toEqual(['100900001', '100900007']);
    expect(ids((await get(`/signals?as_of=2024-03-19&system=${PRAIRIE}`)).body)).toEqual(['100900007']);
    const gone = await get(`/signals?as_of=2024-03-20&system=${PRAIRIE}`);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toMatch(/HSI00000103/);
    const sign = (await get('/signals?as_of=2024-03-20&category=other')).body.items[0];
    expect(sign.system).toMatchObject({
      health_sys_id: LAKESHORE,
      health_sys_name: 'Lakeshore Health',
      via_ccn: '140902',
    });
  });

  it('fills each signal of /signals with its system (null when the match is not clear), and names the linkage among the sources', async () => {
    const { body } = await get(`/signals?${MARCH_2022}`);
    const bySignal = Object.fromEntries(body.items.map((i: Json) => [i.filing_id, i.system?.health_sys_id ?? null]));
    expect(bySignal).toEqual({
      '100900004': null,
      '100900001': LAKESHORE,
      '100900003': WEST_SIDE,
      '100900007': PRAIRIE,
      '100900008': null,
      '100900005': null,
    });
    const tower = body.items.find((i: Json) => i.filing_id === '100900001');
    expect(tower.system).toMatchObject({
      via_ccn: '140900',
      reference: { source_id: 'ahrq_compendium', doc_id: 'ahrq_compendium:2' },
    });
    expect(body.sources.map((s: Json) => s.source_id)).toEqual([
      'chicago_building_permits',
      'cms_hospital_general_information',
      'ahrq_compendium',
    ]);
    expect(body.gaps.filter((g: Json) => FED.includes(g.source_id))).toEqual([]);
  });

  it('filters /signals by system with the other filters, sorts and pages in memory, total exact', async () => {
    const q = async (s: string) => (await get(`/signals?${MARCH_2023}&system=${LAKESHORE}&${s}`)).body;
    expect(ids(await q('sort=value'))).toEqual(['100900001', '100900007']);
    expect(ids(await q('min_value=100000'))).toEqual(['100900001']);
    expect(ids(await q('category=other'))).toEqual(['100900007']);
    expect(ids(await q('city=Springfield'))).toEqual([]);
    expect(ids(await q('state=CA'))).toEqual([]);
    const first = await q('limit=1');
    expect(first).toMatchObject({ total: 2, offset: 0, next_offset: 1 });
    expect(ids(first)).toEqual(['100900001']);
    const rest = await q(`limit=1&cursor=${encodeURIComponent(first.next)}`);
    expect(ids(rest)).toEqual(['100900007']);
    expect(rest).toMatchObject({ offset: null, next: null, total: 2 });
    // Lower case is read as the id; a cursor of another filter set is refused.
    expect(ids((await get(`/signals?${MARCH_2023}&system=hsi00000101`)).body)).toEqual(['100900001', '100900007']);
    const other = await get(
      `/signals?${MARCH_2023}&system=${LAKESHORE}&sort=value&cursor=${encodeURIComponent(first.next)}`,
    );
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body.errors)).toContain('cursor');
    // A system with no signal in force is an empty page, not a 404.
    const none = (await get(`/signals?${MARCH_2023}&system=HSI00000301`)).body;
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('filters /signals/systems by state and category, sorts by count, pages by offset and cursor', async () => {
    expect(systems((await get(`/signals/systems?${MARCH_2022}&category=equipment`)).body)).toEqual([
      [WEST_SIDE, 1, 4200000],
    ]);
    const ca = (await get(`/signals/systems?${MARCH_2022}&state=CA`)).body;
    expect(ca).toMatchObject({ items: [], total: 0, coverage: { signals: 0, counted: 0 } });
    expect(systems((await get(`/signals/systems?${MARCH_2023}&sort=signals&state=il`)).body)).toEqual([
      [LAKESHORE, 2, 85008000],
      [WEST_SIDE, 1, 4200000],
    ]);
    const whole = systems((await get(`/signals/systems?${MARCH_2022}`)).body);
    const paged: Json[] = [];
    let cursor: string | null = null;
    do {
      const r = await get(
        `/signals/systems?${MARCH_2022}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      paged.push(...systems(r.body));
      cursor = r.body.next;
    } while (cursor);
    expect(paged).toEqual(whole);
    const offset = (await get(`/signals/systems?${MARCH_2022}&limit=1&offset=2`)).body;
    expect(systems(offset)).toEqual([[PRAIRIE, 1, 8000]]);
    expect(offset).toMatchObject({ offset: 2, next_offset: null, total: 3 });
  });

  it('answers 400 naming the parameter, 404 for an unknown system, 400 too_broad past the bound', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad(`/signals?${MARCH_2022}&system=Lakeshore`, 'system');
    await bad(`/signals?${MARCH_2022}&system=HSI0000010`, 'system');
    await bad(`/signals/systems?${MARCH_2022}&state=ZZ`, 'state');
    await bad(`/signals/systems?${MARCH_2022}&category=tower`, 'category');
    await bad(`/signals/systems?${MARCH_2022}&sort=size`, 'sort');
    await bad(`/signals/systems?${MARCH_2022}&limit=1001`, 'limit');
    await bad(`/signals/systems?${MARCH_2022}&offset=10001`, 'offset');
    await bad(`/signals/systems?${MARCH_2022}&cursor=nope`, 'cursor');
    await bad(`/signals/systems?${MARCH_2022}&system=${LAKESHORE}`, 'system');
    await bad(`/signals/systems?${MARCH_2022}&as_of=2024-02-30`, 'as_of');
    const unknown = await get(`/signals?${MARCH_2022}&system=HSI99999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/HSI99999999.*2022 rev/);
    // Before any permit walk: the feeds' 503, as /signals.
    expect((await get('/signals/systems?as_of=2024-02-20')).status).toBe(503);
    // The per-request bound: past it, a 400 asking for state, then category.
    await expect(systemSignals(world.h.deps, { sort: 'value', limit: 50 }, '2024-03-15', 2)).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ['query', 'state'], type: 'too_broad' })],
    });
    await expect(
      systemSignals(world.h.deps, { sort: 'value', limit: 50, state: 'IL' }, '2024-03-15', 2),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ loc: ['query', 'category'], type: 'too_broad' })] });
    const narrow = await systemSignals(
      world.h.deps,
      { sort: 'value', limit: 50, category: 'equipment' },
      '2024-03-15',
      2,
    );
    expect(narrow.items.map((i) => i.health_sys_id)).toEqual([WEST_SIDE]);
  });
});
