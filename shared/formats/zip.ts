import * as fs from 'node:fs';
import { pipeline, Readable, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import type * as yauzl from 'yauzl';

/**
 * Read access to an in-memory zip (PKWARE APPNOTE 6.3: the central directory is authoritative).
 * Entry sizes are validated against the central directory while reading, so a truncated or
 * forged member fails instead of yielding short data.
 */
export interface ZipMember {
  name: string;
  size: number;
  compressedSize: number;
  /** CRC-32 from the central directory. */
  crc32: number;
  isDirectory: boolean;
  /** The DOS date and time as stored, read as if UTC (zip has no time zone). */
  modified: Date;
  entry: yauzl.Entry;
}

export interface OpenedZip {
  members: ZipMember[];
  /** A stream of one member's uncompressed bytes. */
  stream(member: ZipMember): Promise<Readable>;
  /** One member's bytes, refused when larger than `maxBytes`. */
  read(member: ZipMember, maxBytes?: number): Promise<Buffer>;
  close(): void;
}

/** True when the bytes start like a zip (local file header, or the end record of an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

/**
 * Random access to zip bytes that are not held in memory, such as a file on disk. The central
 * directory sits at the end of a zip, so a zip cannot be read front to back; with random access
 * only the end records, the central directory and the members actually read are ever fetched, one
 * range at a time and streamed.
 */
export interface ZipSource {
  size: number;
  /** The bytes `[start, end)` as a stream. */
  readRange(start: number, end: number): Readable;
  /** Releases what the source holds (a file descriptor); called when the zip is closed. */
  close?(): void;
}

/**
 * A zip file on disk as a ZipSource: one descriptor, positional reads through a small cache of
 * aligned blocks (BLOCK_BYTES each, at most CACHED_BLOCKS held), closed with the zip. yauzl reads
 * each central-directory entry and each local header as its own small range; served from the
 * cache, walking 200,000 entries costs a few hundred block reads instead of 400,000 (see README,
 * "zips kept whole").
 */
export function fileZipSource(path: string): ZipSource {
  const fd = fs.openSync(path, 'r');
  const size = fs.fstatSync(fd).size;
  let open = true;
  const blocks = new Map<number, Promise<Buffer>>();
  const block = (i: number): Promise<Buffer> => {
    let b = blocks.get(i);
    if (b) blocks.delete(i);
    else b = readBlock(fd, i * BLOCK_BYTES, Math.min(BLOCK_BYTES, size - i * BLOCK_BYTES));
    blocks.set(i, b); // most recently used last
    if (blocks.size > CACHED_BLOCKS) blocks.delete(blocks.keys().next().value as number);
    return b;
  };
  return {
    size,
    readRange: (start, end) => rangeStream(block, size, start, end),
    close: () => {
      if (open) fs.closeSync(fd);
      open = false;
    },
  };
}

const BLOCK_BYTES = 64 * 1024;
const CACHED_BLOCKS = 16;

function readBlock(fd: number, pos: number, n: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(n);
  return new Promise((resolve, reject) =>
    fs.read(fd, buf, 0, n, pos, (err, bytes) => {
      if (err) reject(err);
      else if (bytes < n) reject(new Error(`zip file ends at ${pos + bytes}, before ${pos + n}`));
      else resolve(buf);
    }),
  );
}

/**
 * Bytes `[start, end)` of a file, block by block from the cache. Not fs.createReadStream:
 * destroying one of those (yauzl does, once it has what it needs) closes the shared descriptor
 * even with `autoClose: false` on Node 20.
 */
function rangeStream(block: (i: number) => Promise<Buffer>, size: number, start: number, end: number): Readable {
  let pos = start;
  return new Readable({
    highWaterMark: BLOCK_BYTES,
    read() {
      if (pos >= end) {
        this.push(null);
        return;
      }
      if (end > size) {
        this.destroy(new Error(`zip file ends at ${size}, before ${end}`));
        return;
      }
      const i = Math.floor(pos / BLOCK_BYTES);
      block(i).then(
        (buf) => {
          const from = pos - i * BLOCK_BYTES;
          const part = buf.subarray(from, Math.min(buf.length, from + (end - pos)));
          pos += part.length;
          this.push(part);
        },
        (err: Error) => this.destroy(err),
      );
    },
  });
}

/** A ZipSource as yauzl's random-access reader. */
function sourceReaderClass(lib: typeof yauzl) {
  return class SourceReader extends lib.RandomAccessReader {
    constructor(private readonly source: ZipSource) {
      super();
    }
    override _readStreamForRange(start: number, end: number): Readable {
      return this.source.readRange(start, end);
    }
    /** yauzl calls this once the zip is closed and no member stream is still reading. */
    override close(callback: (err: Error | null) => void): void {
      try {
        this.source.close?.();
        callback(null);
      } catch (err) {
        callback(err as Error);
      }
    }
  };
}

/**
 * yauzl and the reader class, imported on the first zip opened: most Lambdas never open one (a lazy
 * file of their bundle, scripts/build.mjs).
 */
let loading: Promise<{ lib: typeof yauzl; SourceReader: ReturnType<typeof sourceReaderClass> }> | undefined;

function loadYauzl() {
  loading ??= import('yauzl').then((lib) => ({ lib, SourceReader: sourceReaderClass(lib) }));
  return loading;
}

/**
 * A zip opened by yauzl with lazy entries (the caller calls `readEntry()` for each next entry, so
 * only one central-directory entry is in memory at a time), sizes validated while reading; from a
 * Buffer or by random access from a ZipSource. The archive walks zips with it (shared/archive/zip.ts).
 */
export function openEntries(input: Buffer | ZipSource): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return loadYauzl()
    .then(
      ({ lib, SourceReader }) =>
        new Promise<yauzl.ZipFile>((resolve, reject) => {
          const done = (err: Error | null, z: yauzl.ZipFile) => (err ? reject(err) : resolve(z));
          if (Buffer.isBuffer(input)) lib.fromBuffer(input, options, done);
          else lib.fromRandomAccessReader(new SourceReader(input), input.size, options, done);
        }),
    )
    .catch((err: unknown) => {
      if (!Buffer.isBuffer(input)) input.close?.();
      throw err;
    });
}

