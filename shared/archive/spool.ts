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
}

export const HEAD_BYTES = 64 * 1024;

export type Body = Buffer | NodeJS.ReadableStream | (() => NodeJS.ReadableStream);

/**
 * Copy a body to `path`, hashing (sha256) and counting the bytes as they pass, in bounded memory
 * (one stream chunk plus the first 64 KiB). The digest is of the original bytes, before any
 * parsing. A stream that errors midway rejects, and the partial file is removed: the caller never
 * sees a digest of incomplete bytes.
 */
export async function spool(body: Body, path: string, onProgress?: (bytes: number) => void): Promise<Spooled> {
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
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : typeof body === 'function' ? body() : body;
  try {
    await pipeline(source as NodeJS.ReadableStream, tap, fs.createWriteStream(path, { flags: 'wx' }));
  } catch (e) {
    fs.rmSync(path, { force: true });
    throw e;
  }
  return { path, sha256: hash.digest('hex'), size, head: Buffer.concat(headParts) };
}
