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
import { withDependency } from './unavailable';

/** Bodies above this size go through a multipart upload with bounded part buffers. */
const PART_SIZE = 8 * 1024 * 1024;

/** S3 implementation of the BlobStore port (shared/storage/blob.ts). */
export class S3Blobs implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    readonly bucket: string,
  ) {}

  put(key: string, body: Buffer | Readable, opts: { contentType?: string; size?: number } = {}): Promise<void> {
    return withDependency('S3', async () => {
      if (Buffer.isBuffer(body) && body.length <= PART_SIZE) {
        await this.s3.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }),
        );
        return;
      }
      const upload = new Upload({
        client: this.s3,
        params: { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  get(key: string, range?: { start: number }): Promise<Readable> {
    return withDependency('S3', async () => {
      const Range = range && range.start > 0 ? `bytes=${range.start}-` : undefined;
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range }));
      return out.Body as Readable;
    });
  }

  async getBuffer(key: string): Promise<Buffer> {
    const stream = await this.get(key);
    return withDependency('S3', async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    });
  }

  head(key: string): Promise<BlobHead | undefined> {
    return withDependency('S3', async () => {
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
    return withDependency('S3', async () => {
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
    return withDependency('S3', async () => {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    });
  }
}
