import type { Readable } from 'node:stream';

/**
 * The object-storage port. Keys are content-addressed by the archive, so writing the same key
 * twice writes the same bytes and is harmless.
 */
export interface BlobHead {
  size: number;
  contentType?: string;
}

export interface BlobStore {
  readonly bucket: string;
  put(key: string, body: Buffer | Readable, opts?: { contentType?: string; size?: number }): Promise<void>;
  /**
   * The object's bytes, or with `range` only those from `range.start` (a byte offset) to the end
   * (an HTTP Range GET: a load resumed from a checkpoint reads on from a record boundary).
   */
  get(key: string, range?: { start: number }): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  head(key: string): Promise<BlobHead | undefined>;
  /** A GET link valid for `seconds`. */
  presignGet(key: string, seconds: number, filename?: string): Promise<string>;
  /** Keys under a prefix, all pages. */
  list(prefix: string): Promise<string[]>;
  probe(): Promise<void>;
}
