import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, point 5: two openFDA drug enforcement files (archived 2026-11-02 and 2026-11-09) through
 * the real ingest path, loaded into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2026-11-12T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/recalls', () => {
  const world = catalogWorld(['openfda_drug_enforcement'], clock, 90_000);
  const get = world.get;
  const numbers = async (q: string) =>
    (await get(`/rx/recalls?as_of=2026-11-05&${q}`)).body.items.map((r: Json) => r.recall_number);

  it('lists every report, newest report first, ties by recall number, with provenance and its NDCs', async () => {
    const { status, body } = await get('/rx/recalls?as_of=2026-11-05');
    expect(status).toBe(200);
    expect(body.items.map((r: Json) => [r.recall_number, r.report_date])).toEqual([
      ['D-0102-2026', '2026-10-22'],
      ['D-0104-2026', '2026-10-22'],
      ['D-0105-2026', '2026-10-22'],
      ['D-0101-2026', '2026-10-15'],
      ['D-0103-2025', '2025-06-11'],
    ]);
    expect(body.items[3]).toMatchObject({
      classification: 'Class I',
      status: 'Ongoing',
      recalling_firm: 'Northfield Pharma, Inc.',
      ndc11s: ['65862007030', '65862007090'],
      ndc11_text: ['65862007030'],
      match: { ndc_method: null, ingredient_via: null },
      source: { source_id: 'openfda_drug_enforcement', locator: { line: 1, record: 1 } },
    });
    expect(body).toMatchObject({
      total: 5,
      sort: 'report_date',
      order: 'desc',
      match_stats: { matched: 5, ndc: null, by_method: null, ingredient_via: null, text_unresolved: 1 },
    });
    // No RxNorm release is archived in this world: each report's link says so, and the gaps name it.
    expect(body.items[3].ingredients).toMatchObject({
      status: 'source_not_loaded',
      source_id: 'nlm_rxnorm',
      ingredients: [],
    });
    expect(body.gaps.map((g: Json) => `${g.source_id}:${g.reason}`)).toEqual(['nlm_rxnorm:not_archived']);
    expect(body.sources).toEqual([
      expect.objectContaining({
        source_id: 'openfda_drug_enforcement',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(body.methodology_note).toMatch(/structured/);
  });

  it('matches an NDC in any form by structured fields, printed text or both, and counts each method', async () => {
    const both = await get('/rx/recalls?as_of=2026-11-05&ndc=65862-070-30');
    expect(both.body.items.map((r: Json) => [r.recall_number, r.match.ndc_method])).toEqual([['D-0101-2026', 'both']]);
    expect(both.body.match_stats).toMatchObject({
      matched: 1,
      ndc: '65862007030',
      by_method: { structured: 0, text: 0, both: 1 },
    });
    const amox = await get('/rx/recalls?as_of=2026-11-05&ndc=00093-4155-80');
    expect(amox.body.items.map((r: Json) => [r.recall_number, r.match.ndc_method])).toEqual([
      ['D-0104-2026', 'structured'],
      ['D-0105-2026', 'structured'],
    ]);
    const text = await get('/rx/recalls?as_of=2026-11-05&ndc=0409-4888-20');
    expect(text.body.items.map((r: Json) => [r.recall_number, r.match.ndc_method])).toEqual([['D-0102-2026', 'text']]);
    expect(text.body.match_stats.by_method).toEqual({ structured: 0, text: 1, both: 0 });
    // 5-4-1 printed, asked as 11 digits.
    expect(await numbers('ndc=12345678901')).toEqual(['D-0103-2025']);
    expect(await numbers('ndc=0093-4155-73')).toEqual(['D-0104-2026']);
  });

  it('filters by ingredient, firm, hazard class, status and report-date window, and pages', async () => {
    const lido = await get('/rx/recalls?as_of=2026-11-05&ingredient=lidocaine');
    expect(lido.body.items.map((r: Json) => [r.recall_number, r.match.ingredient_via])).toEqual([
      ['D-0102-2026', 'product_description'],
    ]);
    expect(lido.body.match_stats.ingredient_via).toEqual({ openfda: 0, product_description: 1 });
    expect(await numbers('ingredient=veloxitran')).toEqual(['D-0101-2026']);
    expect(await numbers('firm=harbor')).toEqual(['D-0104-2026', 'D-0105-2026']);
    expect(await numbers('classification=Class%20III')).toEqual(['D-0103-2025']);
    expect(await numbers('status=Completed&sort=recall_number')).toEqual(['D-0104-2026', 'D-0105-2026']);
    expect(await numbers('report_from=2026-10-16&report_to=2026-10-22&firm=riverbend')).toEqual(['D-0102-2026']);
    expect(await numbers('report_to=2025-12-31')).toEqual(['D-0103-2025']);
    const page = await get('/rx/recalls?as_of=2026-11-05&limit=2&offset=2');
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 2, next_offset: 4 });
    expect(page.body.items.map((r: Json) => r.recall_number)).toEqual(['D-0105-2026', 'D-0101-2026']);
  });

  it('answers from the file in force: the next download replaces it on the day it was archived', async () => {
    const before = await get('/rx/recalls?as_of=2026-11-08&firm=northfield');
    expect(before.body.items.map((r: Json) => [r.recall_number, r.status])).toEqual([['D-0101-2026', 'Ongoing']]);
    const after = await get('/rx/recalls?as_of=2026-11-09&firm=northfield');
    expect(after.body.items.map((r: Json) => [r.recall_number, r.status])).toEqual([
      ['D-0106-2026', 'Ongoing'],
      ['D-0101-2026', 'Completed'],
    ]);
    expect(after.body.sources[0].version_id).not.toBe(before.body.sources[0].version_id);
  });

  it('is a 503 naming the source before the first file, and a 400 naming a bad parameter', async () => {
    const early = await get('/rx/recalls?as_of=2026-10-01');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toMatch(/openfda_drug_enforcement/);
    for (const [q, param] of [
      ['ndc=6332327105', 'ndc'],
      ['ndc=12-34', 'ndc'],
      ['classification=Class%20IV', 'classification'],
      ['status=ongoing', 'status'],
      ['report_from=2026-11-01&report_to=2026-10-01', 'report_from'],
      ['report_to=2026-02-30', 'report_to'],
      ['limit=1001', 'limit'],
      ['firm=x', 'firm'],
      ['colour=red', 'colour'],
    ] as const) {
      const r = await get(`/rx/recalls?as_of=2026-11-05&${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(param);
    }
  });
});
