import { providersGroup } from '../../../functions/providers/routes';
import { buildApp } from '../../../shared/app/build';
import type { Clock, Deps } from '../../../shared/deps';
import { facilityAffiliationsDossierBlock } from '../../../shared/providers/dac-blocks';
import { employmentDossierBlock } from '../../../shared/providers/employer-npi';
import { catalogWorld } from '../../helpers/catalog-world';
import { countingTable as counting } from '../../helpers/counting-table';

/**
 * Issue 21 points 1, 2, 7 and 8 (read budget): the dossier, employment and hospital affiliates from
 * the fixtures of the DAC national and facility-affiliation files (January and April 2025 releases,
 * two layouts each), the reassignment list (January 2025) and the NPPES registry, archived through
 * the real ingest path, loaded into dynalite and read through the app with the real SDK.
 */
const TODAY = '2025-05-01';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const SOURCES = ['cms_dac', 'cms_pecos_reassignment', 'nppes'];

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('provider dossier, employment and hospital affiliates', () => {
  const world = catalogWorld(SOURCES, clock, 180_000);
  const get = world.get;

  it('composes the dossier: NPPES identity, the six blocks, each with its sources and gaps', async () => {
    const { status, body } = await get('/provider/1203847565?as_of=2025-03-01');
    expect(status).toBe(200);
    expect(body.identity.data).toMatchObject({ npi: '1203847565', last_name: 'OYELARAN', practice_state: 'OH' });
    expect(body.identity.sources[0].source_id).toBe('nppes');
    for (const block of ['license_intelligence', 'quality_intelligence', 'clinical_trials']) {
      expect(body[block].data).toBeNull();
      expect(body[block].gaps.length).toBeGreaterThan(0);
      // Their sources are not archived in this world: each block names them in its gaps.
      expect(body[block].sources).toEqual([]);
    }
    expect(body.quality_intelligence.gaps.map((g: Json) => g.source_id)).toContain('cms_qpp_mips');
    const fac = body.facility_affiliations;
    expect(fac.sources.map((s: Json) => [s.source_id, s.doc_id, s.publisher_version])).toEqual([
      ['cms_dac', 'dac:2', '2025-01'],
    ]);
    expect(fac.data.items.map((i: Json) => [i.facility_type, i.ccn, i.parent_ccn])).toEqual([
      ['hospital', '360999', null],
      ['hospital', '360998', null],
      ['nursing_home', '365123', null],
      ['irf', '36T999', '360999'],
    ]);
    expect(fac.data.counts).toMatchObject({ hospital: 2, nursing_home: 1, irf: 1, ltch: 0 });
    expect(body.hospital_affiliations.data.items).toEqual([
      expect.objectContaining({
        ccn: '360998',
        name: 'SCIOTO VALLEY MEDICAL CENTER',
        via: ['national_file', 'facility_affiliation'],
      }),
      expect.objectContaining({ ccn: '360999', name: 'RIVERBEND GENERAL HOSPITAL' }),
    ]);
    const signals = body.employment_intelligence.data.attribution_signals;
    expect(signals.map((s: Json) => [s.derivation, s.employer_pac_id ?? s.employer_ccn, s.corroborated_by])).toEqual([
      ['reassignment', '7719001122', ['group_practice']],
      ['reassignment', '8830002233', ['group_practice']],
      ['group_practice', '7719001122', ['reassignment']],
      ['group_practice', '8830002233', ['reassignment']],
      ['facility_affiliation', '360999', []],
      ['facility_affiliation', '360998', []],
      ['facility_affiliation', '365123', []],
      ['facility_affiliation', '36T999', []],
    ]);
    expect(signals.every((s: Json) => 'employer_npi' in s && s.employer_npi === null)).toBe(true);
    expect(body.employment_intelligence.sources.map((s: Json) => s.source_id).sort()).toEqual([
      'cms_dac',
      'cms_dac',
      'cms_pecos_reassignment',
    ]);
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(expect.arrayContaining(SOURCES));
    expect(body.as_of).toBe('2025-03-01');
  });

  it('covers every facility type with its CCN and type (FENWICK: hospital, home health, hospice, dialysis, LTCH)', async () => {
    const { body } = await get('/provider/1694038252?as_of=2025-03-01');
    expect(body.facility_affiliations.data.items.map((i: Json) => [i.facility_type, i.ccn])).toEqual([
      ['hospital', '220999'],
      ['home_health', '227001'],
      ['hospice', '221501'],
      ['dialysis', '222500'],
      ['ltch', '222001'],
    ]);
  });

  it('answers a dossier in at most 8 storage reads when only the registry and the DAC files are in force', async () => {
    const c = counting(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([providersGroup], deps);
    const before = c.reads();
    const r = await app.request('/provider/1203847565?as_of=2025-03-01', { headers: world.key.headers });
    expect(r.status).toBe(200);
    expect(((await r.json()) as Json).facility_affiliations.data.items).toHaveLength(4);
    const reads = c.reads() - before;
    // One batch read of every block's timeline heads, the registry's entry (the licence, quality
    // and trials blocks find no version in force: nothing to get), the links query. With every
    // block's sources in force: tests/integration/providers/dossier.test.ts.
    expect(reads).toBeLessThanOrEqual(8);
    expect(reads).toBe(3);
  });

  it('serves each DAC block alone as a DossierBlockReader in two reads, as the dossier composes it', async () => {
    const c = counting(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const before = c.reads();
    const block = await facilityAffiliationsDossierBlock(deps, '1694038252', '2025-03-01');
    expect(c.reads() - before).toBe(2);
    const dossier = (await get('/provider/1694038252?as_of=2025-03-01')).body;
    expect(block).toEqual(dossier.facility_affiliations);
    const employment = await employmentDossierBlock(deps, '1694038252', '2025-03-01');
    expect(employment).toEqual(dossier.employment_intelligence);
  });

  it('switches employment on the right day: FENWICK moves group practice on 2025-04-01', async () => {
    const groups = async (d: string) =>
      (await get(`/provider/1694038252/employment?as_of=${d}`)).body.attribution_signals
        .filter((s: Json) => s.derivation === 'group_practice')
        .map((s: Json) => [s.employer_name, s.source.publisher_version]);
    expect(await groups('2025-03-31')).toEqual([['BAY STATE HEART ASSOCIATES PC', '2025-01']]);
    expect(await groups('2025-04-01')).toEqual([['NORTH SHORE CARDIOLOGY LLC', '2025-04']]);
    const { body } = await get('/provider/1694038252/employment?as_of=2025-04-01');
    expect(body.identity).toMatchObject({ last_name: 'FENWICK' });
    expect(body.attribution_signals[0]).toMatchObject({
      derivation: 'reassignment',
      employer_npi: null,
      employer_npi_basis: expect.stringMatching(/^not_published/),
      employer_enrollment_id: 'O20070707000444',
      source: { source_id: 'cms_pecos_reassignment', locator: { line: 4 } },
    });
    expect(body.methodology_note).toMatch(/never by name/);
  });

  it('cms_ppef not loaded: employer_npi stays null, the basis and a not_archived gap name cms_ppef, no extra read', async () => {
    const c = counting(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([providersGroup], deps);
    const before = c.reads();
    const r = await app.request('/provider/1203847565/employment?as_of=2025-03-01', { headers: world.key.headers });
    expect(r.status).toBe(200);
    expect(c.reads() - before).toBe(3);
    const body = (await r.json()) as Json;
    const groups = body.attribution_signals.filter((s: Json) => s.derivation !== 'facility_affiliation');
    expect(groups).toHaveLength(4);
    for (const s of groups) {
      expect(s).toMatchObject({ employer_npi: null, employer_npi_via: null, employer_npi_candidates: [] });
      expect(s.employer_npi_basis).toMatch(/^not_published: .*cms_ppef .* is not in force on 2025-03-01/);
    }
    expect(body.gaps).toEqual(
      expect.arrayContaining([expect.objectContaining({ source_id: 'cms_ppef', reason: 'not_archived' })]),
    );
    expect(body.sources.map((s: Json) => s.source_id)).not.toContain('cms_ppef');
  });

  it('answers an NPI NPPES lacks from the DAC files alone, identity null', async () => {
    const { status, body } = await get('/provider/1215000104?as_of=2025-03-01');
    expect(status).toBe(200);
    expect(body.identity.data).toBeNull();
    expect(body.employment_intelligence.data.attribution_signals.map((s: Json) => s.record_type)).toContain(
      'Physician Assistant',
    );
  });

  it('lists a hospital CCN affiliates in NPI order, paged, and switches with the April file', async () => {
    const first = await get('/dac/hospital/360999/affiliates?as_of=2025-03-31&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: Json) => i.npi)).toEqual(['1203847565', '1215000203']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(first.body.sources.map((s: Json) => s.publisher_version)).toEqual(['2025-01']);
    const next = await get(
      `/dac/hospital/360999/affiliates?as_of=2025-03-31&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(next.body.items.map((i: Json) => [i.npi, i.last_name])).toEqual([['1215000302', 'BRANDT']]);
    expect(next.body.next_cursor).toBeNull();
    const april = await get('/dac/hospital/360999/affiliates?as_of=2025-04-01');
    expect(april.body.items.map((i: Json) => i.npi)).toEqual(['1203847565', '1215000203', '1215000401']);
    expect(april.body.items[2].source).toMatchObject({ source_id: 'cms_dac', doc_id: 'dac:2', locator: { line: 13 } });
    // Five digits get the leading zero back; a unit's own CCN is not its parent hospital's.
    expect((await get('/dac/hospital/36T999/affiliates?as_of=2025-03-31')).status).toBe(404);
  });

  it.each([
    ['/provider/12345', 'npi'],
    ['/provider/1203847566', 'npi'],
    ['/provider/1203847565?as_of=2025-02-30', 'as_of'],
    ['/provider/1203847565/employment?limit=5', 'limit'],
    ['/dac/hospital/36-999/affiliates', 'ccn'],
    ['/dac/hospital/360999/affiliates?limit=0', 'limit'],
    ['/dac/hospital/360999/affiliates?cursor=nope', 'cursor'],
  ])('400 naming the parameter: %s', async (path, param) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors ?? body)).toContain(param);
  });

  it('404 for an NPI no source lists and a CCN with no affiliates', async () => {
    expect((await get('/provider/1456000102?as_of=2025-03-01')).status).toBe(404);
    expect((await get('/provider/1456000102/employment?as_of=2025-03-01')).status).toBe(404);
    expect((await get('/dac/hospital/010099/affiliates?as_of=2025-03-01')).status).toBe(404);
  });

  it('before the first DAC file: gaps in the dossier blocks, 503 naming cms_dac for the affiliates', async () => {
    const { status, body } = await get('/provider/1203847565?as_of=2024-12-31');
    expect(status).toBe(200);
    expect(body.identity.data.last_name).toBe('OYELARAN');
    expect(body.facility_affiliations.data).toBeNull();
    expect(body.facility_affiliations.gaps).toEqual([
      expect.objectContaining({ source_id: 'cms_dac', doc_id: 'dac:2', reason: 'before_first_version' }),
    ]);
    expect(body.employment_intelligence.data).toBeNull();
    const r = await get('/dac/hospital/360999/affiliates?as_of=2024-12-31');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 503, sources: ['cms_dac'] });
  });
});
