import { providersGroup } from '../../../functions/providers/routes';
import { buildApp } from '../../../shared/app/build';
import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { npiCheckDigit } from '../../../shared/codes/npi';
import type { Clock, Deps } from '../../../shared/deps';
import { countingTable } from '../../helpers/counting-table';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 21 point 3: a provider's clinical trials, Open Payments research rows first, then name and
 * site against ClinicalTrials.gov investigators. The Open Payments fixtures (CASTELLANO, NPI
 * 1372640197, PI of NCT09000002 and NCT08999999); the ClinicalTrials.gov walk of 2024-07-01 in
 * shared/datasets/nlm_ctgov/fixtures/investigators-2024-07-01 (not in the sample manifest: archived
 * here, as a fetch run would); an NPPES full file written here in the npidata layout (the fixture's
 * header and a record of it as template, names and places set per case). All archived through the
 * real ingest path and loaded into dynalite.
 */
const clock: Clock = { now: () => new Date('2024-07-03T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const CASTELLANO = '1372640197';
const FENWICK = '1694038252';
const npiOf = (i: number) => {
  const base = String(191_000_000 + i);
  return base + npiCheckDigit(base);
};

interface Person {
  npi: string;
  first: string;
  middle?: string;
  last: string;
  city: string;
  state: string;
  zip: string;
}

const COL = { npi: 0, entity: 1, last: 5, first: 6, middle: 7, credential: 10, city: 30, state: 31, zip: 32 };

const REGISTRY: Person[] = [
  {
    npi: CASTELLANO,
    first: 'DIANE',
    middle: 'R',
    last: 'CASTELLANO',
    city: 'PHILADELPHIA',
    state: 'PA',
    zip: '191046021',
  },
  // Same name, another state: the Newark study is hers, not the Philadelphia NPI's.
  { npi: npiOf(1), first: 'DIANE', last: 'CASTELLANO', city: 'NEWARK', state: 'NJ', zip: '07103' },
  { npi: npiOf(2), first: 'PETRA', last: 'VOSKUIJLEN', city: 'PHILADELPHIA', state: 'PA', zip: '19104' },
];

function npidata(people: Person[]): Buffer {
  const lines = readFixture('nppes', 'npidata_pfile_20050523-20250209.csv').toString('utf8').split('\n');
  const template = lines.find((l) => l.includes('"OYELARAN"'))!;
  const cells = template.slice(1, -1).split('","');
  const rows = people.map((p) => {
    const c = [...cells];
    Object.assign(c, {
      [COL.npi]: p.npi,
      [COL.entity]: '1',
      [COL.last]: p.last,
      [COL.first]: p.first,
      [COL.middle]: p.middle ?? '',
      [COL.credential]: 'MD',
      [COL.city]: p.city,
      [COL.state]: p.state,
      [COL.zip]: p.zip,
    });
    return `"${c.join('","')}"`;
  });
  return Buffer.from(`${[lines[0], ...rows].join('\n')}\n`, 'utf8');
}

/** The world: Open Payments fixtures (unless left out), the ClinicalTrials.gov walk, the NPPES file. */
async function seedWorld(h: Harness, o: { openPayments: boolean }): Promise<void> {
  if (o.openPayments) await seedFixtures(h.deps, (e) => e.source_id === 'cms_open_payments', { catalog: false });
  const archive = new Archive(h.deps);
  const walk = readFixture.bind(null, 'nlm_ctgov', 'investigators-2024-07-01');
  for (const name of ['ctgov-studies-page-0001.json', 'ctgov-studies-page-0002.json', 'ctgov-studies-pages.json']) {
    await archive.ingest({
      sourceId: 'nlm_ctgov',
      name,
      body: walk(name),
      publisherVersion: '2024-07-01',
      effectiveFrom: '2024-07-01',
      effectiveTo: null,
      origin: 'backfill',
      observedAt: new Date('2024-07-01T06:00:00Z'),
    });
  }
  await archive.ingest({
    sourceId: 'nppes',
    name: 'npidata_pfile_20050523-20240609.csv',
    body: npidata(REGISTRY),
    publisherVersion: '20050523-20240609',
    effectiveFrom: '2024-06-09',
    effectiveTo: null,
    origin: 'backfill',
    observedAt: new Date('2024-06-10T06:00:00Z'),
  });
  await syncCatalog(h.deps);
}

describe('provider clinical trials: Open Payments first, then name and site', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string, deps?: Deps) => {
    const r = deps
      ? await buildApp([providersGroup], deps).request(p, { headers: key.headers })
      : await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedWorld(h, { openPayments: true });
    key = await createTestKey(h.deps, 'free', []);
  }, 120_000);
  afterAll(() => h.close());

  it('lists the Open Payments links first, then name-and-site matches by confidence, each study once', async () => {
    const { status, body } = await get(`/provider/${CASTELLANO}/clinical-trials`);
    expect(status).toBe(200);
    expect(body.items.map((t: Json) => [t.nct_id, t.link.method, t.link.confidence])).toEqual([
      // NCT09000002 names her at its Philadelphia site too: listed once, as Open Payments links it.
      ['NCT08999999', 'open_payments_research', 1],
      ['NCT09000002', 'open_payments_research', 1],
      // Full name, site ZIP 19104 = practice ZIP 19104-6021; middle initial R on both sides.
      ['NCT09000011', 'name_and_site', 0.95],
      // Full name, Philadelphia but ZIP 19103, middle initial Q against R: 0.85 - 0.15.
      ['NCT09000016', 'name_and_site', 0.7],
      // Full name, Pittsburgh: the state only.
      ['NCT09000012', 'name_and_site', 0.6],
      // An overall official "D. Castellano" placed by affiliation at a Philadelphia site: initial and city.
      ['NCT09000015', 'name_and_site', 0.6],
    ]);
    // Not listed: NCT09000013 (Diane Castellano in Newark, NJ: another state) and NCT09000014 (Daniel).
    const zip = body.items[2];
    expect(zip.link).toEqual({
      method: 'name_and_site',
      confidence: 0.95,
      person: {
        name: 'Castellano, Diane R.',
        role: 'PRINCIPAL_INVESTIGATOR',
        kind: 'site_investigator',
        site_index: 0,
      },
      site: {
        index: 0,
        facility: 'Schuylkill Heart Institute',
        city: 'Philadelphia',
        state_code: 'PA',
        zip: '19104-2345',
      },
      matched_on: ['last_name', 'first_name', 'middle_initial', 'zip'],
      differs_on: [],
    });
    expect(zip.trial).toMatchObject({
      brief_title: 'Rhythm Monitoring After Ablation',
      source: { source_id: 'nlm_ctgov', publisher_version: '2024-07-01' },
    });
    expect(body.items[3].link).toMatchObject({
      matched_on: ['last_name', 'first_name', 'city'],
      differs_on: ['middle_initial'],
    });
    expect(body.items[4].link).toMatchObject({ matched_on: ['last_name', 'first_name', 'state'], site: { index: 0 } });
    const official = body.items[5].link;
    expect(official.person).toEqual({
      name: 'D. Castellano, MD',
      role: 'PRINCIPAL_INVESTIGATOR',
      kind: 'overall_official',
      site_index: null,
    });
    expect(official.site).toMatchObject({ index: 0, zip: '19107' });
    expect(official.matched_on).toEqual(['last_name', 'first_initial', 'city']);
    expect(body.name_search).toMatchObject({
      status: 'searched',
      registry_name: 'DIANE R CASTELLANO',
      practice_state: 'PA',
      token: 'inv:castellano_d_pa',
      studies_matched: 6,
      studies_read: 6,
      capped: false,
    });
    expect(body.method).toMatch(/^First, Open Payments research rows.*Then, name and site/);
    expect([...new Set(body.sources.map((s: Json) => s.source_id))]).toEqual([
      'cms_open_payments',
      'nlm_ctgov',
      'nppes',
    ]);
  });

  it('matches a name collision in another state to its own NPI only', async () => {
    const { body } = await get(`/provider/${npiOf(1)}/clinical-trials`);
    expect(body.items.map((t: Json) => [t.nct_id, t.link.method, t.link.confidence, t.link.site?.city])).toEqual([
      ['NCT09000013', 'name_and_site', 0.95, 'Newark'],
    ]);
    expect(body.name_search.token).toBe('inv:castellano_d_nj');
  });

  it('a registry individual no study names is an empty list; an NPI not in the registry says why', async () => {
    const none = await get(`/provider/${npiOf(2)}/clinical-trials`);
    expect(none.body.items).toEqual([]);
    expect(none.body.name_search).toMatchObject({ status: 'searched', studies_matched: 0, studies_read: 0 });
    // FENWICK is in the research rows but not in this registry: the Open Payments link only.
    const fenwick = await get(`/provider/${FENWICK}/clinical-trials`);
    expect(fenwick.body.items.map((t: Json) => [t.nct_id, t.link.method])).toEqual([
      ['NCT09000002', 'open_payments_research'],
    ]);
    expect(fenwick.body.name_search).toMatchObject({
      status: 'not_searched',
      reason: expect.stringMatching(/not in the NPPES registry/),
      token: null,
    });
    expect((await get('/provider/1372640198/clinical-trials')).status).toBe(400);
  });

  it('before any ClinicalTrials.gov set is in force: the Open Payments links alone, and a gap', async () => {
    const { status, body } = await get(`/provider/${CASTELLANO}/clinical-trials?as_of=2024-06-15`);
    expect(status).toBe(200);
    expect(body.items.map((t: Json) => [t.nct_id, t.link.method, t.trial])).toEqual([
      ['NCT08999999', 'open_payments_research', null],
      ['NCT09000002', 'open_payments_research', null],
    ]);
    expect(body.name_search).toMatchObject({ status: 'not_loaded', registry_name: 'DIANE R CASTELLANO', token: null });
    expect(body.gaps.map((g: Json) => g.source_id)).toContain('nlm_ctgov');
  });

  it('answers in a bounded number of storage reads; the dossier block keeps the Open Payments links only', async () => {
    const c = countingTable(h.deps.tables.catalog);
    const deps: Deps = { ...h.deps, tables: { ...h.deps.tables, catalog: c.table } };
    const before = c.reads();
    const { status, body } = await get(`/provider/${CASTELLANO}/clinical-trials`, deps);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(6);
    const reads = c.reads() - before;
    // Open Payments heads (1) and the research partition of its three versions in force, each in
    // its two sort segments (6), the ClinicalTrials.gov heads (1) and one lookup of every study
    // listed (1); name matching adds the registry heads and record (2), the token search and its
    // values (2): four reads, which the dossier's budget of eight leaves no room for.
    expect(reads).toBeLessThanOrEqual(13);
    const dossier = await get(`/provider/${CASTELLANO}`);
    expect(dossier.status).toBe(200);
    expect(dossier.body.clinical_trials.data.trials.map((t: Json) => t.nct_id)).toEqual(['NCT08999999', 'NCT09000002']);
    expect(dossier.body.clinical_trials.data.method).toMatch(/not in this block/);
  });
});

