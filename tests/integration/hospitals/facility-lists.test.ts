import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 22 point 7, facility lists: the cms_pdc_facilities fixtures (nursing homes January to April
 * 2025, the other five files January 2025) archived through the real ingest path, loaded by
 * syncCatalog into dynalite (the February nursing-home release carrying CEDAR HOLLOW in as
 * terminated), read through the app with the real SDK.
 */
const TODAY = '2025-02-20';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('facility-type lists (Care Compare)', () => {
  const world = catalogWorld(['cms_pdc_facilities'], clock, 120_000);
  const get = world.get;
  const ccns = (body: Json) => body.items.map((i: Json) => i.ccn);

  it('lists nursing homes in CCN order with provenance per row and per answer', async () => {
    const { status, body } = await get('/nursing-homes');
    expect(status).toBe(200);
    expect(body.facility_type).toBe('nursing_home');
    expect(ccns(body)).toEqual(['015101', '015102', '015103', '035101', '075101', '105101', '455101']);
    expect(body.items[0]).toMatchObject({
      name: 'MAPLE RIDGE NURSING HOME',
      county: 'Franklin',
      ownership: 'for_profit',
      ownership_published: 'For profit - Corporation',
      status: 'active',
      end_date: null,
      capacity: 64,
      source: { source_id: 'cms_pdc_facilities', doc_id: 'pdc_nursing_homes:1', publisher_version: '2025-02' },
    });
    expect(body.items[0].source.locator).toEqual({ line: 2, record: 1 });
    expect(body.items[0]).not.toHaveProperty('county_key');
    expect(body.items[4].name).toBe('ST. BRIGID\u2019S HEALTH CENTER');
    expect(body.as_of).toBe(TODAY);
    expect(body.sources).toHaveLength(1);
    expect(body.sources[0]).toMatchObject({ source_id: 'cms_pdc_facilities', publisher_version: '2025-02' });
    expect(body.sources[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.methodology_note).toMatch(/first release without it/);
    expect(body.next_cursor).toBeNull();
  });

  it('keeps a facility the release in force no longer lists as terminated from that release (as-of switch)', async () => {
    const july = await get('/nursing-homes?as_of=2025-01-31');
    expect(july.status).toBe(200);
    expect(ccns(july.body)).toEqual(['015101', '015102', '015103', '035101', '075101', '455101']);
    expect(july.body.items.every((i: Json) => i.status === 'active')).toBe(true);
    expect(july.body.sources[0].publisher_version).toBe('2025-01');

    const aug = await get('/nursing-homes?as_of=2025-02-01&status=terminated');
    expect(aug.status).toBe(200);
    expect(aug.body.items).toHaveLength(1);
    expect(aug.body.items[0]).toMatchObject({
      ccn: '015102',
      name: 'CEDAR HOLLOW CARE CENTER',
      status: 'terminated',
      end_date: '2025-02-01',
      last_release: { publisher_version: '2025-01', effective_from: '2025-01-01' },
      source: { publisher_version: '2025-02', locator: null },
    });
    const active = await get('/nursing-homes?as_of=2025-02-01&status=active');
    expect(ccns(active.body)).toEqual(['015101', '015103', '035101', '075101', '105101', '455101']);
  });

  it('carries a terminated facility on with its first end date, and ends the next one on its own release', async () => {
    const sep = await get('/nursing-homes?as_of=2025-03-15&status=terminated');
    expect(sep.status).toBe(200);
    expect(sep.body.items.map((i: Json) => [i.ccn, i.end_date, i.last_release.publisher_version])).toEqual([
      ['015102', '2025-02-01', '2025-01'],
      ['035101', '2025-03-01', '2025-02'],
    ]);
    expect(sep.body.sources[0].publisher_version).toBe('2025-03');
    const all = await get('/nursing-homes?as_of=2025-03-15&state=AZ');
    expect(all.body.items.map((i: Json) => [i.ccn, i.status])).toEqual([['035101', 'terminated']]);
  });

  it('lists a facility that comes back as active again, and keeps carrying the one still missing', async () => {
    const apr = await get('/nursing-homes?as_of=2025-04-15');
    expect(apr.body.sources[0].publisher_version).toBe('2025-04');
    expect(apr.body.items.map((i: Json) => [i.ccn, i.status, i.end_date])).toEqual([
      ['015101', 'active', null],
      ['015102', 'active', null],
      ['015103', 'active', null],
      ['035101', 'terminated', '2025-03-01'],
      ['075101', 'active', null],
      ['105101', 'active', null],
      ['455101', 'active', null],
    ]);
    expect(apr.body.items[1].source.locator).toEqual({ line: 3, record: 2 });
  });

  it('filters by state, ZIP, county (any case) and ownership, and combines them', async () => {
    expect(ccns((await get('/nursing-homes?state=al')).body)).toEqual(['015101', '015102', '015103']);
    expect(ccns((await get('/nursing-homes?zip=35653')).body)).toEqual(['015101']);
    expect(ccns((await get('/nursing-homes?county=FRANKLIN')).body)).toEqual(['015101', '015103']);
    expect(ccns((await get('/nursing-homes?ownership=government')).body)).toEqual(['015103', '035101']);
    expect(ccns((await get('/nursing-homes?state=AL&ownership=Non_Profit')).body)).toEqual(['015102']);
    expect(ccns((await get('/nursing-homes?state=AL&status=terminated')).body)).toEqual(['015102']);
    expect((await get('/nursing-homes?state=WY')).body.items).toEqual([]);
  });

  it('pages by limit and cursor without repeating or skipping, the cursor bound to its query', async () => {
    const first = await get('/nursing-homes?limit=3');
    expect(ccns(first.body)).toEqual(['015101', '015102', '015103']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await get(`/nursing-homes?limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(ccns(second.body)).toEqual(['035101', '075101', '105101']);
    const third = await get(`/nursing-homes?limit=3&cursor=${encodeURIComponent(second.body.next_cursor)}`);
    expect(ccns(third.body)).toEqual(['455101']);
    expect(third.body.next_cursor).toBeNull();
    const foreign = await get(`/nursing-homes?limit=3&state=AL&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(foreign.status).toBe(400);
  });

  it.each([
    ['/hospice', 'hospice', ['011501', '031502', '451503'], 'pdc_hospice:1'],
    ['/home-health', 'home_health', ['017001', '017002', '337003'], 'pdc_home_health:1'],
    ['/dialysis', 'dialysis', ['012301', '672302'], 'pdc_dialysis:1'],
    ['/irf', 'irf', ['013025', '453026'], 'pdc_irf:1'],
    ['/ltch', 'ltch', ['012001', '052002'], 'pdc_ltch:1'],
  ])('%s lists its own file', async (path, type, expected, doc) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body.facility_type).toBe(type);
    expect(ccns(body)).toEqual(expected);
    expect(body.items[0].source.doc_id).toBe(doc);
    expect(body.sources.map((s: Json) => s.doc_id)).toEqual([doc]);
  });

  it('reads the other files by their own columns: hospice county and ownership, dialysis stations', async () => {
    const hospice = await get('/hospice?county=travis');
    expect(hospice.body.items).toEqual([
      expect.objectContaining({
        ccn: '451503',
        ownership: 'government',
        ownership_published: 'Combination Government & Non-Profit',
        certification_date: '2010-06-30',
      }),
    ]);
    const dialysis = await get('/dialysis?ownership=non_profit');
    expect(dialysis.body.items.map((i: Json) => [i.ccn, i.capacity])).toEqual([['672302', 12]]);
  });

  it.each([
    ['/nursing-homes?state=XX', 'state'],
    ['/nursing-homes?zip=3565', 'zip'],
    ['/hospice?ownership=private', 'ownership'],
    ['/irf?status=closed', 'status'],
    ['/ltch?limit=0', 'limit'],
    ['/dialysis?as_of=2025-13-01', 'as_of'],
    ['/home-health?city=MOBILE', 'city'],
    ['/nursing-homes?cursor=nope', 'cursor'],
  ])('400 naming the parameter: %s', async (path, param) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors ?? body)).toContain(param);
  });

  it('503 naming cms_pdc_facilities before the first release of the file', async () => {
    const r = await get('/hospice?as_of=2024-12-31');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 503, sources: ['cms_pdc_facilities'] });
    expect(r.body.detail).toMatch(/pdc_hospice:1/);
  });
});
