import * as path from 'node:path';
import { Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import type * as yauzl from 'yauzl';
import { fileZipSource, openEntries } from '../formats/zip';
import { UnarchivableFileError } from './errors';
import { type Spooled, spool } from './spool';

/**
 * Extraction limits: a zip bomb or a runaway nesting is refused, not half-extracted. `maxMembers`
 * is the default a source may raise for its own zips (SourceDecl.maxZipMembers: SEC EDGAR's
 * submissions.zip holds ~900,000 filers); the total uncompressed size and the nesting depth are the
 * same for every source.
 */
export const ZIP_LIMITS = { maxMembers: 50_000, maxTotalBytes: 32 * 1024 ** 3, maxDepth: 4 } as const;

/** The limits one extraction applies: the defaults, with the member count its source allows. */
export interface ZipLimits {
  maxMembers: number;
}

export interface ZipMember {
  /** Position in the zip's central directory (0-based, directories and skipped entries counted). */
  index: number;
  /** Path inside the zip, as stored. */
  path: string;
  /** Base name. */
  name: string;
  spooled: Spooled;
}

export interface ZipExtraction {
  members: ZipMember[];
  skipped: { path: string; reason: string }[];
}

/** The zip on disk, walked entry by entry through a block-cached reader (shared/formats/zip.ts). */
function open(file: string): Promise<yauzl.ZipFile> {
  return openEntries(fileZipSource(file));
}

function openStream(z: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => z.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))));
}

/**
 * Extract every member of a zip on disk into `dir`, each spooled and hashed like a top-level file.
 * Each member's CRC-32 is checked against the central directory (yauzl checks sizes, not CRCs), so
 * a damaged member is caught here. Any failure (truncated archive, bad CRC, encrypted member,
 * limits) rejects with UnarchivableFileError; the caller discards `dir`.
 */
export async function extractZip(
  file: string,
  dir: string,
  onProgress?: (bytes: number) => void,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ZipExtraction> {
  let z: yauzl.ZipFile;
  try {
    z = await open(file);
  } catch (e) {
    throw new UnarchivableFileError('corrupt_zip', `Not a readable zip archive: ${(e as Error).message}`);
  }
  const members: ZipMember[] = [];
  const skipped: ZipExtraction['skipped'] = [];
  let total = 0;
  let done = 0;
  let index = -1;
  try {
    if (z.entryCount > limits.maxMembers) {
      throw new UnarchivableFileError('zip_limits', `Zip has ${z.entryCount} entries (limit ${limits.maxMembers}).`);
    }
    await new Promise<void>((resolve, reject) => {
      z.on('error', reject);
      z.on('end', resolve);
      z.on('entry', (entry: yauzl.Entry) => {
        index++;
        handle(entry, index).then(() => z.readEntry(), reject);
      });
      z.readEntry();
    });
  } catch (e) {
    if (e instanceof UnarchivableFileError) throw e;
    throw new UnarchivableFileError('corrupt_zip', `Zip archive is damaged: ${(e as Error).message}`);
  } finally {
    z.close();
  }
  return { members, skipped };

  async function handle(entry: yauzl.Entry, i: number): Promise<void> {
    if (entry.fileName.endsWith('/')) return;
    if (entry.isEncrypted()) throw new UnarchivableFileError('corrupt_zip', `Member ${entry.fileName} is encrypted.`);
    if (entry.uncompressedSize === 0) {
      skipped.push({ path: entry.fileName, reason: 'empty' });
      return;
    }
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.maxTotalBytes) {
      throw new UnarchivableFileError('zip_limits', `Zip expands beyond ${ZIP_LIMITS.maxTotalBytes} bytes.`);
    }
    const raw = await openStream(z, entry);
    let crc = 0;
    const check = new Transform({
      transform(chunk: Buffer, _enc, done) {
        crc = zlib.crc32(chunk, crc);
        done(null, chunk);
      },
      flush(done) {
        done(crc >>> 0 === entry.crc32 >>> 0 ? null : new Error(`CRC mismatch in ${entry.fileName}`));
      },
    });
    raw.on('error', (e) => check.destroy(e));
    const spooled = await spool(raw.pipe(check), path.join(dir, `m${i}`), (b) => onProgress?.(done + b));
    done += spooled.size;
    members.push({ index: i, path: entry.fileName, name: path.posix.basename(entry.fileName), spooled });
  }
}

