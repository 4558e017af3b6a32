import * as fs from 'node:fs';
import { Archive } from '../../../shared/archive/ingest';
import { blobKey, fileKey, MEMBER_PREFIX } from '../../../shared/archive/keys';
import { openZip } from '../../../shared/formats/zip';
import type { SourceDecl } from '../../../shared/sources/types';
import { type Harness, startHarness } from '../../helpers/harness';
import { installTestSources, jsonApiSource, restoreSources } from '../../helpers/json-api-source';
import { buildZip, type ZipInput } from '../../helpers/zip-writer';
import { archiveState, manualClock, sha } from './helpers';

/**
 * A document may keep its zips whole (DocDecl.keepZipWhole): the zip is archived as one file and
 * one version, its members are verified but neither extracted nor stored. A zip no document keeps
 * whole is still extracted member by member, and the zip limits hold for both.
 */
const SOURCE: SourceDecl = {
  ...jsonApiSource(
    'zip_whole_test',
    [],
    [
      { docId: 'zwt:1', title: 'bulk zip, kept whole', match: /^bulk\d*\.zip$/i, keepZipWhole: true },
      { docId: 'zwt:2', title: 'one member', match: /^member\d+\.json$/i },
    ],
  ),
  maxZipMembers: 10,
};

const MEMBERS: ZipInput[] = [
  { name: 'member1.json', data: '{"id":1}' },
  { name: 'member2.json', data: '{"id":2}', deflate: false },
  { name: 'dir/', data: '', deflate: false },
  { name: 'empty.json', data: '', deflate: false },
  { name: 'inner.zip', data: buildZip([{ name: 'member3.json', data: '{"id":3}' }]) },
];

