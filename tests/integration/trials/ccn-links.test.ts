import { createHash } from 'node:crypto';
import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { seedFixtures } from '../../helpers/seed';

/**
 * Issue 23, point 4: a study's US sites linked to hospital CCNs by the shared facility matcher
 * against the hospital general information file in force on the date. The reference is the
 * dataset's own fixture (seven hospitals, five in Chicago, effective 2024-01-02); the study is
 * written here in the ClinicalTrials.gov API v2 layout (the fixtures' own: one page and the set
 * manifest naming it), its sites placed at those hospitals, both archived through the real ingest
 * path and loaded into dynalite.
 */
const clock: Clock = { now: () => new Date('2024-01-05T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const site = (facility: string, city: string, state: string, zip: string, country = 'United States') => ({
  facility,
  status: 'RECRUITING',
  city,
  state,
  zip,
  country,
});

const STUDY = {
  protocolSection: {
    identificationModule: {
      nctId: 'NCT09000010',
      orgStudyIdInfo: { id: 'ORG-09000010' },
      organization: { fullName: 'Great Lakes Cardiology Network', class: 'OTHER' },
      briefTitle: 'Early Mobilization After Cardiac Surgery',
    },
    statusModule: {
      statusVerifiedDate: '2023-12',
      overallStatus: 'RECRUITING',
      startDateStruct: { date: '2023-10', type: 'ACTUAL' },
      studyFirstPostDateStruct: { date: '2023-09-15', type: 'ACTUAL' },
      lastUpdatePostDateStruct: { date: '2023-12-20', type: 'ACTUAL' },
    },
    sponsorCollaboratorsModule: { leadSponsor: { name: 'Great Lakes Cardiology Network', class: 'OTHER' } },
    conditionsModule: { conditions: ['Cardiac Surgery'] },
    designModule: { studyType: 'INTERVENTIONAL', phases: ['NA'], enrollmentInfo: { count: 300, type: 'ESTIMATED' } },
    contactsLocationsModule: {
      overallOfficials: [],
      locations: [
        /* 0 */ site('Lakeshore General Hospital', 'Chicago', 'Illinois', '60611'),
        /* 1 */ site('Lakeshore Hospital', 'Chicago', 'Illinois', '60611-2900'),
        /* 2 */ site('Lakeshore Cardiac Research Office', 'Chicago', 'Illinois', '60611'),
        /* 3 */ site('Maple Lake Children’s Hospital', 'Toronto', 'Ontario', 'M5G 1X8', 'Canada'),
        /* 4 */ site('Marina Vista Medical Center', 'San Diego', 'California', '92101'),
        /* 5 */ { status: 'RECRUITING', city: 'Chicago', state: 'Illinois', zip: '60612', country: 'United States' },
      ],
    },
  },
  derivedSection: { miscInfoModule: { versionHolder: '2023-12-20' } },
  hasResults: false,
};

