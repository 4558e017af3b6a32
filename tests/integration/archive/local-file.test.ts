import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writePtpFile } from '../../../bench/ingest/ptp-file';
import { uploadBytes } from '../../../shared/archive/file-store';
import { Archive } from '../../../shared/archive/ingest';
import { blobKey } from '../../../shared/archive/keys';
import { prepare } from '../../../shared/archive/prepare';
import { type Harness, startHarness } from '../../helpers/harness';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A body that is a stream over a whole local file is hashed where it lies, not copied into the
 * spool (shared/archive/spool.ts), and its bytes are checked again as they are uploaded.
 */
describe('archiving a local file', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-local-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  it('hashes the file in place (no spool copy) and stores exactly its bytes, streamed above the single-PUT size', async () => {
    const file = path.join(dir, 'ccipra-v322r0-f1.TXT');
    writePtpFile(file, 150_000); // ~10 MB: over the 8 MiB read-into-memory size
    const bytes = fs.readFileSync(file);
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const { root } = await prepare(fs.createReadStream(file), 'ccipra-v322r0-f1.TXT', tmp);
    expect(root.spooled).toMatchObject({ path: file, sha256: sha(bytes), size: bytes.length, borrowed: true });
    expect(root.spooled.head).toEqual(bytes.subarray(0, 64 * 1024));
    expect(fs.readdirSync(tmp)).toEqual([]);

    const r = await new Archive(h.deps).ingest({
      sourceId: 'cms_ncci_ptp',
      name: 'ccipra-v322r0-f1.TXT',
      body: () => fs.createReadStream(file),
    });
    expect(r.files[0]).toMatchObject({ sha256: sha(bytes), size: bytes.length, docId: 'ptp:1', newVersion: true });
    expect((await h.deps.blobs.getBuffer(blobKey(sha(bytes)))).equals(bytes)).toBe(true);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true); // the caller's file is left alone
  });

  it('copies a stream over part of a file, as any other stream', async () => {
    const file = path.join(dir, 'part.csv');
    fs.writeFileSync(file, 'skip me\nHCPCS,MUE\r\nA0001,1\r\n');
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const { root } = await prepare(fs.createReadStream(file, { start: 8 }), 'part.csv', tmp);
    expect(root.spooled.borrowed).toBeUndefined();
    expect(root.spooled.path).toBe(path.join(tmp, 'top'));
    expect(root.spooled.sha256).toBe(sha(Buffer.from('HCPCS,MUE\r\nA0001,1\r\n')));
  });

  it.each([
    ['streamed', 9 * 1024 * 1024],
    ['in one buffer', 4096],
  ])('stores nothing when the file changed after it was hashed (%s)', async (_label, size) => {
    const file = path.join(dir, `changing-${size}.bin`);
    fs.writeFileSync(file, Buffer.alloc(size, 1));
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const { root } = await prepare(fs.createReadStream(file), path.basename(file), tmp);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.from([2]), 0, 1, size - 1); // same size, last byte differs
    fs.closeSync(fd);
    await expect(uploadBytes(h.deps, root, 'application/octet-stream')).rejects.toThrow(
      /changed while it was being archived/,
    );
    // Never the whole object: S3 stores nothing of an aborted PUT (s3rver keeps what arrived,
    // which uploadBytes never trusts: it rewrites any object whose size is not the file's).
    const stored = await h.deps.blobs.head(blobKey(root.spooled.sha256));
    expect(stored?.size ?? 0).toBeLessThan(size);
  });
});
