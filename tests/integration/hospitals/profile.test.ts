import { hospitalsGroup } from '../../../functions/hospitals/routes';
import { buildApp } from '../../../shared/app/build';
import type { Clock, Deps } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';
import { countingTable } from '../../helpers/counting-table';

/**
 * Issue 22 points 1, 6 and 8 (profile half): hospital profiles, case mix index, services and metro
 * population from the fixtures of Hospital General Information (2024-01-02), POS (Q4 2023 from
 * 2024-02-15, Q1 2024 from 2024-05-15), the IPPS CMI files (FY 2024 from 2023-08-01, FY 2025 from
 * 2024-08-01) and the Census vintages (2023 from 2024-03-14, 2024 from 2025-03-13), archived through
 * the real ingest path and loaded into dynalite, read through the app with the real SDK.
 */
const TODAY = '2024-06-01';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const SOURCES = ['cms_hospital_general_information', 'cms_pos', 'cms_ipps_cmi', 'census_pep_cbsa'];

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('hospital profile endpoints', () => {
  const world = catalogWorld(SOURCES, clock, 120_000);
  const get = world.get;

  it('joins general information, POS, CMI and CBSA population by CCN, each block with its source version', async () => {
    const { status, body } = await get('/hospitals/010099');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ccn: '010099',
      facility_name: 'PINE HOLLOW REGIONAL MEDICAL CENTER',
      cbsa_code: '20020',
      general: { city: 'DOTHAN', state: 'AL', zip: '36303', source: { source_id: 'cms_hospital_general_information' } },
      accreditation_agency: {
        code: '1',
        name: 'The Joint Commission',
        effective_date: '2024-03-15',
        source: { source_id: 'cms_pos', publisher_version: 'Q1 2024' },
      },
      accreditation_expiration_date: { value: '2027-03-14', source: { publisher_version: 'Q1 2024' } },
      medical_school_affiliation: { code: '3', label: 'Minor', source: { source_id: 'cms_pos' } },
      termination: { code: '00', date: null },
      case_mix_index: { value: 1.6842, fiscal_year: 2024, cases: 9876, source: { publisher_version: 'FY 2024' } },
      cbsa_population: {
        cbsa_code: '20020',
        name: 'Dothan, AL',
        year: 2023,
        population: 154283,
        vintage: 2023,
        source: { source_id: 'census_pep_cbsa', publisher_version: 'Vintage 2023' },
      },
      as_of: TODAY,
      gaps: [],
    });
    expect(body.accreditation_agency.source.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.sources.map((s: Json) => s.source_id).sort()).toEqual(SOURCES.slice().sort());
    expect(body.links.map((l: Json) => l.block)).toContain('cbsa_population');
    expect(body.methodology_note).toMatch(/IPPS hospitals/);
    // Five digits: the leading zero comes back.
    expect((await get('/hospitals/10099')).body.ccn).toBe('010099');
  });

  it('switches on the right day: POS accreditation on 2024-05-15, the FY 2025 CMI on 2024-08-01, a vintage on 2025-03-13', async () => {
    const before = (await get('/hospitals/010099?as_of=2024-05-14')).body;
    const after = (await get('/hospitals/010099?as_of=2024-05-15')).body;
    expect(before.accreditation_expiration_date).toMatchObject({
      value: '2024-03-14',
      source: { publisher_version: 'Q4 2023' },
    });
    expect(after.accreditation_expiration_date).toMatchObject({
      value: '2027-03-14',
      source: { publisher_version: 'Q1 2024' },
    });
    const cmi = async (d: string) => (await get(`/hospitals/010099/case-mix-index?as_of=${d}`)).body;
    expect((await cmi('2024-07-31')).items.map((i: Json) => i.fiscal_year)).toEqual([2024]);
    const aug = await cmi('2024-08-01');
    expect(aug.items.map((i: Json) => [i.fiscal_year, i.case_mix_index, i.cmi_column])).toEqual([
      [2025, 1.7105, 'TACMIV42'],
      [2024, 1.6842, 'Case Mix Index'],
    ]);
    const pop = async (d: string) => (await get(`/market-intelligence/cbsa/20020/population?as_of=${d}`)).body;
    expect((await pop('2025-03-12')).items.at(-1)).toMatchObject({ year: 2023, vintage: 2023 });
    expect((await pop('2025-03-13')).items.at(-1)).toMatchObject({ year: 2024, vintage: 2024 });
  });

  it('keeps a terminated hospital known only to POS and CMI, with its end date and no general information', async () => {
    const { status, body } = await get('/hospitals/010150');
    expect(status).toBe(200);
    expect(body.general).toBeNull();
    expect(body.facility_name).toBe('WIREGRASS COMMUNITY HOSPITAL');
    expect(body.termination).toMatchObject({ code: '01', date: '2023-06-30' });
    expect(body.accreditation_agency).toBeNull();
    expect(body.medical_school_affiliation).toMatchObject({ code: '4', label: 'No affiliation' });
  });

  it('answers a profile in at most 8 storage reads', async () => {
    const c = countingTable(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([hospitalsGroup], deps);
    const before = c.reads();
    const r = await app.request('/hospitals/010099?as_of=2024-06-01', { headers: world.key.headers });
    expect(r.status).toBe(200);
    expect(((await r.json()) as Json).cbsa_population).not.toBeNull();
    const reads = c.reads() - before;
    expect(reads).toBeLessThanOrEqual(8);
    expect(reads).toBe(5);
  });

  it('gives the case mix index history newest first with the published row', async () => {
    const { status, body } = await get('/hospitals/140901/case-mix-index?as_of=2024-09-01');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({
      fiscal_year: 2025,
      case_mix_index: 2.1408,
      cases: 22415,
      provider_name: 'WEST SIDE UNIVERSITY MEDICAL CENTER',
      source: { source_id: 'cms_ipps_cmi', publisher_version: 'FY 2025' },
    });
    expect(body.items[0].source_row.TACMIV42).toBe('2.1408');
    expect(body.sources.map((s: Json) => s.publisher_version)).toEqual(['FY 2024', 'FY 2025']);
  });

  it('lists the services of the POS row', async () => {
    const { status, body } = await get('/hospitals/010099/services');
    expect(status).toBe(200);
    expect(body.category).toEqual({ code: '01', label: 'Hospital' });
    expect(body.items).toHaveLength(10);
    expect(body.provided_count).toBe(8);
    expect(body.items.find((s: Json) => s.column === 'OPEN_HRT_SRGRY_SRVC_CD')).toMatchObject({
      name: 'Open heart surgery',
      provided: true,
      how: 'staff',
    });
    expect(body.source).toMatchObject({ source_id: 'cms_pos', publisher_version: 'Q1 2024' });
  });

  it('gives the population history, each year with the vintage in force and the figures it revised', async () => {
    const { status, body } = await get('/market-intelligence/cbsa/20020/population?as_of=2025-04-01');
    expect(status).toBe(200);
    expect(body).toMatchObject({ cbsa_code: '20020', name: 'Dothan, AL', lsad: 'Metropolitan Statistical Area' });
    expect(body.items.map((i: Json) => [i.year, i.population, i.vintage])).toEqual([
      [2020, 151120, 2024],
      [2021, 151950, 2024],
      [2022, 153410, 2024],
      [2023, 154620, 2024],
      [2024, 155790, 2024],
    ]);
    expect(body.items[3].superseded).toEqual([{ vintage: 2023, population: 154283 }]);
    expect(body.items[4].superseded).toEqual([]);
    expect(body.estimates_base).toEqual({ year: 2020, population: 151007, vintage: 2024 });
    const division = await get('/market-intelligence/cbsa/16984/population?as_of=2025-04-01');
    expect(division.body).toMatchObject({ parent_cbsa_code: '16980', lsad: 'Metropolitan Division' });
  });

  it('answers an old HGI file as a gap in the profile, not a failure', async () => {
    const { status, body } = await get('/hospitals/010099?as_of=2024-09-01');
    expect(status).toBe(200);
    expect(body.general).toBeNull();
    expect(body.gaps.map((g: Json) => [g.source_id, g.reason])).toEqual([
      ['cms_hospital_general_information', 'stale_version'],
    ]);
    expect(body.case_mix_index.fiscal_year).toBe(2025);
  });

  it('400 naming the parameter, 404 for unknown ids, 503 naming the source', async () => {
    for (const path of ['/hospitals/01-0099', '/hospitals/0100990/services', '/hospitals/ABC/case-mix-index']) {
      const r = await get(path);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(/ccn/);
    }
    const cbsa = await get('/market-intelligence/cbsa/2002/population');
    expect(cbsa.status).toBe(400);
    expect(JSON.stringify(cbsa.body)).toMatch(/cbsa_code/);
    expect((await get('/hospitals/010099?as_of=2024-02-30')).status).toBe(400);
    expect((await get('/hospitals/010099?year=2024')).status).toBe(400);
    expect((await get('/hospitals/999999')).status).toBe(404);
    expect((await get('/hospitals/999999/services')).status).toBe(404);
    const noCmi = await get('/hospitals/017001/case-mix-index');
    expect(noCmi.status).toBe(404);
    expect(noCmi.body.detail).toMatch(/only IPPS hospitals/);
    expect((await get('/market-intelligence/cbsa/99999/population')).status).toBe(404);
    const early = await get('/hospitals/010099/services?as_of=2023-01-01');
    expect(early.status).toBe(503);
    expect(early.body).toMatchObject({ status: 503, sources: ['cms_pos'] });
    expect((await get('/market-intelligence/cbsa/20020/population?as_of=2023-01-01')).body.sources).toEqual([
      'census_pep_cbsa',
    ]);
    expect((await get('/hospitals/010099/case-mix-index?as_of=2023-01-01')).body.sources).toEqual(['cms_ipps_cmi']);
    const none = await get('/hospitals/010099?as_of=2023-01-01');
    expect(none.status).toBe(503);
    expect(none.body.sources).toEqual(['cms_hospital_general_information', 'cms_pos', 'cms_ipps_cmi']);
  });
});
