import type { Readable } from 'node:stream';
import { UnarchivableFileError } from '../../../shared/archive/errors';
import { Archive } from '../../../shared/archive/ingest';
import { blobKey, fileKey } from '../../../shared/archive/keys';
import type { Deps } from '../../../shared/deps';
import type { BlobStore } from '../../../shared/storage/blob';
import type { Item, PutOptions, Table } from '../../../shared/storage/table';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';
import { archiveState, failingStream, sha } from './helpers';

const PTP = 'ccipra-v322r0-f1.TXT';
const ptpBytes = (tag: string) => Buffer.from(`CPT only copyright\r\n0001A\t0591T\t${tag}\r\n`);

describe('bad input never corrupts the archive', () => {
  let h: Harness;
  let archive: Archive;
  beforeAll(async () => {
    h = await startHarness();
    archive = new Archive(h.deps);
    await archive.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: ptpBytes('baseline') });
  });
  afterAll(() => h.close());

  const state = () => archiveState(h.deps.tables.archive, 'cms_ncci_ptp');
  const blobCount = async () => (await h.deps.blobs.list('files/')).length;

  async function expectRefused(p: Promise<unknown>, reason: string) {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnarchivableFileError);
    expect((err as UnarchivableFileError).reason).toBe(reason);
    expect((err as UnarchivableFileError).status).toBe(400);
  }

  it('a truncated zip is refused before anything is written', async () => {
    const zip = buildZip([
      { name: PTP, data: ptpBytes('in zip') },
      { name: 'readme.txt', data: 'x'.repeat(5000) },
    ]);
    const before = { ...(await state()), blobs: await blobCount() };
    for (const cut of [zip.length - 10, Math.floor(zip.length / 2), 30]) {
      const truncated = zip.subarray(0, cut);
      await expectRefused(
        archive.ingest({ sourceId: 'cms_ncci_ptp', name: 'ptp.zip', body: truncated }),
        'corrupt_zip',
      );
      expect(await h.deps.tables.archive.get(fileKey(sha(truncated)))).toBeUndefined();
      expect(await h.deps.blobs.head(blobKey(sha(truncated)))).toBeUndefined();
    }
    expect(await h.deps.tables.archive.get(fileKey(sha(ptpBytes('in zip'))))).toBeUndefined();
    expect({ ...(await state()), blobs: await blobCount() }).toEqual(before);
  });

  it('a zip member whose bytes do not match its CRC-32 is refused', async () => {
    const zip = buildZip([{ name: PTP, data: ptpBytes('crc'), deflate: false }]);
    const damaged = Buffer.from(zip);
    const at = damaged.indexOf('crc');
    damaged[at] = 'C'.charCodeAt(0);
    const before = await state();
    await expectRefused(archive.ingest({ sourceId: 'cms_ncci_ptp', name: 'ptp.zip', body: damaged }), 'corrupt_zip');
    expect(await state()).toEqual(before);
  });

  it('a file named .zip that is not a zip is refused', async () => {
    await expectRefused(
      archive.ingest({ sourceId: 'cms_ncci_ptp', name: 'ptp.zip', body: Buffer.from('<html>error page</html>') }),
      'corrupt_zip',
    );
  });

  it('an empty file is refused and leaves nothing behind', async () => {
    const before = { ...(await state()), blobs: await blobCount() };
    await expectRefused(archive.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: Buffer.alloc(0) }), 'empty');
    expect(await h.deps.tables.archive.get(fileKey(sha('')))).toBeUndefined();
    expect({ ...(await state()), blobs: await blobCount() }).toEqual(before);
  });

  it('a stream that breaks midway is refused: no file, no version, no object', async () => {
    const full = Buffer.alloc(200_000, 'a');
    const before = { ...(await state()), blobs: await blobCount() };
    const err = await archive
      .ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: failingStream(full.subarray(0, 100_000)) })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(err?.message).toMatch(/connection reset/);
    expect({ ...(await state()), blobs: await blobCount() }).toEqual(before);
  });

  it('bad overrides are refused before the body is read', async () => {
    let read = false;
    const body = () => {
      read = true;
      return failingStream(Buffer.alloc(10));
    };
    await expectRefused(
      archive.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body, effectiveFrom: '2026-02-30' }),
      'bad_metadata',
    );
    await expectRefused(
      archive.ingest({
        sourceId: 'cms_ncci_ptp',
        name: PTP,
        body,
        effectiveFrom: '2026-07-01',
        effectiveTo: '2026-06-30',
      }),
      'bad_metadata',
    );
    await expectRefused(archive.ingest({ sourceId: 'no_such_source', name: PTP, body }), 'bad_metadata');
    expect(read).toBe(false);
  });

  it('an upload interrupted by storage writes no metadata; a retry completes it', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'b');
    const failing: BlobStore = Object.assign(Object.create(h.deps.blobs) as BlobStore, {
      put: async (_key: string, body: Buffer | Readable) => {
        if (!Buffer.isBuffer(body)) body.destroy();
        throw new Error('S3 connection lost mid-upload');
      },
    });
    const broken = new Archive({ ...h.deps, blobs: failing } as Deps);
    const before = await state();
    await expect(broken.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: bytes })).rejects.toThrow(/mid-upload/);
    expect(await h.deps.tables.archive.get(fileKey(sha(bytes)))).toBeUndefined();
    expect(await h.deps.blobs.head(blobKey(sha(bytes)))).toBeUndefined();
    expect(await state()).toEqual(before);
    const r = await archive.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: bytes });
    expect(r.files[0]).toMatchObject({ newFile: true, newVersion: true });
  });

  it('a writer that dies after claiming a version leaves it pending; the next ingest or repair finishes it', async () => {
    const bytes = ptpBytes('crash');
    const table = h.deps.tables.archive;
    // The change-record write fails once: the process "dies" between the marker and the feed.
    let armed = true;
    const flaky: Table = Object.assign(Object.create(table) as Table, {
      put: (item: Item, opts?: PutOptions) => {
        if (armed && item.pk === 'CHANGES') {
          armed = false;
          return Promise.reject(new Error('process killed'));
        }
        return table.put(item, opts);
      },
    });
    const dying = new Archive({ ...h.deps, tables: { ...h.deps.tables, archive: flaky } } as Deps);
    await expect(dying.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: bytes })).rejects.toThrow(/killed/);
    const pending = await table.queryAll('PENDING', { index: 'gsi2' });
    expect(pending).toHaveLength(1);
    expect(await archive.repair()).toBe(1);
    expect(await table.queryAll('PENDING', { index: 'gsi2' })).toHaveLength(0);
    const id = Number(pending[0]!.version_id);
    expect(await table.get({ pk: 'CHANGES', sk: String(id).padStart(12, '0') })).toBeDefined();
    const again = await archive.ingest({ sourceId: 'cms_ncci_ptp', name: PTP, body: bytes });
    expect(again.files[0]).toMatchObject({ versionId: id, newVersion: false });
  });
});
