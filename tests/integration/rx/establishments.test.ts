import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, point 6: two FDA DECRS registration files (archived 2026-11-02 and 2026-11-05) through
 * the real ingest path, loaded into dynalite (the operations rollup computed at load), read through
 * the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2026-11-06T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/establishments', () => {
  const world = catalogWorld(['fda_decrs'], clock, 90_000);
  const get = world.get;
  const firms = async (q: string) =>
    (await get(`/rx/establishments?as_of=2026-11-03&${q}`)).body.items.map((e: Json) => e.firm_name);

  it('lists registration lines by firm name with FEI, ISO-3 country, operations and provenance, without contacts', async () => {
    const { status, body } = await get('/rx/establishments?as_of=2026-11-03');
    expect(status).toBe(200);
    expect(body.items.map((e: Json) => [e.firm_name, e.fei_number])).toEqual([
      ['Harbor Generics LLC', '3007770002'],
      ['Laboratoires Santé SA', '3009876543'],
      ['Mumbai Lakeside Pharmaceuticals Pvt. Ltd.', '3008880003'],
      ['Northfield Pharma, Inc.', '3001234567'],
      ['Shandong Riverbend Chemical Co., Ltd.', '3005550001'],
      ['Shandong Riverbend Chemical Co., Ltd.', '3005550001'],
    ]);
    expect(body.items[1]).toMatchObject({
      duns_number: '987654321',
      country_iso3: 'FRA',
      country_name: 'France',
      expiration_date: '2026-12-31',
      operations: ['API MANUFACTURE', 'ANALYSIS'],
      registrant_name: 'Santé Holding SA',
      registrant_duns: '987650000',
      excluded: false,
      source: { source_id: 'fda_decrs', locator: { line: 3 } },
    });
    expect(JSON.stringify(body)).not.toMatch(/example\.com|Contact Person/);
    expect(body).toMatchObject({ total: 6, sort: 'firm_name', order: 'asc', gaps: [] });
    expect(body.sources).toEqual([expect.objectContaining({ source_id: 'fda_decrs' })]);
    expect(body.methodology_note).toMatch(/503B/);
  });

  it('filters by operation, ISO-3 country, firm, registrant and FEI, and pages', async () => {
    expect(await firms('operation=api%20manufacture&sort=fei_number')).toEqual([
      'Shandong Riverbend Chemical Co., Ltd.',
      'Shandong Riverbend Chemical Co., Ltd.',
      'Mumbai Lakeside Pharmaceuticals Pvt. Ltd.',
      'Laboratoires Santé SA',
    ]);
    expect(await firms('country=chn&operation=PARTICLE%20SIZE%20REDUCTION')).toEqual([
      'Shandong Riverbend Chemical Co., Ltd.',
    ]);
    expect(await firms('country=USA')).toEqual(['Harbor Generics LLC', 'Northfield Pharma, Inc.']);
    expect(await firms('firm=lakeside')).toEqual(['Mumbai Lakeside Pharmaceuticals Pvt. Ltd.']);
    expect(await firms('registrant=sant%C3%A9')).toEqual(['Laboratoires Santé SA']);
    expect(await firms('fei=3005550001')).toHaveLength(2);
    expect(await firms('operation=STERILIZE')).toEqual([]);
    const page = await get('/rx/establishments?as_of=2026-11-03&limit=4&offset=4');
    expect(page.body).toMatchObject({ total: 6, next_offset: null });
    expect(page.body.items).toHaveLength(2);
  });

  it('counts operation types at load, most lines first', async () => {
    const { status, body } = await get('/rx/establishments/operations?as_of=2026-11-03');
    expect(status).toBe(200);
    expect(body.items.map((o: Json) => [o.operation, o.establishments])).toEqual([
      ['API MANUFACTURE', 4],
      ['ANALYSIS', 3],
      ['MANUFACTURE', 3],
      ['PACK', 2],
      ['LABEL', 1],
      ['PARTICLE SIZE REDUCTION', 1],
      ['RELABEL', 1],
    ]);
    expect(body).toMatchObject({ total: 7, sort: 'establishments', order: 'desc' });
    expect(body.methodology_note).toMatch(/when the file loads/);
    const page = await get('/rx/establishments/operations?as_of=2026-11-03&limit=2&offset=1');
    expect(page.body.items.map((o: Json) => o.operation)).toEqual(['ANALYSIS', 'MANUFACTURE']);
  });

  it('answers from the file in force: the next download replaces it on the day it was archived', async () => {
    expect(await firms('firm=harbor')).toEqual(['Harbor Generics LLC']);
    const after = await get('/rx/establishments?as_of=2026-11-05&firm=harbor');
    expect(after.body.total).toBe(0);
    const pr = await get('/rx/establishments?as_of=2026-11-05&operation=STERILIZE');
    expect(pr.body.items.map((e: Json) => [e.firm_name, e.country_iso3])).toEqual([
      ['Northfield Pharma Puerto Rico LLC', 'USA'],
    ]);
    const ops = await get('/rx/establishments/operations?as_of=2026-11-05');
    expect(ops.body.items.map((o: Json) => [o.operation, o.establishments])).toEqual([
      ['ANALYSIS', 4],
      ['API MANUFACTURE', 4],
      ['LABEL', 2],
      ['MANUFACTURE', 2],
      ['PACK', 1],
      ['PARTICLE SIZE REDUCTION', 1],
      ['STERILIZE', 1],
    ]);
  });

  it('is a 503 naming the source before the first file, and a 400 naming a bad parameter', async () => {
    for (const path of ['/rx/establishments', '/rx/establishments/operations']) {
      const early = await get(`${path}?as_of=2026-10-01`);
      expect(early.status).toBe(503);
      expect(JSON.stringify(early.body)).toMatch(/fda_decrs/);
    }
    for (const [q, param] of [
      ['country=US', 'country'],
      ['country=U5A', 'country'],
      ['fei=30x', 'fei'],
      ['operation=A', 'operation'],
      ['firm=x', 'firm'],
      ['sort=country', 'sort'],
      ['limit=0', 'limit'],
      ['colour=red', 'colour'],
    ] as const) {
      const r = await get(`/rx/establishments?as_of=2026-11-03&${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(param);
    }
    const bad = await get('/rx/establishments/operations?as_of=2026-11-03&operation=PACK');
    expect(bad.status).toBe(400);
  });
});
