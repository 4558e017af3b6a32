import { createHash } from 'node:crypto';
import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 22 point 1, trials at a hospital: the Hospital General Information fixture (effective
 * 2024-01-02; 140900 and 143900 share a Chicago address) and three studies written here in the
 * ClinicalTrials.gov API v2 layout (one page and its set manifest), archived on 2024-01-03 through
 * the real ingest path and loaded into dynalite.
 */
const clock: Clock = { now: () => new Date('2024-01-05T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const site = (facility: string, city: string, state: string, zip: string) => ({
  facility,
  status: 'RECRUITING',
  city,
  state,
  zip,
  country: 'United States',
});

const study = (nct: string, title: string, locations: object[]) => ({
  protocolSection: {
    identificationModule: {
      nctId: nct,
      orgStudyIdInfo: { id: `ORG-${nct}` },
      organization: { fullName: 'Great Lakes Cardiology Network', class: 'OTHER' },
      briefTitle: title,
    },
    statusModule: {
      statusVerifiedDate: '2023-12',
      overallStatus: 'RECRUITING',
      startDateStruct: { date: '2023-10', type: 'ACTUAL' },
      studyFirstPostDateStruct: { date: '2023-09-15', type: 'ACTUAL' },
      lastUpdatePostDateStruct: { date: '2023-12-20', type: 'ACTUAL' },
    },
    sponsorCollaboratorsModule: { leadSponsor: { name: 'Great Lakes Cardiology Network', class: 'OTHER' } },
    conditionsModule: { conditions: ['Heart Failure'] },
    designModule: {
      studyType: 'INTERVENTIONAL',
      phases: ['PHASE3'],
      enrollmentInfo: { count: 300, type: 'ESTIMATED' },
    },
    contactsLocationsModule: { overallOfficials: [], locations },
  },
  derivedSection: { miscInfoModule: { versionHolder: '2023-12-20' } },
  hasResults: false,
});

const STUDIES = [
  study('NCT09000031', 'Diuretic Strategy in Heart Failure', [
    site('Marina Vista Medical Center', 'San Diego', 'California', '92101'),
    site('Lakeshore General Hospital', 'Chicago', 'Illinois', '60611'),
  ]),
  study('NCT09000032', 'Remote Monitoring After Discharge', [
    site('Lakeshore Hospital', 'Chicago', 'Illinois', '60611-2900'),
  ]),
  study('NCT09000033', 'Cardiac Rehabilitation at Home', [
    site('West Side University Medical Center', 'Chicago', 'Illinois', '60612'),
  ]),
];

function ctgovSet(): { page: Buffer; manifest: Buffer } {
  const page = Buffer.from(JSON.stringify({ studies: STUDIES }));
  const manifest = {
    kind: 'json_api_pages',
    version: 1,
    source_id: 'nlm_ctgov',
    endpoint: 'ctgov-studies',
    request: 'https://clinicaltrials.gov/api/v2/studies?format=json',
    strategy: 'pagetoken',
    index: {},
    items: STUDIES.length,
    pages: [
      {
        page: 1,
        name: 'ctgov-studies-page-0001.json',
        sha256: createHash('sha256').update(page).digest('hex'),
        size: page.length,
        items: STUDIES.length,
      },
    ],
  };
  return { page, manifest: Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`) };
}

describe('trials at a hospital', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_hospital_general_information', { catalog: false });
    const { page, manifest } = ctgovSet();
    const archive = new Archive(h.deps);
    for (const [name, body] of [
      ['ctgov-studies-page-0001.json', page],
      ['ctgov-studies-pages.json', manifest],
    ] as const) {
      await archive.ingest({
        sourceId: 'nlm_ctgov',
        name,
        body,
        publisherVersion: '2024-01-03',
        effectiveFrom: '2024-01-03',
        effectiveTo: null,
        origin: 'live',
        observedAt: new Date('2024-01-03T06:00:00Z'),
      });
    }
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('lists the studies with a site matched to the CCN first, then those where it is an ambiguous candidate', async () => {
    const { status, body } = await get('/hospitals/140900/clinical-trials');
    expect(status).toBe(200);
    expect(body.hospital).toMatchObject({ facility_name: 'LAKESHORE GENERAL HOSPITAL', zip: '60611' });
    expect(body.items.map((i: Json) => [i.nct_id, i.match.status, i.match.confidence, i.match.method])).toEqual([
      ['NCT09000031', 'matched', 0.85, 'name_city'],
      ['NCT09000032', 'ambiguous', expect.any(Number), 'name_fuzzy'],
    ]);
    expect(body.items[0].match).toMatchObject({ site_index: 1, facility: 'Lakeshore General Hospital', zip: '60611' });
    expect(body.items[1].match.candidates.map((c: Json) => c.ccn).sort()).toEqual(['140900', '143900']);
    expect(body.items[0].source).toMatchObject({ source_id: 'nlm_ctgov', publisher_version: '2024-01-03' });
    expect(body).toMatchObject({
      total: 2,
      searched: { zip: '60611', studies_with_a_site_in_zip: 2, truncated: false },
    });
    expect(body.method).toMatch(/facility matcher/);
    expect(body.sources.map((s: Json) => s.source_id).sort()).toEqual([
      'cms_hospital_general_information',
      'nlm_ctgov',
    ]);
  });

  it('pages by limit and offset; a hospital with no study is an empty list', async () => {
    const page = await get('/hospitals/140900/clinical-trials?limit=1&offset=1');
    expect(page.body.items.map((i: Json) => i.nct_id)).toEqual(['NCT09000032']);
    expect(page.body).toMatchObject({ total: 2, next_offset: null, offset: 1 });
    expect((await get('/hospitals/140900/clinical-trials?limit=1')).body.next_offset).toBe(1);
    const west = await get('/hospitals/140901/clinical-trials');
    expect(west.body.items.map((i: Json) => [i.nct_id, i.match.status])).toEqual([['NCT09000033', 'matched']]);
    const none = await get('/hospitals/010099/clinical-trials');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it('400 naming the parameter, 404 for an unknown CCN, 503 naming the source', async () => {
    expect(JSON.stringify((await get('/hospitals/14-0900/clinical-trials')).body)).toMatch(/ccn/);
    const limit = await get('/hospitals/140900/clinical-trials?limit=101');
    expect(limit.status).toBe(400);
    expect(JSON.stringify(limit.body)).toMatch(/limit/);
    expect((await get('/hospitals/999999/clinical-trials')).status).toBe(404);
    const early = await get('/hospitals/140900/clinical-trials?as_of=2024-01-02');
    expect(early.status).toBe(503);
    expect(early.body.sources).toEqual(['nlm_ctgov']);
  });
});
