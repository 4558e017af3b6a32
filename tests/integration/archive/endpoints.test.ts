import { Archive } from '../../../shared/archive/ingest';
import { recordRun } from '../../../shared/archive/runs';
import { keyStoreFor } from '../../../shared/auth/access-control';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';
import { manualClock, sha } from './helpers';

const MUE = 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv';
const mue1 = Buffer.from('HCPCS,MUE\r\nA0001,1\r\n');
const mue1b = Buffer.from('HCPCS,MUE\r\nA0001,2\r\n');
const leieA = Buffer.from('LASTNAME\r\n"A"\r\n');
const leieB = Buffer.from('LASTNAME\r\n"B"\r\n');
const lcd = Buffer.from('lcd_id,title\r\n1,"CPT 99213 office visit descriptor"\r\n');

describe('archive endpoints', () => {
  let h: Harness;
  let key: string;
  const clock = manualClock('2026-06-15T09:00:00.000Z');
  const get = (path: string, auth = true) => h.request(path, auth ? { headers: { 'x-api-key': key } } : undefined);
  const json = async (path: string, status = 200, auth = true) => {
    const res = await get(path, auth);
    const body = (await res.json()) as Record<string, unknown> & { items: Record<string, unknown>[] };
    expect({ path, status: res.status }).toEqual({ path, status });
    return body;
  };
  const expectParamProblem = async (path: string, param: string) => {
    const body = await json(path, 400);
    expect(JSON.stringify(body.errors)).toContain(param);
  };

  beforeAll(async () => {
    h = await startHarness({ clock });
    key = (await keyStoreFor(h.deps).create({ tier: 'free', label: 'archive test' })).secret;
    const a = new Archive(h.deps);
    await a.ingest({ sourceId: 'cms_ncci_mue', name: MUE, body: mue1 });
    clock.set('2026-07-10T09:00:00.000Z');
    await a.ingest({ sourceId: 'cms_ncci_mue', name: MUE, body: mue1b });
    await a.ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: leieA,
      observedAt: new Date('2026-05-02T00:00:00Z'),
    });
    await a.ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: leieB,
      observedAt: new Date('2026-06-03T00:00:00Z'),
    });
    await a.ingest({ sourceId: 'cms_mcd', name: 'current_lcd.zip', body: buildZip([{ name: 'lcd.csv', data: lcd }]) });
    await recordRun(h.deps.tables.archive, {
      run_id: 'r1',
      source_id: 'oig_leie',
      started_at: '2026-07-01T00:00:00.000Z',
      finished_at: '2026-07-01T00:01:00.000Z',
      status: 'succeeded',
      files_seen: 1,
      new_versions: 1,
      version_ids: [3],
      errors: [],
    });
    await recordRun(h.deps.tables.archive, {
      run_id: 'r2',
      source_id: 'cms_mcd',
      started_at: '2026-07-02T00:00:00.000Z',
      finished_at: null,
      status: 'failed',
      files_seen: 0,
      new_versions: 0,
      version_ids: [],
      errors: [{ url: 'https://downloads.cms.gov/x.zip', message: 'timeout' }],
    });
  });
  afterAll(() => h.close());

  it('GET /v1/archive/sources lists the registry with counts, paged in source_id order', async () => {
    const all = await json('/v1/archive/sources?limit=1000');
    const ids = all.items.map((s) => s.source_id as string);
    expect(ids).toEqual([...ids].sort());
    const mue = all.items.find((s) => s.source_id === 'cms_ncci_mue')!;
    expect(mue).toMatchObject({ archive_file_count: 2, archived_doc_count: 1, cadence: 'quarterly' });
    expect(all.items.find((s) => s.source_id === 'cms_mcd')).toMatchObject({ third_party_licensed_descriptors: true });
    const page = await json('/v1/archive/sources?limit=2&offset=2');
    expect(page.items.map((s) => s.source_id)).toEqual(ids.slice(2, 4));
    expect(page.next_offset).toBe(4);
    await expectParamProblem('/v1/archive/sources?limit=0', 'limit');
    expect((await get('/v1/archive/sources', false)).status).toBe(401);
  });

  it('GET /archive/{source_id}/files and /docs', async () => {
    const files = await json('/archive/cms_ncci_mue/files?include_total=true');
    expect(files.items.map((f) => f.sha256)).toEqual([sha(mue1), sha(mue1b)]);
    expect(files.total).toBe(2);
    const second = await json('/archive/cms_ncci_mue/files?limit=1&offset=1');
    expect(second.items.map((f) => f.sha256)).toEqual([sha(mue1b)]);
    const mcd = await json('/archive/cms_mcd/files');
    // One ingest, one observation time: ties are broken by sha256, so the order is still total.
    const byKey = [...mcd.items].sort((a, b) =>
      `${a.first_observed}${a.sha256}` < `${b.first_observed}${b.sha256}` ? -1 : 1,
    );
    expect(mcd.items).toEqual(byKey);
    expect(mcd.items.map((f) => f.name).sort()).toEqual(['current_lcd.zip', 'lcd.csv']);
    expect(mcd.items.find((f) => f.name === 'lcd.csv')?.parent_sha256).toBe(
      mcd.items.find((f) => f.name === 'current_lcd.zip')?.sha256,
    );
    const docs = await json('/archive/cms_mcd/docs');
    expect(docs.items).toEqual([expect.objectContaining({ doc_id: 'mcd:1', title: expect.stringContaining('lcd') })]);
    await json('/archive/no_such_source/files', 404);
    await json('/archive/no_such_source/docs', 404);
    await expectParamProblem('/archive/Bad-Source/files', 'source_id');
  });

  it('GET /v1/archive/docs/{doc_id}/versions is public and ordered by version id', async () => {
    const v = await json('/v1/archive/docs/mue:1/versions', 200, false);
    expect(v.items.map((x) => x.sha256)).toEqual([sha(mue1), sha(mue1b)]);
    expect(v.items[0]).toMatchObject({
      publisher_effective_from: '2026-07-01',
      publisher_version: '2026 Q3',
      origin: 'live',
    });
    expect((await json('/v1/archive/docs/mue:2/versions', 200, false)).items).toEqual([]);
    await json('/v1/archive/docs/zzz:1/versions', 404, false);
    await expectParamProblem('/v1/archive/docs/mue-1/versions', 'doc_id');
  });

  it('GET /archive/docs/{doc_id}/as-of decides by window, by observation, or reports a gap', async () => {
    const w = await json('/archive/docs/mue:1/as-of?date=2026-08-01', 200, false);
    expect(w).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window', sha256: sha(mue1b) });
    expect((w.superseded as { sha256: string }[]).map((s) => s.sha256)).toEqual([sha(mue1)]);
    const before = await json('/archive/docs/mue:1/as-of?date=2026-06-30', 200, false);
    expect(before).toMatchObject({ status: 'gap', version: null, gap: { reason: 'before_first_version' } });
    const after = await json('/archive/docs/mue:1/as-of?date=2026-10-01', 200, false);
    expect(after).toMatchObject({ status: 'gap', gap: { reason: 'after_last_window' } });
    const obs = await json('/archive/docs/leie:1/as-of?date=2026-05-20', 200, false);
    expect(obs).toMatchObject({ status: 'resolved', rule: 'first_observed', sha256: sha(leieA) });
    const none = await json('/archive/docs/leie:2/as-of?date=2026-05-20', 200, false);
    expect(none).toMatchObject({ status: 'gap', rule: null, gap: { reason: 'no_versions' } });
    await json('/archive/docs/zzz:9/as-of?date=2026-05-20', 404, false);
    await expectParamProblem('/archive/docs/mue:1/as-of', 'date');
    await expectParamProblem('/archive/docs/mue:1/as-of?date=2026-02-30', 'date');
    await expectParamProblem('/archive/docs/mue/as-of?date=2026-02-01', 'doc_id');
  });

  it('GET /v1/archive/files/{sha256} gives metadata and a working one-hour link', async () => {
    const f = await json(`/v1/archive/files/${sha(mue1)}`);
    expect(f).toMatchObject({
      sha256: sha(mue1),
      size: mue1.length,
      name: MUE,
      source_id: 'cms_ncci_mue',
      is_zip: false,
    });
    expect(Date.parse(f.download_expires_at as string) - clock.now().getTime()).toBe(3600_000);
    expect(f.download_url).toMatch(/X-Amz-Expires=3600/);
    const bytes = Buffer.from(await (await fetch(f.download_url as string)).arrayBuffer());
    expect(bytes).toEqual(mue1);
    const upper = await json(`/v1/archive/files/${sha(mue1).toUpperCase()}`);
    expect(upper.sha256).toBe(sha(mue1));
    await json(`/v1/archive/files/${'0'.repeat(64)}`, 404);
    await expectParamProblem('/v1/archive/files/abc123', 'sha256');
  });

  it('withholds bytes and text of third-party-licensed files with a 451 that says why; metadata stays listed', async () => {
    const file = await json(`/v1/archive/files/${sha(lcd)}`, 451);
    expect(file.detail).toMatch(/third-party license/);
    expect(file).toMatchObject({ sha256: sha(lcd), file: { name: 'lcd.csv', source_id: 'cms_mcd' } });
    expect(JSON.stringify(file)).not.toContain('X-Amz');
    const text = await json(`/archive/files/${sha(lcd)}/text`, 451);
    expect(JSON.stringify(text)).not.toContain('descriptor"');
    expect(text.detail).toMatch(/CPT/);
    const versions = await json('/v1/archive/docs/mcd:1/versions', 200, false);
    expect(versions.items[0]).toMatchObject({ sha256: sha(lcd) });
  });

  it('GET /archive/files/{sha256}/text serves the stored rendering with its renderer version', async () => {
    const t = await json(`/archive/files/${sha(mue1)}/text`);
    expect(t).toMatchObject({ sha256: sha(mue1), renderer: 'text', text: mue1.toString('utf8'), replacement_chars: 0 });
    expect(typeof t.renderer_version).toBe('string');
    await json(`/archive/files/${'1'.repeat(64)}/text`, 404);
    await expectParamProblem('/archive/files/zz/text', 'sha256');
  });

  it('GET /v1/archive/changes filters by since, source_id and code', async () => {
    const all = await json('/v1/archive/changes');
    const ids = all.items.map((c) => c.version_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.items).toHaveLength(5);
    expect(all.items[0]).toMatchObject({
      doc_id: 'mue:1',
      source_id: 'cms_ncci_mue',
      affected_codes: [],
      versions_url: 'http://localhost:8787/v1/archive/docs/mue:1/versions',
    });
    const since = await json(`/v1/archive/changes?since=${ids[1]}`);
    expect(since.items.map((c) => c.version_id)).toEqual(ids.slice(2));
    const leie = await json('/v1/archive/changes?source_id=oig_leie,cms_mcd');
    expect(leie.items.map((c) => c.source_id)).toEqual(['oig_leie', 'oig_leie', 'cms_mcd']);
    await h.deps.tables.archive.update(
      { pk: 'CHANGES', sk: String(ids[0]).padStart(12, '0') },
      { set: { affected_codes: ['A0001'] } },
    );
    const code = await json('/v1/archive/changes?code=A0001');
    expect(code.items.map((c) => c.version_id)).toEqual([ids[0]]);
    const paged = await json('/v1/archive/changes?limit=2&offset=2');
    expect(paged.items.map((c) => c.version_id)).toEqual(ids.slice(2, 4));
    await expectParamProblem('/v1/archive/changes?since=-1', 'since');
  });

  it('GET /archive/runs lists runs newest first, filterable by source', async () => {
    const runs = await json('/archive/runs');
    expect(runs.items.map((r) => r.run_id)).toEqual(['r2', 'r1']);
    expect(runs.items[0]).toMatchObject({ status: 'failed', errors: [{ message: 'timeout' }] });
    const leie = await json('/archive/runs?source_id=oig_leie');
    expect(leie.items.map((r) => r.run_id)).toEqual(['r1']);
    await expectParamProblem('/archive/runs?source_id=NOPE!', 'source_id');
  });
});
