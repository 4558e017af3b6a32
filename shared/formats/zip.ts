import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

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

/** Opens a zip held in memory and reads its central directory. */
export async function openZip(bytes: Buffer): Promise<OpenedZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  );
  const members = await new Promise<ZipMember[]>((resolve, reject) => {
    const out: ZipMember[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      out.push({
        name: entry.fileName,
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        crc32: entry.crc32 >>> 0,
        isDirectory: entry.fileName.endsWith('/'),
        modified: entry.getLastModDate({ timezone: 'UTC', forceDosFormat: true }),
        entry,
      });
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', reject);
    zip.readEntry();
  });
  const stream = (m: ZipMember) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(m.entry, (err, s) => (err ? reject(err) : resolve(s))),
    );
  return {
    members,
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
