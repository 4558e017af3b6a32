import { createHash } from 'node:crypto';
import { runFetch } from '../../../shared/archive/fetch';
import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { serveJson } from '../../helpers/json-api-source';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';

/**
 * The nlm_ctgov declaration end to end: a fetch run walks GET /api/v2/studies (served locally from
 * the fixture pages, token after token), archives each page and the set manifest, the catalog
 * loads the set from the manifest and its pages, and the trials routes answer from it.
 */
const PATH = '/clinicaltrials.gov/api/v2/studies';
const clock: Clock = { now: () => new Date('2024-05-01T06:00:00.000Z') };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fixture = (name: string) => readFixture('nlm_ctgov', '2024-05-01', name);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('nlm_ctgov fetched through its JSON API declaration', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  let key: TestKey;
  const requests: URL[] = [];

  beforeAll(async () => {
    engines = await startEngines();
    h = await startHarness({ engines, clock });
    server = await startPublisherServer();
    key = await createTestKey(h.deps, 'free', []);
    serveJson(server, PATH, (url) => {
      requests.push(url);
      const token = url.searchParams.get('pageToken');
      return { raw: fixture(token === null ? 'ctgov-studies-page-0001.json' : 'ctgov-studies-page-0002.json') };
    });
  });
  afterAll(async () => {
    await server.close();
    await h.close();
    await engines.stop();
  });

  it('walks the pages by nextPageToken, archives the set as one version and answers from it', async () => {
    const run = await runFetch(h.deps, 'nlm_ctgov', {
      rewriteUrl: server.rewrite,
      allowInsecureHosts: ['127.0.0.1'],
      maxAttempts: 1,
      timeoutMs: 2000,
    });
    expect(run.status).toBe('succeeded');
    expect(
      requests.map((u) => [
        u.searchParams.get('format'),
        u.searchParams.get('pageSize'),
        u.searchParams.get('pageToken'),
      ]),
    ).toEqual([
      ['json', '1000', null],
      ['json', '1000', 'ZVNj7o2Elu8o3lpoWsSs1'],
    ]);
    await syncCatalog(h.deps);

    const list = await h.request('/clinical-trials', { headers: key.headers });
    expect(list.status).toBe(200);
    const body = (await list.json()) as Json;
    expect(body.items.map((i: Json) => i.nct_id)).toEqual(['NCT09000001', 'NCT09000002', 'NCT09000003']);
    // The fetcher's manifest is byte for byte the fixture's: the fixtures are in the archive's own set layout.
    expect(body.sources[0]).toMatchObject({
      name: 'ctgov-studies-pages.json',
      sha256: sha(fixture('ctgov-studies-pages.json')),
      publisher_version: null,
    });
    const one = (await (await h.request('/clinical-trials/NCT09000003', { headers: key.headers })).json()) as Json;
    expect(one.element).toMatchObject({ page: 2, sha256: sha(fixture('ctgov-studies-page-0002.json')) });
    const page = await h.request(`/v1/archive/files/${one.element.sha256}`, { headers: key.headers });
    expect(((await page.json()) as Json).request).toMatchObject({ page: 2, cursor: 'ZVNj7o2Elu8o3lpoWsSs1' });
  });
});
