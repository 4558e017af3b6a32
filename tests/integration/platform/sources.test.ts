import { CHANGES_PK, changeSortKey } from '../../../shared/archive/change-record';
import { sourceFileKey } from '../../../shared/archive/keys';
import { recordRun } from '../../../shared/archive/runs';
import { trackLoad } from '../../../shared/loads/history';
import { SOURCES } from '../../../shared/sources/registry';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';

/** Archive state written the way the archive writes it (same keys), for one source. */
async function seedArchive(h: Harness, sourceId: string, observed: string) {
  const t = h.deps.tables.archive;
  for (const sha of ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)]) {
    await t.put({
      ...sourceFileKey(sourceId, sha),
      gsi1pk: `SRCFILES#${sourceId}`,
      gsi1sk: `${observed}#${sha}`,
      sha256: sha,
    });
  }
  for (const [v, label, at] of [
    [41, '2025 Q4', '2025-12-20T00:00:00.000Z'],
    [42, '2026 Q1', observed],
  ] as const) {
    await t.put({
      pk: CHANGES_PK,
      sk: changeSortKey(v),
      gsi1pk: `${CHANGES_PK}#${sourceId}`,
      gsi1sk: changeSortKey(v),
      source_id: sourceId,
      version_id: v,
      publisher_version: label,
      observed_from: at,
    });
  }
  await recordRun(t, {
    run_id: 'run-1',
    source_id: sourceId,
    started_at: '2026-01-02T14:00:00.000Z',
    finished_at: '2026-01-02T14:00:05.000Z',
    status: 'partial',
    files_seen: 3,
    new_versions: 1,
    version_ids: [42],
    errors: [{ url: 'https://example.org/x', message: 'timeout' }],
  });
}

describe('the source catalog: GET /sources, /sources/{id}, /sources/{id}/history', () => {
  let h: Harness;
  let key: TestKey;
  let now = new Date('2026-01-05T00:00:00.000Z');
  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => now } });
    key = await createTestKey(h.deps, 'free');
    await seedArchive(h, 'cms_ncci_mue', '2026-01-02T14:00:03.000Z');
    now = new Date('2026-01-02T15:00:00.000Z');
    await trackLoad(h.deps, 'cms_ncci_mue', async (p) => {
      p.loaded(41, 1000);
      p.loaded(42, 250);
    });
    now = new Date('2026-01-03T15:00:00.000Z');
    await expect(
      trackLoad(h.deps, 'cms_ncci_mue', async (p) => {
        p.loaded(43, 10);
        throw new Error('parser failed on line 7');
      }),
    ).rejects.toThrow('parser failed');
    now = new Date('2026-01-05T00:00:00.000Z');
  });
  afterAll(() => h.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    h.request(path, { headers: { ...key.headers, ...headers } });

  it('lists every registered source, ordered by id, with the named fields', async () => {
    const res = await get('/sources?limit=1000&include_total=true');
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.total).toBe(SOURCES.length);
    const ids = page.items.map((s: { source_id: string }) => s.source_id);
    expect(ids).toEqual([...SOURCES.map((s) => s.sourceId)].sort());
    for (const s of page.items) {
      for (const field of [
        'warrants',
        'archive_file_count',
        'last_fetch_at',
        'last_change_at',
        'latest_publisher_version',
        'license',
        'refresh_cadence',
        'accuracy_class',
        'last_load',
        'freshness',
        'last_record_count',
      ]) {
        expect(s).toHaveProperty(field);
      }
    }
  });

  it('reports one source from the archive, run and load records', async () => {
    const res = await get('/sources/cms_ncci_mue');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      source_id: 'cms_ncci_mue',
      refresh_cadence: 'quarterly',
      warrants: ['edits'],
      archive_file_count: 3,
      last_fetch_at: '2026-01-02T14:00:05.000Z',
      last_fetch_status: 'partial',
      last_change_at: '2026-01-02T14:00:03.000Z',
      latest_publisher_version: '2026 Q1',
      last_load: { status: 'partial', attempted_at: '2026-01-03T15:00:00.000Z', loaded_at: '2026-01-03T15:00:00.000Z' },
      last_record_count: 1260,
      freshness: { class: 'fresh', level: 'fresh', judged_from: 'last_load', age_days: 1.375 },
    });
  });

  it('a never-loaded source is `never`, judged from its registration date', async () => {
    const body = await (await get('/sources/medicaid_nadac')).json();
    expect(body).toMatchObject({
      archive_file_count: 0,
      last_fetch_at: null,
      last_change_at: null,
      latest_publisher_version: null,
      last_load: { status: 'never', attempted_at: null, loaded_at: null },
      last_record_count: null,
      warrants: [],
      freshness: { class: 'never', judged_from: 'registration', level: 'fresh' },
    });
  });

  it('lists load attempts newest first with timing and row-count deltas, failures included', async () => {
    const res = await get('/sources/cms_ncci_mue/history?include_total=true');
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.total).toBe(2);
    expect(page.items.map((a: { status: string }) => a.status)).toEqual(['partial', 'succeeded']);
    expect(page.items[0]).toMatchObject({
      version_ids: [43],
      rows_before: 1250,
      rows_after: 1260,
      rows_delta: 10,
      error: 'parser failed on line 7',
    });
    expect(page.items[1]).toMatchObject({
      version_ids: [41, 42],
      rows_before: 0,
      rows_after: 1250,
      rows_delta: 1250,
      error: null,
    });
    expect(page.items[1].duration_ms).toEqual(expect.any(Number));
    const empty = await (await get('/sources/medicaid_nadac/history?include_total=true')).json();
    expect(empty).toMatchObject({ items: [], total: 0 });
  });

  it('serves an HTML table to browsers (Accept or format=html), JSON otherwise', async () => {
    for (const [path, accept] of [
      ['/sources', 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8'],
      ['/sources?format=html', '*/*'],
    ]) {
      const res = await get(path!, { accept: accept! });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<table id="sources-table"');
      expect(html.match(/<tr><td><a /g)).toHaveLength(SOURCES.length);
      expect(html).toContain('2026 Q1');
    }
    expect((await get('/sources', { accept: 'application/json' })).headers.get('content-type')).toMatch(/json/);
  });

  it('needs a key (any tier); unknown ids are 404, malformed ones 400', async () => {
    expect((await h.request('/sources')).status).toBe(401);
    expect((await get('/sources/no_such_source')).status).toBe(404);
    expect((await get('/sources/no_such_source/history')).status).toBe(404);
    const bad = await get('/sources/Bad-Id');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].loc).toEqual(['path', 'source_id']);
  });
});
