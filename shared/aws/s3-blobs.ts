import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobHead, BlobStore } from '../storage/blob';

/** Bodies above this size go through a multipart upload with bounded part buffers. */
const PART_SIZE = 8 * 1024 * 1024;
/** Parts in flight at once (memory: PART_SIZE each, plus the one being filled). */
const PART_QUEUE = 4;
/** S3's limit for a single PUT. */
const SINGLE_PUT_MAX = 5 * 1024 ** 3;

/**
 * Runs one S3 call. This module is bundled as its own lazy file (scripts/build.mjs), so it imports
 * none of the service's error classes: ./lazy-blobs.ts, in the main bundle, turns an unreachable S3
 * into the 503 problem (`withDependency`) around every call.
 */
const inS3 = <T>(fn: () => Promise<T>): Promise<T> => fn();

export interface S3BlobsOptions {
  /**
   * The store is the local emulator (s3rver): a stream of known size up to 5 GiB goes as one
   * streamed PUT. s3rver completes a multipart upload by reading every part back and writing the
   * whole object again (with another MD5 pass), which made it the bottleneck of archiving the
   * 1 GB PTP bench file; one PUT writes the bytes once, and streams them without part buffers.
   * Against S3 itself multipart stays: parts go in parallel and a failed part is retried alone.
   */
  emulator?: boolean;
}

/** S3 implementation of the BlobStore port (shared/storage/blob.ts). */
export class S3Blobs implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    readonly bucket: string,
    private readonly opts: S3BlobsOptions = {},
  ) {}

  put(key: string, body: Buffer | Readable, opts: { contentType?: string; size?: number } = {}): Promise<void> {
    return inS3(async () => {
      const streamed = !Buffer.isBuffer(body) && this.opts.emulator && opts.size !== undefined;
      if (Buffer.isBuffer(body) && body.length <= PART_SIZE) {
        await this.s3.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }),
        );
        return;
      }
      if (streamed && opts.size! <= SINGLE_PUT_MAX) {
        await this.streamPut(key, body as Readable, opts.size!, opts.contentType);
        return;
      }
      const upload = new Upload({
        client: this.s3,
        params: { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType },
        partSize: PART_SIZE,
        queueSize: PART_QUEUE,
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  /**
   * One PUT of a stream of known length. The SDK pipes the body into the request, which does not
   * see the body fail: a body error aborts the request (the object is never completed) and is
   * what the call rejects with.
   */
  private async streamPut(key: string, body: Readable, size: number, contentType?: string): Promise<void> {
    const abort = new AbortController();
    let failure: unknown;
    const onError = (e: unknown) => {
      failure ??= e;
      abort.abort();
    };
    body.once('error', onError);
    try {
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: size,
        }),
        { abortSignal: abort.signal },
      );
    } catch (e) {
      throw failure ?? e;
    } finally {
      body.off('error', onError);
    }
    if (failure) throw failure;
  }

  get(key: string, range?: { start: number }): Promise<Readable> {
    return inS3(async () => {
      const Range = range && range.start > 0 ? `bytes=${range.start}-` : undefined;
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range }));
      return out.Body as Readable;
    });
  }

  async getBuffer(key: string): Promise<Buffer> {
    const stream = await this.get(key);
    return inS3(async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    });
  }

  head(key: string): Promise<BlobHead | undefined> {
    return inS3(async () => {
      try {
        const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType };
      } catch (e) {
        if (e instanceof NotFound || (e as { name?: string }).name === 'NotFound') return undefined;
        throw e;
      }
    });
  }

  presignGet(key: string, seconds: number, filename?: string): Promise<string> {
    const disposition = filename
      ? `attachment; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()]/g, escape)}`
      : undefined;
    return getSignedUrl(
      this.s3,
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: disposition }),
      { expiresIn: seconds },
    );
  }

  list(prefix: string): Promise<string[]> {
    return inS3(async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await this.s3.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys;
    });
  }

  probe(): Promise<void> {
    return inS3(async () => {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    });
  }
}