describe('provider clinical trials in a world without Open Payments', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedWorld(h, { openPayments: false });
    key = await createTestKey(h.deps, 'free', []);
  }, 120_000);
  afterAll(() => h.close());

  it('answers the name-and-site matches with a gap saying the Open Payments links are missing', async () => {
    const { status, body } = await get(`/provider/${CASTELLANO}/clinical-trials`);
    expect(status).toBe(200);
    // NCT09000002 names her at its Philadelphia site: with no research row to list it first, the
    // name match lists it (full name, site ZIP 19104, middle initial R on both sides).
    expect(body.items.map((t: Json) => [t.nct_id, t.link.method, t.link.confidence])).toEqual([
      ['NCT09000002', 'name_and_site', 0.95],
      ['NCT09000011', 'name_and_site', 0.95],
      ['NCT09000016', 'name_and_site', 0.7],
      ['NCT09000012', 'name_and_site', 0.6],
      ['NCT09000015', 'name_and_site', 0.6],
    ]);
    expect(body.name_search).toMatchObject({ status: 'searched', token: 'inv:castellano_d_pa' });
    const op = body.gaps.filter((g: Json) => g.source_id === 'cms_open_payments');
    expect(op).toHaveLength(1);
    // Never archived in this world: `not_archived` (a publication archived but not loaded is `not_loaded`).
    expect(op[0].reason).toBe('not_archived');
    expect(op[0].detail).toMatch(/Open Payments research links are missing/);
    expect([...new Set(body.sources.map((s: Json) => s.source_id))]).toEqual(['nlm_ctgov', 'nppes']);
  });

  it('is a 503 naming both sources only when no ClinicalTrials.gov set is in force either', async () => {
    const { status, body } = await get(`/provider/${CASTELLANO}/clinical-trials?as_of=2024-06-15`);
    expect(status).toBe(503);
    expect(body.detail).toMatch(/cms_open_payments/);
    expect(body.detail).toMatch(/nlm_ctgov/);
  });
});
