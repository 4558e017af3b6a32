import { createHash } from 'node:crypto';
import { runFetch } from '../../../shared/archive/fetch';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { type Harness, startHarness } from '../../helpers/harness';
import { installTestSources, jsonApiSource, restoreSources, serveJson } from '../../helpers/json-api-source';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';

/**
 * Issue 15, point 5, through the API: a fetch run of a declared JSON API source archives each page
 * as a file whose metadata (GET /v1/archive/files/{sha256}) shows the request it answered, the run
 * (GET /archive/runs) lists its pages with their requests, and the complete set is one version of
 * the document its manifest matches (GET /v1/archive/docs/{doc_id}/versions).
 */
const URL_ = 'https://clinicaltrials.gov/api/v2/studies?query.cond=sleep%20apnea';
const PATH = '/clinicaltrials.gov/api/v2/studies';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const page = (k: number) =>
  Buffer.from(
    JSON.stringify({
      studies: [{ protocolSection: { identificationModule: { nctId: `NCT0000000${k}` } } }],
      ...(k < 2 ? { nextPageToken: `tok-${k + 1}` } : {}),
    }),
  );

describe('a fetch run of a JSON API source, seen through the API', () => {
  let engines: Engines;
  let h: Harness;
  let server: PublisherServer;
  let key: TestKey;

  beforeAll(async () => {
    engines = await startEngines();
    h = await startHarness({ engines });
    server = await startPublisherServer();
    key = await createTestKey(h.deps, 'free', []);
    serveJson(server, PATH, (url) => {
      const token = url.searchParams.get('pageToken');
      return { raw: page(token === null ? 0 : Number(token.split('-')[1])) };
    });
    installTestSources(
      jsonApiSource(
        'test_ctgov_api',
        [
          {
            url: URL_,
            kind: 'json_api',
            endpoint: 'osa-studies',
            paging: { strategy: 'pagetoken', pageSize: 1, itemsPath: ['studies'] },
          },
        ],
        [{ docId: 'tosa:1', title: 'Sleep apnea studies', match: /^osa-studies-pages\.json$/ }],
      ),
    );
  });
  afterAll(async () => {
    restoreSources();
    await server.close();
    await h.close();
    await engines.stop();
  });

  it('shows each page with its request in the run, in the file metadata, and the set as one version', async () => {
    const run = await runFetch(h.deps, 'test_ctgov_api', {
      rewriteUrl: server.rewrite,
      allowInsecureHosts: ['127.0.0.1'],
      maxAttempts: 1,
      timeoutMs: 2000,
    });
    expect(run.status).toBe('succeeded');

    const runs = await h.request('/archive/runs?source_id=test_ctgov_api', { headers: key.headers });
    expect(runs.status).toBe(200);
    const listed = (await runs.json()) as { items: { run_id: string; pages: Record<string, unknown>[] }[] };
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]!.run_id).toBe(run.run_id);
    const requested = (k: number) =>
      `${server.base}${PATH}?query.cond=sleep+apnea&pageSize=1${k ? `&pageToken=tok-${k}` : ''}`;
    expect(listed.items[0]!.pages).toEqual(
      [0, 1, 2].map((k) => ({
        url: requested(k),
        endpoint: 'osa-studies',
        strategy: 'pagetoken',
        page: k + 1,
        cursor: k ? `tok-${k}` : null,
        next_cursor: k < 2 ? `tok-${k + 1}` : null,
        items: 1,
        pass_id: run.run_id,
        requested_at: expect.any(String),
        name: `osa-studies-page-000${k + 1}.json`,
        sha256: sha(page(k)),
        size: page(k).length,
        not_modified: false,
      })),
    );

    const file = await h.request(`/v1/archive/files/${sha(page(1))}`, { headers: key.headers });
    expect(file.status).toBe(200);
    const meta = (await file.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      name: 'osa-studies-page-0002.json',
      source_id: 'test_ctgov_api',
      origin: 'live',
      request: {
        url: requested(1),
        endpoint: 'osa-studies',
        strategy: 'pagetoken',
        page: 2,
        cursor: 'tok-1',
        next_cursor: 'tok-2',
        items: 1,
        run_id: run.run_id,
        pass_id: run.run_id,
      },
    });

    const versions = await h.request('/v1/archive/docs/tosa:1/versions', { headers: key.headers });
    const body = (await versions.json()) as { items: { sha256: string; name: string; run_id: string }[] };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ name: 'osa-studies-pages.json', run_id: run.run_id });
    const manifest = await h.request(`/v1/archive/files/${body.items[0]!.sha256}`, { headers: key.headers });
    expect(((await manifest.json()) as { request: unknown }).request).toBeNull();

    // The source lists its JSON API URL as such.
    const sources = await h.request('/v1/archive/sources?limit=1000', { headers: key.headers });
    const all = (await sources.json()) as { items: { source_id: string; urls: { kind: string }[] }[] };
    expect(all.items.find((s) => s.source_id === 'test_ctgov_api')?.urls).toEqual([
      { url: URL_, kind: 'json_api', note: null },
    ]);
  });
});