/** What verifying a zip kept whole found: its central directory's counts. */
export interface ZipSummary {
  /** Entries that are files (directories not counted; empty files counted). */
  members: number;
  /** Sum of the members' uncompressed sizes as the central directory declares them. */
  totalBytes: number;
}

/**
 * Verify a zip that is archived whole (DocDecl.keepZipWhole) without extracting it, in two passes
 * over its central directory. The first reads the entries only: the directory must be readable to
 * its end, hold no more entries than `limits` allows, declare no more than
 * ZIP_LIMITS.maxTotalBytes uncompressed and hold no encrypted member, so a zip bomb is refused
 * before anything is inflated. The second inflates each member once to check its size and CRC-32,
 * writing nothing. One entry and one chunk are in memory at a time: memory stays bounded whatever
 * the member count; time grows with the entries and the uncompressed bytes. Parsers check each CRC
 * again when they read a member (shared/formats/zip.ts). Failures reject with UnarchivableFileError,
 * like extractZip.
 */
export async function verifyZip(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipSummary> {
  let members = 0;
  let totalBytes = 0;
  await eachEntry(file, limits, async (entry) => {
    if (entry.isEncrypted()) throw new UnarchivableFileError('corrupt_zip', `Member ${entry.fileName} is encrypted.`);
    members++;
    totalBytes += entry.uncompressedSize;
    if (totalBytes > ZIP_LIMITS.maxTotalBytes) {
      throw new UnarchivableFileError('zip_limits', `Zip expands beyond ${ZIP_LIMITS.maxTotalBytes} bytes.`);
    }
  });
  await eachEntry(file, limits, async (entry, z) => {
    if (entry.uncompressedSize === 0) return;
    const raw = await openStream(z, entry);
    let crc = 0;
    await new Promise<void>((resolve, reject) => {
      raw.on('data', (chunk: Buffer) => {
        crc = zlib.crc32(chunk, crc);
      });
      raw.on('error', reject);
      raw.on('end', () =>
        crc >>> 0 === entry.crc32 >>> 0 ? resolve() : reject(new Error(`CRC mismatch in ${entry.fileName}`)),
      );
    });
  });
  return { members, totalBytes };
}

/** Calls `visit` on each file entry of the zip's central directory in turn (directories skipped). */
async function eachEntry(
  file: string,
  limits: ZipLimits,
  visit: (entry: yauzl.Entry, z: yauzl.ZipFile) => Promise<void>,
): Promise<void> {
  let z: yauzl.ZipFile;
  try {
    z = await open(file);
  } catch (e) {
    throw new UnarchivableFileError('corrupt_zip', `Not a readable zip archive: ${(e as Error).message}`);
  }
  try {
    if (z.entryCount > limits.maxMembers) {
      throw new UnarchivableFileError('zip_limits', `Zip has ${z.entryCount} entries (limit ${limits.maxMembers}).`);
    }
    await new Promise<void>((resolve, reject) => {
      z.on('error', reject);
      z.on('end', resolve);
      z.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) z.readEntry();
        else visit(entry, z).then(() => z.readEntry(), reject);
      });
      z.readEntry();
    });
  } catch (e) {
    if (e instanceof UnarchivableFileError) throw e;
    throw new UnarchivableFileError('corrupt_zip', `Zip archive is damaged: ${(e as Error).message}`);
  } finally {
    z.close();
  }
}
