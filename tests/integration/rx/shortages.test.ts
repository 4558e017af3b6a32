import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, point 9: two FDA drug shortages exports (archived 2025-11-03 and 2025-12-01) through the
 * real ingest path, loaded into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-12-02T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/shortages', () => {
  const world = catalogWorld(['fda_drug_shortages'], clock, 90_000);
  const get = world.get;

  it('lists one item per shortage, latest update first, with its NDCs, presentations and provenance', async () => {
    const { status, body } = await get('/rx/shortages?as_of=2025-11-10');
    expect(status).toBe(200);
    expect(body.items.map((s: Json) => [s.shortage_id, s.status, s.last_updated])).toEqual([
      ['oxycodone-hydrochloride-tablet', 'to_be_discontinued', '2025-11-03'],
      ['amoxicillin-oral-powder-for-suspension', 'current', '2025-10-30'],
      ['lidocaine-hydrochloride-injection', 'current', '2025-10-20'],
      ['cisplatin-injection', 'resolved', '2025-08-12'],
    ]);
    const amox = body.items[1];
    expect(amox).toMatchObject({
      generic_name: 'Amoxicillin Oral Powder for Suspension',
      status_counts: { current: 3 },
      therapeutic_categories: ['Anti-Infective', 'Pediatric'],
      companies: ['Northfield Pharma, Inc.', 'Riverbend Generics LLC'],
      ndc11s: ['00093415573', '65862007001', '65862007101', '65862007150'],
      initial_posting_date: '2025-09-15',
      // No RxNorm release is archived in this world: the link says so, and the gaps name it.
      ingredients: { status: 'source_not_loaded', source_id: 'nlm_rxnorm', ingredients: [] },
    });
    expect(amox.presentations).toHaveLength(3);
    expect(amox.presentations[0].source).toMatchObject({
      source_id: 'fda_drug_shortages',
      locator: { line: 3, record: 1 },
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const lido = body.items[2];
    expect(lido).toMatchObject({ ndc11s: [], ndc_unresolved: ['6332327105'] });
    expect(body).toMatchObject({
      total: 4,
      status_counts: { current: 2, to_be_discontinued: 1, resolved: 1 },
    });
    expect(body.gaps.map((g: Json) => `${g.source_id}:${g.reason}`)).toEqual(['nlm_rxnorm:not_archived']);
    expect(body.sources).toEqual([expect.objectContaining({ source_id: 'fda_drug_shortages' })]);
    expect(body.methodology_note).toMatch(/ASHP/);
  });

  it('filters by status, name, NDC in any form, category, company and update date', async () => {
    const ids = async (q: string) =>
      (await get(`/rx/shortages?as_of=2025-11-10&${q}`)).body.items.map((s: Json) => s.shortage_id);
    expect(await ids('status=resolved')).toEqual(['cisplatin-injection']);
    expect(await ids('name=amox%20pow')).toEqual(['amoxicillin-oral-powder-for-suspension']);
    expect(await ids('ndc=0093-4155-73')).toEqual(['amoxicillin-oral-powder-for-suspension']);
    expect(await ids('ndc=00093415573')).toEqual(['amoxicillin-oral-powder-for-suspension']);
    expect(await ids('therapeutic_category=oncology')).toEqual(['cisplatin-injection']);
    expect(await ids('company=riverbend')).toEqual(['amoxicillin-oral-powder-for-suspension']);
    expect(await ids('updated_since=2025-10-25&sort=name')).toEqual([
      'amoxicillin-oral-powder-for-suspension',
      'oxycodone-hydrochloride-tablet',
    ]);
    const page = await get('/rx/shortages?as_of=2025-11-10&limit=3&offset=3');
    expect(page.body).toMatchObject({ total: 4, next_offset: null });
    expect(page.body.items.map((s: Json) => s.shortage_id)).toEqual(['cisplatin-injection']);
  });

  it('answers from the export in force on the date: the next one replaces it on the day it was archived', async () => {
    const before = await get('/rx/shortages?as_of=2025-11-20&name=amoxicillin');
    expect(before.body.items[0]).toMatchObject({
      status: 'current',
      companies: expect.arrayContaining(['Riverbend Generics LLC']),
    });
    const after = await get('/rx/shortages?as_of=2025-12-01&sort=name');
    expect(after.body.items.map((s: Json) => [s.shortage_id, s.status])).toEqual([
      ['amoxicillin-oral-powder-for-suspension', 'resolved'],
      ['cisplatin-injection', 'resolved'],
      ['lidocaine-hydrochloride-injection', 'current'],
      ['methylphenidate-hydrochloride-extended-release-tablet', 'current'],
    ]);
    expect(after.body.items[0].companies).toEqual(['Northfield Pharma, Inc.']);
    // Weekly cadence: an export 21 days old or more is a stale gap, never a silent answer from it.
    const stale = await get('/rx/shortages?as_of=2025-11-30');
    expect(stale.status).toBe(503);
    expect(JSON.stringify(stale.body)).toMatch(/stale/);
  });

  it('is a 503 naming the source before the first export, and a 400 naming a bad parameter', async () => {
    const early = await get('/rx/shortages?as_of=2025-10-01');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toMatch(/fda_drug_shortages/);
    for (const [q, param] of [
      ['ndc=6332327105', 'ndc'],
      ['ndc=12-34', 'ndc'],
      ['status=short', 'status'],
      ['limit=101', 'limit'],
      ['updated_since=2025-02-30', 'updated_since'],
      ['sort=price', 'sort'],
      ['colour=red', 'colour'],
    ] as const) {
      const r = await get(`/rx/shortages?as_of=2025-11-10&${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(param);
    }
  });
});
