import { Readable } from 'node:stream';
import { Archive } from '../../../shared/archive/ingest';
import { blobKey, fileKey, textKey } from '../../../shared/archive/keys';
import { loadVersions } from '../../../shared/archive/resolve';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';
import { archiveState, generatedStream, manualClock, sha } from './helpers';

const MUE = 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv';
const mueBytes = (n: number) => Buffer.from(`HCPCS,MUE\r\nA000${n},1\r\n`, 'latin1');

describe('archive ingest', () => {
  let h: Harness;
  let archive: Archive;
  const clock = manualClock('2026-06-20T10:00:00.000Z');

  beforeAll(async () => {
    h = await startHarness({ clock });
    archive = new Archive(h.deps);
  });
  afterAll(() => h.close());

  it('hashes the original bytes, stores them content-addressed and creates a version', async () => {
    const bytes = mueBytes(1);
    const r = await archive.ingest({ sourceId: 'cms_ncci_mue', name: MUE, body: bytes });
    expect(r.files).toHaveLength(1);
    const f = r.files[0]!;
    expect(f).toMatchObject({
      sha256: sha(bytes),
      size: bytes.length,
      docId: 'mue:1',
      newFile: true,
      newVersion: true,
    });
    expect(await h.deps.blobs.getBuffer(blobKey(f.sha256))).toEqual(bytes);
    const item = await h.deps.tables.archive.get(fileKey(f.sha256));
    expect(item).toMatchObject({ size: bytes.length, name: MUE, source_id: 'cms_ncci_mue', content_type: 'text/csv' });
    expect(item?.first_observed).toBe('2026-06-20T10:00:00.000Z');
    const version = await h.deps.tables.archive.get({
      pk: 'DOC#mue:1',
      sk: `V#${String(f.versionId).padStart(12, '0')}`,
    });
    expect(version).toMatchObject({
      publisher_version: '2026 Q3',
      publisher_effective_from: '2026-07-01',
      publisher_effective_to: '2026-09-30',
      origin: 'live',
      observed_from: '2026-06-20T10:00:00.000Z',
    });
    const change = await h.deps.tables.archive.get({ pk: 'CHANGES', sk: String(f.versionId).padStart(12, '0') });
    expect(change).toMatchObject({
      doc_id: 'mue:1',
      sha256: f.sha256,
      affected_codes: [],
      gsi1pk: 'CHANGES#cms_ncci_mue',
    });
    const text = await h.deps.tables.archive.queryAll(fileKey(f.sha256).pk, { beginsWith: 'TEXT#' });
    expect(text[0]).toMatchObject({ status: 'ok' });
  });

  it('stores the same bytes once: no second file, no second version', async () => {
    const bytes = mueBytes(1);
    const before = await archiveState(h.deps.tables.archive, 'cms_ncci_mue');
    clock.set('2026-06-21T10:00:00.000Z');
    const r = await archive.ingest({ sourceId: 'cms_ncci_mue', name: MUE, body: Readable.from([bytes]) });
    expect(r.files[0]).toMatchObject({ newFile: false, newVersion: false, docId: 'mue:1' });
    expect(await archiveState(h.deps.tables.archive, 'cms_ncci_mue')).toEqual(before);
    const item = await h.deps.tables.archive.get(fileKey(sha(bytes)));
    expect(item?.first_observed).toBe('2026-06-20T10:00:00.000Z');
  });

  it('only a live fetch of the newest version counts as a sighting; a backfill re-import and an older version do not', async () => {
    const name = 'MCR_MUE_OutpatientHospitalServices_Eff_01-01-2027.csv';
    const body = mueBytes(8);
    const first = await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name,
      body,
      origin: 'backfill',
      observedAt: new Date('2027-01-02T00:00:00Z'),
    });
    const id = first.files[0]!.versionId!;
    const seen = async () =>
      (await loadVersions(h.deps.tables.archive, 'mue:2')).find((v) => v.version_id === id)!.last_seen_at;
    await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name,
      body,
      origin: 'backfill',
      observedAt: new Date('2027-03-01T00:00:00Z'),
    });
    expect(await seen()).toBeNull();
    await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name,
      body,
      origin: 'live',
      observedAt: new Date('2027-02-01T00:00:00Z'),
    });
    expect(await seen()).toBe('2027-02-01T00:00:00.000Z');
    // Monotone: an earlier live sighting does not move it back.
    await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name,
      body,
      origin: 'live',
      observedAt: new Date('2027-01-15T00:00:00Z'),
    });
    expect(await seen()).toBe('2027-02-01T00:00:00.000Z');
    // Once a newer version exists, seeing the older one again is no evidence.
    await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name: name.replace('01-01', '04-01'),
      body: mueBytes(9),
      origin: 'live',
      observedAt: new Date('2027-03-20T00:00:00Z'),
    });
    await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name,
      body,
      origin: 'live',
      observedAt: new Date('2027-03-25T00:00:00Z'),
    });
    expect(await seen()).toBe('2027-02-01T00:00:00.000Z');
  });

  it('a re-ingest of a completed version writes none of its items again, only when it was last seen', async () => {
    const table = h.deps.tables.archive;
    const writes: { pk: string; set: string[] }[] = [];
    const counting = new Proxy(table, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if ((prop === 'put' || prop === 'update') && typeof v === 'function') {
          return (...args: [{ pk: string; sk: string }, ...unknown[]]) => {
            const opts = args[1] as { set?: Record<string, unknown> } | undefined;
            writes.push({
              pk: `${args[0].pk}/${args[0].sk}`,
              set: prop === 'update' ? Object.keys(opts?.set ?? {}) : ['*'],
            });
            return v.apply(target, args);
          };
        }
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const counted = new Archive({ ...h.deps, tables: { ...h.deps.tables, archive: counting } });
    const r = await counted.ingest({ sourceId: 'cms_ncci_mue', name: MUE, body: mueBytes(1) });
    expect(r.files[0]).toMatchObject({ newVersion: false, docId: 'mue:1' });
    const versionWrites = writes.filter((w) => /^(DOC#|DOCVER#|CHANGES)/.test(w.pk));
    // The one write: the sighting of the document's newest version (freshness evidence).
    expect(versionWrites).toEqual([
      { pk: `DOC#mue:1/V#${String(r.files[0]!.versionId).padStart(12, '0')}`, set: ['last_seen_at', 'last_seen_ms'] },
    ]);
  });

  it('the same bytes republished for a new effective window are a new version of one stored file', async () => {
    const bytes = mueBytes(7);
    const name = 'MCR_MUE_PractitionerServices_Eff_01-01-2027.csv';
    const q1 = await archive.ingest({ sourceId: 'cms_ncci_mue', name, body: bytes });
    const again = await archive.ingest({ sourceId: 'cms_ncci_mue', name, body: bytes });
    const q2 = await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name: 'MCR_MUE_PractitionerServices_Eff_04-01-2027.csv',
      body: bytes,
    });
    expect(again.files[0]).toMatchObject({ versionId: q1.files[0]!.versionId, newVersion: false, newFile: false });
    expect(q2.files[0]).toMatchObject({ sha256: q1.files[0]!.sha256, newFile: false, newVersion: true });
    expect(q2.files[0]!.versionId).not.toBe(q1.files[0]!.versionId);
  });

  it('takes overrides for label, window, origin and observation time', async () => {
    const bytes = mueBytes(2);
    const r = await archive.ingest({
      sourceId: 'cms_ncci_mue',
      name: MUE,
      body: bytes,
      publisherVersion: 'wayback copy',
      effectiveFrom: '2026-07-01',
      origin: 'wayback',
      observedAt: new Date('2026-06-25T00:00:00Z'),
    });
    const v = await h.deps.tables.archive.get({
      pk: 'DOC#mue:1',
      sk: `V#${String(r.files[0]!.versionId).padStart(12, '0')}`,
    });
    expect(v).toMatchObject({
      publisher_version: 'wayback copy',
      publisher_effective_from: '2026-07-01',
      publisher_effective_to: null,
      origin: 'wayback',
      version_method: 'given',
      observed_from: '2026-06-25T00:00:00.000Z',
    });
  });

  it('opens zips: every member is a file with its own sha256 and parent, nested zips too', async () => {
    const ptp = Buffer.from('CPT only copyright 2025 American Medical Association.\r\n0001A\t0591T\r\n');
    const readme = Buffer.from('readme\r\n');
    const inner = buildZip([{ name: 'ccipra-v322r0-f2.TXT', data: ptp }]);
    const outer = buildZip([
      { name: 'ccipra-v322r0-f1.TXT', data: ptp, deflate: false },
      { name: 'docs/README.txt', data: readme },
      { name: 'empty.txt', data: '' },
      { name: 'part2.zip', data: inner },
    ]);
    const r = await archive.ingest({ sourceId: 'cms_ncci_ptp', name: 'ptp-2026q3.zip', body: outer });
    expect(r.files.map((f) => [f.name, f.docId, f.parentSha256])).toEqual([
      ['ptp-2026q3.zip', null, null],
      ['ccipra-v322r0-f1.TXT', 'ptp:1', sha(outer)],
      ['README.txt', null, sha(outer)],
      ['part2.zip', null, sha(outer)],
      ['ccipra-v322r0-f2.TXT', 'ptp:2', sha(inner)],
    ]);
    expect(r.skipped).toEqual([{ name: 'ptp-2026q3.zip!empty.txt', reason: 'empty' }]);
    // The same member bytes under two documents: one file, two versions.
    expect(r.files[1]!.sha256).toBe(sha(ptp));
    expect(r.files[1]!.newFile).toBe(true);
    expect(r.files[4]!.newFile).toBe(false);
    expect(r.files[4]!.newVersion).toBe(true);
    expect(await h.deps.blobs.getBuffer(blobKey(sha(inner)))).toEqual(inner);
    const members = await h.deps.tables.archive.queryAll(`FILE#${sha(outer)}`, { beginsWith: 'MEMBER#' });
    expect(members.map((m) => m.member_path)).toEqual(['ccipra-v322r0-f1.TXT', 'docs/README.txt', 'part2.zip']);
    const again = await archive.ingest({ sourceId: 'cms_ncci_ptp', name: 'ptp-2026q3.zip', body: outer });
    expect(again.files.every((f) => !f.newFile && !f.newVersion)).toBe(true);
  });

  it('streams a large body through a multipart upload in bounded memory', async () => {
    const size = 24 * 1024 * 1024;
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    let progressCalls = 0;
    const r = await archive.ingest({
      sourceId: 'oig_leie',
      name: 'UPDATED.csv',
      body: () => generatedStream(size),
      onProgress: () => {
        progressCalls++;
        peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
      },
    });
    const f = r.files[0]!;
    expect(f.size).toBe(size);
    const head = await h.deps.blobs.head(blobKey(f.sha256));
    expect(head?.size).toBe(size);
    const stored = await h.deps.blobs.getBuffer(blobKey(f.sha256));
    expect(sha(stored)).toBe(f.sha256);
    expect(progressCalls).toBeGreaterThan(5);
    // Spooling holds one chunk at a time: the heap grows by far less than the file.
    expect(peak).toBeLessThan(size);
  });

  it('keeps the bytes of a file with a wrong declared encoding exactly as served', async () => {
    const latin1 = Buffer.from('NDC,Description\r\n1,CAF\xc9 AU LAIT\r\n', 'latin1');
    const r = await archive.ingest({
      sourceId: 'medicaid_nadac',
      name: 'nadac-national-average-drug-acquisition-cost-04-29-2026.csv',
      body: latin1,
      contentType: 'text/csv; charset=utf-8',
    });
    const f = r.files[0]!;
    expect(f.sha256).toBe(sha(latin1));
    expect(await h.deps.blobs.getBuffer(blobKey(f.sha256))).toEqual(latin1);
    const texts = await h.deps.tables.archive.queryAll(textKey(f.sha256, '').pk, { beginsWith: 'TEXT#' });
    expect(texts).toHaveLength(1);
    expect(texts[0]!.status).toBe('ok');
  });
});
