import { requireDataset } from '../../../shared/catalog/datasets';
import { namespaceOf, tokenPk } from '../../../shared/catalog/keys';
import { queryListing } from '../../../shared/catalog/query';
import { syncCatalog } from '../../../shared/catalog/sync';
import { viewOf } from '../../../shared/catalog/view';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, trials: two complete ClinicalTrials.gov API v2 walks (pages and set manifests,
 * observed 2024-05-01 and 2024-06-01) archived through the real ingest path, loaded from each
 * manifest and its pages by syncCatalog into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2024-06-03T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('clinical-trials endpoints', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const ids = (b: Json) => b.items.map((i: Json) => i.nct_id);

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'nlm_ctgov', { catalog: false });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('lists the studies of the set in force in NCT order, with total and the set version', async () => {
    const { status, body } = await get('/clinical-trials');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['NCT09000001', 'NCT09000002', 'NCT09000003', 'NCT09000004']);
    expect(body.total).toBe(4);
    expect(body.sources).toHaveLength(1);
    expect(body.sources[0]).toMatchObject({
      source_id: 'nlm_ctgov',
      doc_id: 'ctgov:1',
      name: 'ctgov-studies-pages.json',
    });
    expect(body.sources[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.items[0]).toMatchObject({ overall_status: 'ACTIVE_NOT_RECRUITING', site_count: 2 });
    expect(body.items[0].source).toMatchObject({ source_id: 'nlm_ctgov', locator: { line: 1, record: 1 } });
    expect(body.as_of).toBe('2024-06-03');
  });

  it('filters by condition, status, phase, sponsor, state, city, zip and update window', async () => {
    expect(ids((await get('/clinical-trials?condition=diabetes')).body)).toEqual(['NCT09000001']);
    const rec = await get('/clinical-trials?status=recruiting');
    expect(ids(rec.body)).toEqual(['NCT09000004']);
    expect(rec.body.total).toBe(1);
    expect(ids((await get('/clinical-trials?phase=PHASE3')).body)).toEqual(['NCT09000002']);
    expect(ids((await get('/clinical-trials?phase=phase2')).body)).toEqual(['NCT09000001', 'NCT09000002']);
    expect(ids((await get('/clinical-trials?sponsor=acme%20pharmaceuticals')).body)).toEqual(['NCT09000002']);
    expect(ids((await get('/clinical-trials?sponsor=NIDDK')).body)).toEqual(['NCT09000001']);
    expect(ids((await get('/clinical-trials?state=ma')).body)).toEqual(['NCT09000001', 'NCT09000002', 'NCT09000004']);
    expect(ids((await get('/clinical-trials?city=san%20francisco')).body)).toEqual(['NCT09000001']);
    expect(ids((await get('/clinical-trials?zip=78701-1234')).body)).toEqual(['NCT09000002']);
    expect(ids((await get('/clinical-trials?state=MA&condition=stroke&status=RECRUITING')).body)).toEqual([
      'NCT09000004',
    ]);
    const since = await get('/clinical-trials?updated_since=2024-05-01');
    expect(ids(since.body)).toEqual(['NCT09000001', 'NCT09000004']);
    const newest = await get('/clinical-trials?sort=last_update');
    expect(ids(newest.body)).toEqual(['NCT09000001', 'NCT09000004', 'NCT09000003', 'NCT09000002']);
    expect((await get('/clinical-trials?condition=cancer')).body).toMatchObject({ items: [], total: 0 });
  });

  it('gives the exact total of every filter combination, on every page (counted by walking the pages)', async () => {
    // Each query's total must equal the studies found by walking all its pages one study at a time.
    const walk = async (q: string) => {
      const found: string[] = [];
      const totals = new Set<number | null>();
      let cursor: string | null = null;
      do {
        const r = await get(`/clinical-trials?${q}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(r.status).toBe(200);
        found.push(...ids(r.body));
        totals.add(r.body.total);
        cursor = r.body.next_cursor;
      } while (cursor);
      return { found, totals: [...totals] };
    };
    const queries = [
      'sort=nct_id',
      'status=RECRUITING',
      'updated_since=2024-05-01',
      'updated_until=2024-05-15',
      'updated_since=2024-01-01&updated_until=2024-05-30&status=RECRUITING',
      'updated_since=2024-05-01&sort=last_update',
      // Whole months only, whole months with edge days, edges inside one month, open ends.
      'updated_since=2024-04-01&updated_until=2024-05-31',
      'updated_since=2024-03-15&updated_until=2024-06-10',
      'updated_since=2024-04-02&updated_until=2024-05-30',
      'updated_since=2024-05-02&updated_until=2024-05-30&status=ACTIVE_NOT_RECRUITING',
      'updated_since=2023-12-31',
      'updated_until=2024-04-30',
      'state=MA',
      'state=MA&status=RECRUITING',
      'state=MA&updated_since=2024-05-01',
      'condition=heart&state=TX&phase=PHASE3',
      'city=boston&sponsor=acme&updated_until=2024-05-01&status=COMPLETED',
      'zip=02115&sort=last_update',
      'condition=cancer',
      'updated_since=2030-01-01',
    ];
    let nonZero = 0;
    for (const q of queries) {
      const { found, totals } = await walk(q);
      expect({ q, totals }).toEqual({ q, totals: [found.length] });
      if (found.length > 1) nonZero++;
    }
    expect(nonZero).toBeGreaterThanOrEqual(4);
  });

  it('copies only the summary into listing items and no value into token items; the whole study is read by NCT id', async () => {
    const ns = namespaceOf('nlm_ctgov', requireDataset('nlm_ctgov').loaderVersion);
    const page = await h.deps.tables.catalog.query(tokenPk(ns, 'c:diabetes'), {});
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      // A search entry: the listed fields and the tokens after its own (the word search reads the
      // page's values from the listing's whole copy).
      expect(item.value).toBeUndefined();
      expect(item.f).toMatchObject({ nct_id: 'NCT09000001' });
      expect(item.tk).toEqual(expect.any(Array));
    }
    const found = await queryListing(h.deps, requireDataset('nlm_ctgov'), 'studies', {
      versions: await viewOf(h.deps, requireDataset('nlm_ctgov'), '2024-06-03'),
      filters: { nct_id: { token: 'c:diabetes' } },
    });
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) {
      const value = item.value as Json;
      expect(value).toMatchObject({ nct_id: 'NCT09000001', site_count: 2 });
      expect(value.sites).toBeUndefined();
    }
  });

  it('pages with limit and cursor without repeating or skipping', async () => {
    const first = await get('/clinical-trials?limit=3');
    expect(ids(first.body)).toEqual(['NCT09000001', 'NCT09000002', 'NCT09000003']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await get(`/clinical-trials?limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(ids(second.body)).toEqual(['NCT09000004']);
    expect(second.body.next_cursor).toBeNull();
  });

  it('answers one study with its sites, officials and archived page, any case of NCT id', async () => {
    const { status, body } = await get('/clinical-trials/nct09000002');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      nct_id: 'NCT09000002',
      overall_status: 'COMPLETED',
      phases: ['PHASE2', 'PHASE3'],
      conditions: ['Heart Failure'],
      interventions: [{ type: 'DRUG', name: 'Acmeprazan' }],
      lead_sponsor: 'Acme Pharmaceuticals, Inc.',
      enrollment: { count: 1200, type: 'ACTUAL' },
      start_date: { date: '2021-03', type: 'ACTUAL' },
      officials: [{ name: 'Lena Fischer, MD, PhD', role: 'STUDY_DIRECTOR' }],
    });
    expect(body.sites[0]).toMatchObject({
      facility: 'Lone Star Cardiology Associates',
      city: 'Austin',
      state: 'Texas',
      state_code: 'TX',
      zip: '78701-1234',
      investigators: [{ name: 'Ravi Patel, MD', role: 'PRINCIPAL_INVESTIGATOR' }],
    });
    expect(body.element).toMatchObject({ page: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // No NPPES registry is loaded here: the links are an honest gap, the study still answers.
    expect(body.npi_links).toMatchObject({ status: 'not_loaded', links: [], sources: [] });
    expect(body.npi_links.gaps[0]).toMatchObject({ source_id: 'nppes' });
    expect(body.ccn_links).toMatchObject({ status: 'not_loaded', dataset: 'cms_hospital_general_information' });
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['nlm_ctgov']);
    expect(body.sources[0]).toMatchObject({ source_id: 'nlm_ctgov', version_id: expect.any(Number) });
  });

  it('answers from the set in force on as_of (two archived versions)', async () => {
    const may = await get('/clinical-trials/NCT09000001?as_of=2024-05-05');
    const june = await get('/clinical-trials/NCT09000001?as_of=2024-06-01');
    expect(may.body.overall_status).toBe('RECRUITING');
    expect(june.body.overall_status).toBe('ACTIVE_NOT_RECRUITING');
    expect(may.body.sources[0].version_id).not.toBe(june.body.sources[0].version_id);
    expect((await get('/clinical-trials?as_of=2024-05-05')).body.total).toBe(3);
    // NCT09000004 is first registered in the June set.
    expect((await get('/clinical-trials/NCT09000004?as_of=2024-05-05')).status).toBe(404);
    // A daily source's set not renewed for 8 days is stale: an honest gap, never the old set.
    const stale = await get('/clinical-trials?as_of=2024-05-31');
    expect(stale.status).toBe(503);
    expect(stale.body.gaps[0]).toMatchObject({ source_id: 'nlm_ctgov', reason: 'stale_version' });
    expect((await get('/clinical-trials/NCT09000004?as_of=2024-06-01')).status).toBe(200);
  });

  it('answers 400 naming the parameter, 404 for an unknown study, 503 naming the source before any set', async () => {
    const bad = async (p: string, name: string) => {
      const r = await get(p);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain(name);
    };
    await bad('/clinical-trials/NCT123', 'nct_id');
    await bad('/clinical-trials/XYZ05594173', 'nct_id');
    await bad('/clinical-trials?status=OPEN', 'status');
    await bad('/clinical-trials?phase=PHASE9', 'phase');
    await bad('/clinical-trials?state=ZZ', 'state');
    await bad('/clinical-trials?zip=9411', 'zip');
    await bad('/clinical-trials?updated_since=2024-13-01', 'updated_since');
    await bad('/clinical-trials?condition=a', 'condition');
    await bad('/clinical-trials?limit=0', 'limit');
    await bad('/clinical-trials?sort=title', 'sort');
    await bad('/clinical-trials?cursor=nonsense', 'cursor');
    await bad('/clinical-trials?colour=red', 'colour');
    expect((await get('/clinical-trials/NCT00000000')).status).toBe(404);
    const early = await get('/clinical-trials?as_of=2024-04-30');
    expect(early.status).toBe(503);
    expect(early.body.detail).toMatch(/nlm_ctgov/);
    expect((await get('/clinical-trials/NCT09000001?as_of=2024-04-30')).status).toBe(503);
  });
});
