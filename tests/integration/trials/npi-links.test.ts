import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { npiCheckDigit } from '../../../shared/codes/npi';
import type { Clock } from '../../../shared/deps';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, point 4: a study's officials and site investigators linked to NPIs by name and place.
 * The trial fixtures (two archived ClinicalTrials.gov walks) and an NPPES full file written here in
 * the npidata layout (the fixture's header and a record of it as template, names and places set
 * per case), both archived through the real ingest path and loaded into dynalite.
 */
const clock: Clock = { now: () => new Date('2024-06-03T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

interface Person {
  first: string;
  middle?: string;
  last: string;
  city: string;
  state: string;
  zip: string;
  deactivated?: string;
}

// Field positions in the npidata header (0-based).
const COL = {
  npi: 0,
  entity: 1,
  last: 5,
  first: 6,
  middle: 7,
  credential: 10,
  city: 30,
  state: 31,
  zip: 32,
  deact: 39,
  react: 40,
};
const npiOf = (i: number) => {
  const base = String(190_000_000 + i);
  return base + npiCheckDigit(base);
};

function npidata(people: Person[]): Buffer {
  const lines = readFixture('nppes', 'npidata_pfile_20050523-20250209.csv').toString('utf8').split('\n');
  const template = lines.find((l) => l.includes('"OYELARAN"'))!;
  const cells = template.slice(1, -1).split('","');
  const rows = people.map((p, i) => {
    const c = [...cells];
    Object.assign(c, {
      [COL.npi]: npiOf(i),
      [COL.entity]: '1',
      [COL.last]: p.last,
      [COL.first]: p.first,
      [COL.middle]: p.middle ?? '',
      [COL.credential]: 'MD',
      [COL.city]: p.city,
      [COL.state]: p.state,
      [COL.zip]: p.zip,
      [COL.deact]: p.deactivated ?? '',
      [COL.react]: '',
    });
    return `"${c.join('","')}"`;
  });
  return Buffer.from(`${[lines[0], ...rows].join('\n')}\n`, 'utf8');
}

const REGISTRY: Person[] = [
  /* 0 */ { first: 'RAVI', middle: 'K', last: 'PATEL', city: 'AUSTIN', state: 'TX', zip: '787011234' },
  /* 1 */ { first: 'RAVI', last: 'PATEL', city: 'HOUSTON', state: 'TX', zip: '77030' },
  /* 2 */ { first: 'LENA', last: 'FISCHER', city: 'BOSTON', state: 'MA', zip: '02115' },
  /* 3 */ { first: 'LENA', last: 'FISCHER', city: 'DALLAS', state: 'TX', zip: '75201' },
  /* 4 */ { first: 'DANIEL', last: 'REYES', city: 'BOSTON', state: 'MA', zip: '02115' },
  /* 5 */ { first: 'DANIEL', middle: 'J', last: 'REYES', city: 'BOSTON', state: 'MA', zip: '02118' },
  /* 6 */ { first: 'MAYA', last: 'OKAFOR', city: 'SAN FRANCISCO', state: 'CA', zip: '94110' },
  /* 7 */ {
    first: 'MAYA',
    last: 'OKAFOR',
    city: 'SAN FRANCISCO',
    state: 'CA',
    zip: '94110',
    deactivated: '01/15/2020',
  },
  /* 8 */ { first: 'MARK', last: 'OKAFOR', city: 'OAKLAND', state: 'CA', zip: '94612' },
];

describe('clinical trial NPI and CCN links', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const linkOf = (body: Json, name: string, kind: string) =>
    body.npi_links.links.find((l: Json) => l.person.name === name && l.person.kind === kind);

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'nlm_ctgov', { catalog: false });
    await new Archive(h.deps).ingest({
      sourceId: 'nppes',
      name: 'npidata_pfile_20050523-20240505.csv',
      body: npidata(REGISTRY),
      publisherVersion: '20050523-20240505',
      effectiveFrom: '2024-05-05',
      effectiveTo: null,
      origin: 'backfill',
      observedAt: new Date('2024-05-06T06:00:00Z'),
    });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('links a site investigator whose name and ZIP match one registry individual, and shows the others', async () => {
    const { status, body } = await get('/clinical-trials/NCT09000002');
    expect(status).toBe(200);
    expect(body.npi_links.status).toBe('searched');
    const patel = linkOf(body, 'Ravi Patel, MD', 'site_investigator');
    expect(patel).toMatchObject({ status: 'linked', npi: npiOf(0), confidence: 0.95, searched_states: ['TX'] });
    expect(patel.person.site_index).toBe(0);
    expect(patel.method).toMatch(/Name and place/);
    expect(patel.candidates.map((c: Json) => c.npi)).toEqual([npiOf(0), npiOf(1)]);
    expect(patel.candidates[0].matched_on).toEqual(['last_name', 'first_name', 'zip']);
    expect(patel.candidates[1]).toMatchObject({ confidence: 0.6, matched_on: ['last_name', 'first_name', 'state'] });
    // The registry version searched is named, in the block and among the answer's sources.
    const registry = body.npi_links.sources[0];
    expect(registry).toMatchObject({ source_id: 'nppes', doc_id: 'nppes:1' });
    expect(patel.candidates[0].registry_version_id).toBe(registry.version_id);
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['nlm_ctgov', 'nppes']);
  });

  it('claims nothing for an official found only by state, nor for two strong matches (ambiguous)', async () => {
    const two = (await get('/clinical-trials/NCT09000002')).body;
    // The sponsor affiliation names no site: both site states are searched, by state only (an
    // official is not placed at a site the affiliation does not name), so no score reaches 0.8.
    const fischer = linkOf(two, 'Lena Fischer, MD, PhD', 'overall_official');
    expect(fischer).toMatchObject({
      status: 'unconfirmed',
      npi: null,
      confidence: null,
      searched_states: ['MA', 'TX'],
    });
    expect(fischer.candidates.map((c: Json) => c.npi).sort()).toEqual([npiOf(2), npiOf(3)].sort());
    const one = (await get('/clinical-trials/NCT09000001')).body;
    const reyes = linkOf(one, 'Daniel Reyes, MD', 'site_investigator');
    expect(reyes).toMatchObject({ status: 'ambiguous', npi: null, candidate_count: 2 });
    expect(reyes.candidates.map((c: Json) => c.confidence)).toEqual([0.95, 0.85]);
  });

  it('places an official at the site their affiliation names; leaves deactivated NPIs out', async () => {
    const { body } = await get('/clinical-trials/NCT09000001');
    const official = linkOf(body, 'Maya Okafor, MD', 'overall_official');
    // Affiliation "Pine Hollow Research Institute" names the San Francisco site: ZIP evidence, linked.
    expect(official).toMatchObject({ status: 'linked', npi: npiOf(6), searched_states: ['CA'] });
    expect(official.candidates.map((c: Json) => c.npi)).not.toContain(npiOf(7));
    // MARK OKAFOR shares the initial but not the first name: ruled out, not a candidate.
    expect(official.candidates.map((c: Json) => c.npi)).toEqual([npiOf(6)]);
    expect(linkOf(body, 'Maya Okafor, MD', 'site_investigator')).toMatchObject({ status: 'linked', npi: npiOf(6) });
  });

  it('says no_match when no one of that name practises there, and leaves a study without US people empty', async () => {
    const four = (await get('/clinical-trials/NCT09000004')).body;
    expect(linkOf(four, 'Grace Liu, PhD', 'overall_official')).toMatchObject({
      status: 'no_match',
      npi: null,
      candidates: [],
    });
    const three = (await get('/clinical-trials/NCT09000003')).body;
    expect(three.npi_links).toMatchObject({ status: 'searched', links: [] });
  });

  it('gives ccn_links as an honest gap naming cms_hospital_general_information', async () => {
    const { body } = await get('/clinical-trials/NCT09000002');
    expect(body.ccn_links).toMatchObject({
      status: 'not_loaded',
      dataset: 'cms_hospital_general_information',
      links: [],
      gaps: [
        { source_id: 'cms_hospital_general_information', reason: 'not_loaded' },
        // The catalog's own word for the date: no version of the reference is archived here.
        { source_id: 'cms_hospital_general_information', reason: 'not_archived' },
      ],
    });
    expect(body.ccn_links.gaps[0].detail).toMatch(/2 US site/);
  });
});
