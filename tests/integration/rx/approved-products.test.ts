import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, points 7 and 8: two Orange Book releases (2026-01-15 and 2026-02-12; the second drops
 * patent 8000002 and adds a generic of RESPIRA) archived through the real ingest path, loaded by
 * syncCatalog into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2026-02-16T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('Orange Book approved products and launch radar', () => {
  const world = catalogWorld(['fda_orange_book'], clock, 90_000);
  const get = world.get;
  const radar = async (q: string) =>
    (await get(`/rx/approved-products/launch-radar?${q}`)).body.items.map((r: Json) => [
      r.trade_name,
      r.strength,
      r.loss_of_exclusivity,
      r.protected,
    ]);

  it('lists products by trade name with type, TE code, the pre-1982 sentinel and barrier counts', async () => {
    const { status, body } = await get('/rx/approved-products?as_of=2026-02-16');
    expect(status).toBe(200);
    expect(body.items.map((p: Json) => [p.trade_name, p.appl_type, p.appl_no, p.product_no])).toEqual([
      ['CALMODEX', 'N', '019500', '001'],
      ['FLUMETASOL PROPIONATE', 'A', '218000', '001'],
      ['LORIXADINE', 'A', '076000', '001'],
      ['OLDOMYCIN', 'N', '017000', '001'],
      ['RESPIRA', 'N', '022222', '001'],
      ['SNEEZAWAY', 'N', '020900', '001'],
      ['VELOXITRAN HYDROCHLORIDE', 'A', '210001', '001'],
      ['ZYLOPRIN', 'N', '021001', '001'],
      ['ZYLOPRIN', 'N', '021001', '002'],
    ]);
    expect(body.items[0]).toMatchObject({ approval_date: null, approved_before_1982: true, product_type: 'RX' });
    expect(body.items[7]).toMatchObject({
      ingredient: 'VELOXITRAN HYDROCHLORIDE',
      dosage_form: 'TABLET',
      route: 'ORAL',
      applicant_full_name: 'VELOX PHARMS INC',
      patent_count: 1,
      exclusivity_count: 1,
      source: { source_id: 'fda_orange_book', locator: { line: 3, record: 2 } },
    });
    expect(body).toMatchObject({ total: 9, as_of: '2026-02-16', gaps: [] });
    expect(body.methodology_note).toMatch(/Orange Book/);
    expect(new Set(body.sources.map((s: Json) => s.doc_id))).toEqual(new Set(['ob:1', 'ob:2', 'ob:3']));
  });

  it('filters by trade name, ingredient, applicant, application type, product type and TE code', async () => {
    const ids = async (q: string) =>
      (await get(`/rx/approved-products?${q}`)).body.items.map((p: Json) => `${p.appl_no}/${p.product_no}`);
    expect(await ids('trade_name=zylo')).toEqual(['021001/001', '021001/002']);
    expect(await ids('ingredient=lorixadine&appl_type=A')).toEqual(['076000/001']);
    expect(await ids('applicant=generix%20labs')).toEqual(['210001/001']);
    expect(await ids('product_type=OTC')).toEqual(['076000/001', '020900/001']);
    expect(await ids('product_type=DISCN')).toEqual(['017000/001']);
    expect(await ids('te_code=ab&appl_type=N')).toEqual(['020900/001', '021001/002']);
    const page = await get('/rx/approved-products?limit=2&offset=8');
    expect(page.body).toMatchObject({ total: 9, next_offset: null });
    expect(page.body.items).toHaveLength(1);
  });

  it('ranks brands without a generic by loss_of_exclusivity, with their barriers', async () => {
    const { body } = await get('/rx/approved-products/launch-radar?as_of=2026-01-20');
    expect(body.items.map((r: Json) => [r.trade_name, r.strength, r.loss_of_exclusivity, r.protected])).toEqual([
      ['RESPIRA', '0.1MG/INH', '2026-02-10', true],
      ['ZYLOPRIN', 'EQ 10MG BASE', '2029-06-01', true],
      ['CALMODEX', '5MG/ML', null, false],
    ]);
    expect(body.items[1].barriers.map((b: Json) => [b.kind, b.id, b.date])).toEqual([
      ['patent', '8000002', '2029-06-01'],
      ['exclusivity', 'ODE-123', '2027-12-01'],
      ['patent', '8000001', '2026-08-24'],
    ]);
    expect(body.items[1].barriers[2]).toMatchObject({ drug_substance: true, use_code: 'U-141' });
    expect(body.methodology_note).toMatch(/outer bound/);
    expect(body.total).toBe(3);
  });

  it('follows the release in force: a patent gone from the later release no longer protects; a new generic drops a brand', async () => {
    expect(await radar('as_of=2026-02-11')).toEqual([
      ['RESPIRA', '0.1MG/INH', '2026-02-10', false],
      ['ZYLOPRIN', 'EQ 10MG BASE', '2029-06-01', true],
      ['CALMODEX', '5MG/ML', null, false],
    ]);
    expect(await radar('as_of=2026-02-12')).toEqual([
      ['ZYLOPRIN', 'EQ 10MG BASE', '2027-12-01', true],
      ['CALMODEX', '5MG/ML', null, false],
    ]);
  });

  it('filters by ingredient, applicant, window and unprotected', async () => {
    expect(await radar('as_of=2026-01-20&unprotected=true')).toEqual([['CALMODEX', '5MG/ML', null, false]]);
    expect(await radar('as_of=2026-02-11&unprotected=true')).toEqual([
      ['RESPIRA', '0.1MG/INH', '2026-02-10', false],
      ['CALMODEX', '5MG/ML', null, false],
    ]);
    expect(await radar('as_of=2026-01-20&unprotected=false')).toHaveLength(2);
    expect(await radar('as_of=2026-01-20&loe_from=2026-03-01&loe_to=2030-01-01')).toEqual([
      ['ZYLOPRIN', 'EQ 10MG BASE', '2029-06-01', true],
    ]);
    expect(await radar('as_of=2026-01-20&ingredient=flumetasol')).toHaveLength(1);
    expect(await radar('as_of=2026-01-20&applicant=calmo%20labs')).toHaveLength(1);
  });

  it('refuses bad input naming the parameter and 503s before the first release', async () => {
    for (const [path, param] of [
      ['/rx/approved-products?appl_type=B', 'appl_type'],
      ['/rx/approved-products?product_type=RXX', 'product_type'],
      ['/rx/approved-products?te_code=A%25', 'te_code'],
      ['/rx/approved-products?offset=-1', 'offset'],
      ['/rx/approved-products?nda=1', 'nda'],
      ['/rx/approved-products/launch-radar?unprotected=yes', 'unprotected'],
      ['/rx/approved-products/launch-radar?loe_from=2030-01-01&loe_to=2029-01-01', 'loe_from'],
      ['/rx/approved-products/launch-radar?loe_to=2029-02-30', 'loe_to'],
    ]) {
      const r = await get(path!);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors ?? r.body)).toContain(param);
    }
    for (const p of ['/rx/approved-products', '/rx/approved-products/launch-radar']) {
      const r = await get(`${p}?as_of=2026-01-14`);
      expect(r.status).toBe(503);
      expect(JSON.stringify(r.body)).toContain('fda_orange_book');
    }
  });
});
