import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, point 4: two weekly Drugs@FDA releases (2026-02-03 and 2026-02-10; the second renames a
 * sponsor, discontinues a product and adds a supplement) archived through the real ingest path,
 * loaded by syncCatalog into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2026-02-16T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('Drugs@FDA approvals', () => {
  const world = catalogWorld(['fda_drugsatfda'], clock, 90_000);
  const get = world.get;

  it('lists applications by first approval date, ties by appl_no, tentative-only last', async () => {
    const { status, body } = await get('/rx/approvals');
    expect(status).toBe(200);
    expect(body.items.map((a: Json) => [a.appl_no, a.first_approval_date])).toEqual([
      ['019500', '1979-05-01'],
      ['021001', '2015-03-03'],
      ['022222', '2019-11-20'],
      ['125900', '2021-08-16'],
      ['210001', '2021-08-16'],
      ['214000', null],
    ]);
    expect(body.items[1]).toMatchObject({
      appl_type: 'NDA',
      sponsor_name: 'VELOX PHARMACEUTICALS HOLDINGS LLC',
      drug_names: ['ZYLOPRIN'],
      active_ingredients: ['VELOXITRAN HYDROCHLORIDE'],
      product_count: 2,
      tentative_approval_date: null,
      source: { source_id: 'fda_drugsatfda', locator: { line: 3, record: 2 } },
    });
    expect(body.items[5]).toMatchObject({ appl_type: 'ANDA', tentative_approval_date: '2025-10-01' });
    expect(body).toMatchObject({ total: 6, limit: 50, offset: 0, next_offset: null, as_of: '2026-02-16', gaps: [] });
    expect(body.methodology_note).toMatch(/tentative approval/i);
    for (const s of body.sources)
      expect(s).toMatchObject({ source_id: 'fda_drugsatfda', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(new Set(body.sources.map((s: Json) => s.doc_id)).size).toBe(6);
  });

  it('filters by sponsor, drug name, ingredient, type and first-approval window, and pages', async () => {
    const ids = async (q: string) => (await get(`/rx/approvals?${q}`)).body.items.map((a: Json) => a.appl_no);
    expect(await ids('sponsor=velox')).toEqual(['021001']);
    expect(await ids('drug_name=zyloprin')).toEqual(['021001']);
    expect(await ids('active_ingredient=veloxitran')).toEqual(['021001', '210001', '214000']);
    expect(await ids('appl_type=ANDA')).toEqual(['210001', '214000']);
    expect(await ids('approved_from=2019-01-01&approved_to=2021-08-16')).toEqual(['022222', '125900', '210001']);
    const page = await get('/rx/approvals?limit=2&offset=2');
    expect(page.body.items.map((a: Json) => a.appl_no)).toEqual(['022222', '125900']);
    expect(page.body).toMatchObject({ total: 6, next_offset: 4 });
  });

  it('gives one application: products with form, strength, TE code and marketing status, every submission', async () => {
    for (const form of ['021001', '21001', 'NDA021001', 'nda21001']) {
      const { status, body } = await get(`/rx/approvals/${form}?as_of=2026-02-16`);
      expect(status).toBe(200);
      expect(body.appl_no).toBe('021001');
    }
    const { body } = await get('/rx/approvals/021001');
    expect(body.products.map((p: Json) => [p.product_no, p.form, p.strength, p.te_code, p.marketing_status])).toEqual([
      ['001', 'TABLET;ORAL', 'EQ 10MG BASE', null, 'Prescription'],
      ['002', 'TABLET;ORAL', 'EQ 20MG BASE', 'AB', 'Prescription'],
    ]);
    expect(body.products[0]).toMatchObject({
      active_ingredient: 'VELOXITRAN HYDROCHLORIDE',
      reference_drug: true,
      reference_standard: true,
      source_row: { DrugName: 'ZYLOPRIN' },
    });
    expect(
      body.submissions.map((s: Json) => [
        s.submission_type,
        s.submission_no,
        s.submission_status,
        s.submission_status_date,
      ]),
    ).toEqual([
      ['ORIG', '1', 'AP', '2015-03-03'],
      ['SUPPL', '4', 'AP', '2018-06-11'],
      ['SUPPL', '9', 'AP', '2024-09-30'],
    ]);
    expect(body).toMatchObject({ first_approval_date: '2015-03-03', as_of: '2026-02-16' });
    const ta = await get('/rx/approvals/ANDA214000');
    expect(ta.body.submissions[0]).toMatchObject({ submission_status: 'TA', tentative: true });
    expect(ta.body.products[0].marketing_status).toBe('None (Tentative Approval)');
    expect(ta.body.first_approval_date).toBeNull();
  });

  it('answers as of a date: sponsor name and marketing status follow the release in force', async () => {
    const before = await get('/rx/approvals/021001?as_of=2026-02-09');
    expect(before.body.sponsor_name).toBe('VELOX PHARMS INC');
    const on = await get('/rx/approvals/021001?as_of=2026-02-10');
    expect(on.body.sponsor_name).toBe('VELOX PHARMACEUTICALS HOLDINGS LLC');
    const listed = await get('/rx/approvals?sponsor=velox%20pharms%20inc&as_of=2026-02-09');
    expect(listed.body.items.map((a: Json) => a.appl_no)).toEqual(['021001']);
    expect((await get('/rx/approvals?sponsor=velox%20pharms%20inc&as_of=2026-02-10')).body.total).toBe(0);
    const s1 = await get('/rx/approvals/019500?as_of=2026-02-09');
    expect(s1.body.products[0].marketing_status).toBe('Prescription');
    const s2 = await get('/rx/approvals/019500?as_of=2026-02-10');
    expect(s2.body.products[0].marketing_status).toBe('Discontinued');
    expect((await get('/rx/approvals/022222?as_of=2026-02-09')).body.submissions).toHaveLength(1);
    expect((await get('/rx/approvals/022222?as_of=2026-02-10')).body.submissions).toHaveLength(2);
  });

  it('refuses bad input naming the parameter, 404s an unknown application, 503s before the first release', async () => {
    for (const bad of ['12345678', 'XYZ021001', '000000', '02-1001']) {
      const r = await get(`/rx/approvals/${bad}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toMatch(/appl_no/);
    }
    const unknown = await get('/rx/approvals/999999');
    expect(unknown.status).toBe(404);
    for (const [q, param] of [
      ['appl_type=XDA', 'appl_type'],
      ['approved_from=2026-13-01', 'approved_from'],
      ['approved_from=2022-01-01&approved_to=2021-01-01', 'approved_from'],
      ['limit=0', 'limit'],
      ['sponsor=x', 'sponsor'],
      ['colour=red', 'colour'],
    ]) {
      const r = await get(`/rx/approvals?${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors ?? r.body)).toContain(param);
    }
    const early = await get('/rx/approvals?as_of=2026-01-31');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toContain('fda_drugsatfda');
    expect((await get('/rx/approvals/021001?as_of=2026-01-31')).status).toBe(503);
  });
});
