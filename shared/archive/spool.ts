import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file's bytes spooled to local disk, with the digest of exactly those bytes. */
export interface Spooled {
  path: string;
  sha256: string;
  size: number;
  /** The first bytes (at most HEAD_BYTES), for magic numbers and version labels printed in content. */
  head: Buffer;
  /** `path` is the caller's own local file, hashed where it lies instead of copied (read it with readSpooled). */
  borrowed?: boolean;
}

export const HEAD_BYTES = 64 * 1024;

export type Body = Buffer | NodeJS.ReadableStream | (() => NodeJS.ReadableStream);

/**
 * Copy a body to `path`, hashing (sha256) and counting the bytes as they pass, in bounded memory
 * (one stream chunk plus the first 64 KiB). The digest is of the original bytes, before any
 * parsing. A stream that errors midway rejects, and the partial file is removed: the caller never
 * sees a digest of incomplete bytes. A stream over a whole local file is not copied: the file is
 * hashed where it lies and read again from there (see wholeLocalFile).
 */
export async function spool(body: Body, path: string, onProgress?: (bytes: number) => void): Promise<Spooled> {
  const stream = typeof body === 'function' ? body() : body;
  const local = Buffer.isBuffer(stream) ? undefined : wholeLocalFile(stream);
  if (local) return hashInPlace(stream as fs.ReadStream, local, onProgress);
  const hash = createHash('sha256');
  let size = 0;
  const headParts: Buffer[] = [];
  let headLen = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      hash.update(buf);
      size += buf.length;
      if (headLen < HEAD_BYTES) {
        const part = buf.subarray(0, HEAD_BYTES - headLen);
        headParts.push(part);
        headLen += part.length;
      }
      onProgress?.(size);
      done(null, buf);
    },
  });
  const source = Buffer.isBuffer(stream) ? Readable.from([stream]) : stream;
  try {
    await pipeline(source as NodeJS.ReadableStream, tap, fs.createWriteStream(path, { flags: 'wx' }));
  } catch (e) {
    fs.rmSync(path, { force: true });
    throw e;
  }
  return { path, sha256: hash.digest('hex'), size, head: Buffer.concat(headParts) };
}

/**
 * The path of a stream over a whole regular local file that nothing has read yet (an import from
 * disk, a file spooled by an earlier step); undefined for any other body. Copying such a file
 * would only write every byte again to read it back: on the 1 GB PTP bench the spool copy was
 * half of the archiving time (profile: writes and reads of the spool file in the ingest process).
 */
function wholeLocalFile(body: NodeJS.ReadableStream): string | undefined {
  if (!(body instanceof fs.ReadStream) || typeof body.path !== 'string') return undefined;
  const opts = body as fs.ReadStream & { start?: number; end?: number };
  if (body.bytesRead > 0 || body.destroyed || opts.start !== undefined || (opts.end ?? Infinity) !== Infinity) {
    return undefined;
  }
  try {
    return fs.statSync(body.path).isFile() ? body.path : undefined;
  } catch {
    return undefined;
  }
}

/** Hash a local file where it lies (the caller's stream is closed unread); same figures as a spool. */
async function hashInPlace(given: fs.ReadStream, file: string, onProgress?: (bytes: number) => void): Promise<Spooled> {
  given.destroy();
  const hash = createHash('sha256');
  let size = 0;
  const headParts: Buffer[] = [];
  let headLen = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: READ_CHUNK })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    size += buf.length;
    if (headLen < HEAD_BYTES) {
      const part = Buffer.from(buf.subarray(0, HEAD_BYTES - headLen));
      headParts.push(part);
      headLen += part.length;
    }
    onProgress?.(size);
  }
  const spooled: Spooled = {
    path: file,
    sha256: hash.digest('hex'),
    size,
    head: Buffer.concat(headParts),
    borrowed: true,
  };
  return spooled;
}

/** Reads of local files in chunks of this size (fewer calls than the 64 KiB stream default). */
export const READ_CHUNK = 1024 * 1024;

/** The spooled bytes in one buffer (small files); a borrowed file is checked against its digest. */
export function readSpooledBuffer(s: Spooled): Buffer {
  const buf = fs.readFileSync(s.path);
  if (s.borrowed && (buf.length !== s.size || createHash('sha256').update(buf).digest('hex') !== s.sha256)) {
    throw changed(s);
  }
  return buf;
}

function changed(s: Spooled): Error {
  return new Error(`${s.path} changed while it was being archived; nothing was stored for it.`);
}

/**
 * The spooled bytes as a stream for an upload. A borrowed file (see Spooled.borrowed) could change
 * after it was hashed, so its bytes are hashed again as they pass and the last chunk is held back
 * until the digest is known: bytes that no longer match the key error the stream before the
 * request body is complete, so the store never completes an object under the wrong key. (Node's
 * sha256 runs at several times the rate of `sha256sum` on this machine, far from the bottleneck.)
 */
export function readSpooled(s: Spooled): NodeJS.ReadableStream {
  const file = fs.createReadStream(s.path, { highWaterMark: READ_CHUNK });
  if (!s.borrowed) return file;
  const hash = createHash('sha256');
  let size = 0;
  let held: Buffer | undefined;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      const out = held;
      held = chunk;
      done(null, out);
    },
    flush(done) {
      if (size !== s.size || hash.digest('hex') !== s.sha256) {
        done(changed(s));
        return;
      }
      done(null, held);
    },
  });
  file.on('error', (e) => check.destroy(e));
  return file.pipe(check);
}