/**
 * Opens a zip and reads its central directory: held in memory (a Buffer), or read by random
 * access from a ZipSource (a file source holds at most 1 MiB of cached blocks). Members stream through
 * yauzl's inflater either way, so a member's uncompressed bytes are never held whole.
 */
export async function openZip(input: Buffer | ZipSource): Promise<OpenedZip> {
  const zip = await openEntries(input);
  const members = await new Promise<ZipMember[]>((resolve, reject) => {
    const out: ZipMember[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      out.push(memberOf(entry));
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', reject);
    zip.readEntry();
  }).catch((err: unknown) => {
    zip.close();
    throw err;
  });
  return { members, ...readers(zip) };
}

/** A zip whose members are listed one at a time (`entries()`), for zips of very many members. */
export interface LazyZip extends Omit<OpenedZip, 'members'> {
  /**
   * The members in central-directory order, each read from the directory when the previous one is
   * done with: only the current entry is held, whatever the member count (openZip lists them all
   * first, about 800 bytes each). Once only.
   */
  entries(): AsyncGenerator<ZipMember>;
}

/** Opens a zip like openZip, without listing its members up front (LazyZip.entries). */
export async function openLazyZip(input: Buffer | ZipSource): Promise<LazyZip> {
  const zip = await openEntries(input);
  async function* entries(): AsyncGenerator<ZipMember> {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => settle(() => resolve(e));
        const onEnd = () => settle(() => resolve(null));
        const onError = (err: Error) => settle(() => reject(err));
        const settle = (then: () => void) => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
          then();
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      yield memberOf(entry);
    }
  }
  return { entries, ...readers(zip) };
}

function memberOf(entry: yauzl.Entry): ZipMember {
  return {
    name: entry.fileName,
    size: entry.uncompressedSize,
    compressedSize: entry.compressedSize,
    crc32: entry.crc32 >>> 0,
    isDirectory: entry.fileName.endsWith('/'),
    modified: entry.getLastModDate({ timezone: 'UTC', forceDosFormat: true }),
    entry,
  };
}

function readers(zip: yauzl.ZipFile): Omit<OpenedZip, 'members'> {
  const stream = (m: ZipMember) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(m.entry, (err, s) => (err ? reject(err) : resolve(crcChecked(s, m)))),
    );
  return {
    stream,
    async read(m, maxBytes = Number.POSITIVE_INFINITY) {
      if (m.size > maxBytes)
        throw new Error(`zip member ${m.name} is ${m.size} bytes, over the ${maxBytes}-byte limit`);
      const chunks: Buffer[] = [];
      for await (const chunk of await stream(m)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/**
 * A member's uncompressed bytes with their CRC-32 checked against the central directory at the
 * end (yauzl checks sizes, not CRCs): a damaged member fails its reader instead of yielding wrong
 * bytes. The archive relies on it for zips it keeps whole (shared/archive/zip.ts verifyZip).
 */
function crcChecked(raw: Readable, m: ZipMember): Readable {
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = zlib.crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc >>> 0 === m.crc32 >>> 0 ? null : new Error(`CRC mismatch in zip member ${m.name}`));
    },
  });
  // pipeline: an error on either side (the inflater's, the CRC's) destroys both and reaches the reader.
  pipeline(raw, check, () => {});
  return check;
}