/** One page and its set manifest, as shared/archive/fetch/json-set.ts writes them. */
function ctgovSet(): { page: Buffer; manifest: Buffer } {
  const page = Buffer.from(JSON.stringify({ studies: [STUDY] }));
  const manifest = {
    kind: 'json_api_pages',
    version: 1,
    source_id: 'nlm_ctgov',
    endpoint: 'ctgov-studies',
    request: 'https://clinicaltrials.gov/api/v2/studies?format=json',
    strategy: 'pagetoken',
    index: {},
    items: 1,
    pages: [
      {
        page: 1,
        name: 'ctgov-studies-page-0001.json',
        sha256: createHash('sha256').update(page).digest('hex'),
        size: page.length,
        items: 1,
      },
    ],
  };
  return { page, manifest: Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`) };
}

describe('clinical trial CCN links', () => {
  let h: Harness;
  let key: TestKey;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const linkAt = (body: Json, i: number) => body.ccn_links.links.find((l: Json) => l.site_index === i);

  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => e.source_id === 'cms_hospital_general_information', { catalog: false });
    const { page, manifest } = ctgovSet();
    const archive = new Archive(h.deps);
    // Archived on 2023-12-28 (before the reference's 2024-01-02), seen again on 2024-01-04.
    for (const [i, at] of ['2023-12-28', '2024-01-04'].entries()) {
      for (const [name, body] of [
        ['ctgov-studies-page-0001.json', page],
        ['ctgov-studies-pages.json', manifest],
      ] as const) {
        await archive.ingest({
          sourceId: 'nlm_ctgov',
          name,
          body,
          publisherVersion: '2023-12-28',
          effectiveFrom: '2023-12-28',
          effectiveTo: null,
          origin: i === 0 ? 'backfill' : 'live',
          observedAt: new Date(`${at}T06:00:00Z`),
        });
      }
    }
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 90_000);
  afterAll(() => h.close());

  it('links a site to the one hospital whose name it gives in its ZIP, with method and confidence', async () => {
    const { status, body } = await get('/clinical-trials/NCT09000010');
    expect(status).toBe(200);
    expect(body.ccn_links.status).toBe('searched');
    expect(body.ccn_links.method).toMatch(/facility matcher/);
    const lakeshore = linkAt(body, 0);
    expect(lakeshore).toMatchObject({
      facility: 'Lakeshore General Hospital',
      state_code: 'IL',
      status: 'matched',
      ccn: '140900',
      name: 'LAKESHORE GENERAL HOSPITAL',
      confidence: 0.85,
      method: 'name_city',
      reason: null,
    });
    // The rehabilitation hospital at the same address is a weaker candidate, shown, not claimed.
    expect(lakeshore.candidates.map((c: Json) => c.ccn)).toEqual(['140900', '143900']);
    // The reference row and version are named, in the block and among the answer's sources.
    const reference = body.ccn_links.sources[0];
    expect(reference).toMatchObject({ source_id: 'cms_hospital_general_information', publisher_version: '2024-01-02' });
    expect(lakeshore.reference).toMatchObject({
      source_id: 'cms_hospital_general_information',
      version_id: reference.version_id,
    });
    expect(body.sources.map((s: Json) => s.source_id)).toContain('cms_hospital_general_information');
    // Another state is read too.
    expect(linkAt(body, 4)).toMatchObject({ status: 'matched', ccn: '050777', method: 'name_city' });
  });

  it('claims no CCN for a name two hospitals fit equally, nor for a site that is no hospital', async () => {
    const { body } = await get('/clinical-trials/NCT09000010');
    const two = linkAt(body, 1);
    expect(two).toMatchObject({ status: 'ambiguous', ccn: null, confidence: null, method: null });
    expect(two.candidates.map((c: Json) => c.ccn).sort()).toEqual(['140900', '143900']);
    expect(linkAt(body, 2)).toMatchObject({ status: 'unmatched', ccn: null, candidates: [] });
    // One entry per US site: the Toronto site has none.
    expect(body.ccn_links.links.map((l: Json) => l.site_index)).toEqual([0, 1, 2, 4, 5]);
    // A site that names no facility is not matched by place alone.
    expect(linkAt(body, 5)).toMatchObject({
      status: 'not_searched',
      ccn: null,
      reason: expect.stringMatching(/no facility/),
    });
  });

  it('keeps the not_loaded gap on a date before the reference is in force (as_of)', async () => {
    const { status, body } = await get('/clinical-trials/NCT09000010?as_of=2023-12-30');
    expect(status).toBe(200);
    expect(body.as_of).toBe('2023-12-30');
    expect(body.ccn_links).toMatchObject({
      status: 'not_loaded',
      dataset: 'cms_hospital_general_information',
      links: [],
      sources: [],
    });
    expect(body.ccn_links.gaps[0]).toMatchObject({
      source_id: 'cms_hospital_general_information',
      reason: 'not_loaded',
    });
    expect(body.ccn_links.gaps[0].detail).toMatch(/5 US site/);
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['nlm_ctgov']);
  });
});