describe('zips kept whole', () => {
  let h: Harness;
  let archive: Archive;
  const clock = manualClock('2026-11-24T10:00:00.000Z');
  const table = () => h.deps.tables.archive;
  const memberItems = (zipSha: string) => table().queryAll(fileKey(zipSha).pk, { beginsWith: MEMBER_PREFIX });
  const versions = (docId: string) => table().queryAll(`DOC#${docId}`, { beginsWith: 'V#' });

  beforeAll(async () => {
    installTestSources(SOURCE);
    h = await startHarness({ clock });
    archive = new Archive(h.deps);
  });
  afterAll(async () => {
    await h.close();
    restoreSources();
  });

  it('archives a declared zip as one file and one version; no member is extracted or stored', async () => {
    const zip = buildZip(MEMBERS);
    const r = await archive.ingest({ sourceId: 'zip_whole_test', name: 'bulk.zip', body: zip });
    expect(r.files).toEqual([
      expect.objectContaining({ name: 'bulk.zip', sha256: sha(zip), docId: 'zwt:1', newVersion: true, newFile: true }),
    ]);
    expect(r.skipped).toEqual([]);
    expect(await h.deps.blobs.getBuffer(blobKey(sha(zip)))).toEqual(zip);
    expect(await table().get(fileKey(sha(zip)))).toMatchObject({ is_zip: true, kept_whole: true, member_count: 4 });
    expect(await memberItems(sha(zip))).toEqual([]);
    expect(await table().get(fileKey(sha('{"id":1}')))).toBeUndefined();
    expect(await versions('zwt:1')).toHaveLength(1);
    expect(await versions('zwt:2')).toHaveLength(0);
  });

  it('still extracts a zip no document keeps whole, and keeps a declared zip nested in it whole', async () => {
    const bulk2 = buildZip([{ name: 'member9.json', data: '{"id":9}' }]);
    const zip = buildZip([...MEMBERS, { name: 'bulk2.zip', data: bulk2 }]);
    const r = await archive.ingest({ sourceId: 'zip_whole_test', name: 'other.zip', body: zip });
    expect(r.files.map((f) => [f.name, f.docId])).toEqual([
      ['other.zip', null],
      ['member1.json', 'zwt:2'],
      ['member2.json', 'zwt:2'],
      ['inner.zip', null],
      ['member3.json', 'zwt:2'],
      ['bulk2.zip', 'zwt:1'],
    ]);
    expect(r.skipped).toEqual([{ name: 'other.zip!empty.json', reason: 'empty' }]);
    expect(await table().get(fileKey(sha(zip)))).toMatchObject({ kept_whole: false, member_count: 4 });
    expect(await memberItems(sha(zip))).toHaveLength(4);
    expect(await table().get(fileKey(sha(bulk2)))).toMatchObject({ kept_whole: true, member_count: 1 });
    expect(await table().get(fileKey(sha('{"id":9}')))).toBeUndefined();
  });

  it("a zip kept whole is held to its source's member limit, before anything is written", async () => {
    const before = await archiveState(table(), 'zip_whole_test');
    const zip = buildZip(Array.from({ length: 11 }, (_, i) => ({ name: `member${i}.json`, data: `${i}` })));
    await expect(archive.ingest({ sourceId: 'zip_whole_test', name: 'bulk3.zip', body: zip })).rejects.toMatchObject({
      reason: 'zip_limits',
      message: 'Zip has 11 entries (limit 10).',
    });
    expect(await archiveState(table(), 'zip_whole_test')).toEqual(before);
  });

  it('a zip kept whole is held to the total-size cap its central directory declares', async () => {
    const zip = buildZip(Array.from({ length: 9 }, (_, i) => ({ name: `member${i}.json`, data: 'x'.repeat(100) })));
    // Forge every central-directory entry's uncompressed size to 4 GiB - 2 (9 of them: 36 GiB > 32 GiB).
    for (
      let at = zip.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
      at >= 0;
      at = zip.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), at + 4)
    ) {
      zip.writeUInt32LE(0xfffffffe, at + 24);
    }
    await expect(archive.ingest({ sourceId: 'zip_whole_test', name: 'bulk4.zip', body: zip })).rejects.toMatchObject({
      reason: 'zip_limits',
    });
    expect(await table().get(fileKey(sha(zip)))).toBeUndefined();
  });

  it('refuses a zip kept whole whose member fails its CRC, and a reader of that member fails too', async () => {
    const zip = buildZip([{ name: 'member1.json', data: '{"id":1}', deflate: false }]);
    const at = zip.indexOf('{"id":1}');
    zip[at + 6] = '2'.charCodeAt(0); // same size, other bytes: only the CRC tells
    await expect(archive.ingest({ sourceId: 'zip_whole_test', name: 'bulk5.zip', body: zip })).rejects.toMatchObject({
      reason: 'corrupt_zip',
      message: expect.stringContaining('CRC mismatch in member1.json'),
    });
    expect(await table().get(fileKey(sha(zip)))).toBeUndefined();
    const opened = await openZip(zip);
    try {
      await expect(opened.read(opened.members[0]!)).rejects.toThrow('CRC mismatch in zip member member1.json');
    } finally {
      opened.close();
    }
  });

  it('refuses a damaged central directory', async () => {
    const zip = buildZip(MEMBERS);
    const cut = zip.subarray(0, zip.length - 30);
    await expect(archive.ingest({ sourceId: 'zip_whole_test', name: 'bulk6.zip', body: cut })).rejects.toMatchObject({
      reason: 'corrupt_zip',
    });
  });

  it('a zip placed by hand under a document that keeps zips whole is archived whole; under another it is refused', async () => {
    const zip = buildZip([{ name: 'member7.json', data: '{"id":7}' }]);
    const r = await archive.ingest({ sourceId: 'zip_whole_test', name: 'renamed.zip', body: zip, docId: 'zwt:1' });
    expect(r.files).toEqual([expect.objectContaining({ name: 'renamed.zip', docId: 'zwt:1', newVersion: true })]);
    await expect(
      archive.ingest({ sourceId: 'zip_whole_test', name: 'renamed.zip', body: zip, docId: 'zwt:2' }),
    ).rejects.toMatchObject({ reason: 'bad_metadata' });
  });

  it('sec_edgar keeps submissions.zip and companyfacts.zip whole: one file, one version each', async () => {
    for (const [path, docId, members] of [
      ['shared/datasets/sec_edgar/fixtures/2025-03-10/submissions.zip', 'sec:2', 4],
      ['shared/datasets/sec_edgar/fixtures/2025-03-01/companyfacts.zip', 'sec:3', 3],
    ] as const) {
      const zip = fs.readFileSync(path);
      const name = path.split('/').pop()!;
      const r = await archive.ingest({ sourceId: 'sec_edgar', name, body: zip });
      expect(r.files).toEqual([expect.objectContaining({ name, docId, newVersion: true })]);
      expect(await table().get(fileKey(sha(zip)))).toMatchObject({ kept_whole: true, member_count: members });
      expect(await memberItems(sha(zip))).toEqual([]);
    }
  });
});
