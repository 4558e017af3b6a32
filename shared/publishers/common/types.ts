/**
 * The shapes every publisher parser shares. A parser turns the bytes of one archived publisher
 * file into plain JSON records, each carrying a locator back to where it sits in those bytes, so
 * a stored fact can be replayed: same bytes + same locator = same record (see locator.ts).
 */

/** Bytes as the archive hands them over: a whole buffer, a Node stream, or any async chunk source. */
export type ByteInput =
  | Buffer
  | Uint8Array
  | string
  | NodeJS.ReadableStream
  | AsyncIterable<Buffer | Uint8Array | string>
  | Iterable<Buffer | Uint8Array | string>;

/**
 * Where a record sits in its file. `line` is the 1-based first physical line of the record (a
 * record can span lines: quoted line breaks, HCPCS continuation records); `record` is the 1-based
 * index of the record among the records the parser yields for that file. The archive adds the
 * member name when the file came out of a zip.
 */
export interface Locator {
  line: number;
  record: number;
}

export interface Located {
  locator: Locator;
}

/** Encodings the publishers use. `latin1` is ISO-8859-1 byte-for-byte; `windows-1252` maps 0x80-0x9F to typography. */
export type Encoding = 'utf-8' | 'latin1' | 'windows-1252';

/**
 * A record boundary a resumable parser can start reading at again: the byte offset where the next
 * record's first line starts, the physical lines and records before it, and what the parser read
 * before the data and needs again (the header's column names, a setting the header named, whether
 * the file opened with a UTF-8 byte-order mark). Small and JSON: a load checkpoint stores it.
 */
export interface ResumePoint {
  offset: number;
  line: number;
  record: number;
  header?: ResumeHeader;
}

export interface ResumeHeader {
  /** The file opened with a UTF-8 byte-order mark (decoded as UTF-8 from there on). */
  bom?: boolean;
  /** The header row's fields, for parsers that read columns by name. */
  fields?: readonly string[];
  /** Anything else the preamble decided (e.g. the MUE setting its value column names). */
  context?: string;
}

export interface ParseOptions {
  /** The file's base name, for parsers whose layout variant is named in it (informational otherwise). */
  fileName?: string;
  /**
   * Resumable parsers only: the input holds the file's bytes from `resumeAt.offset` on (an S3
   * ranged GET); records go on from `resumeAt.record + 1`, lines from `resumeAt.line + 1`, with
   * the same locators an uninterrupted parse gives.
   */
  resumeAt?: ResumePoint;
  /**
   * Resumable parsers only: before yielding a record the parser writes into this object the point
   * just after it (where a resumed parse continues once the record is stored).
   */
  cursor?: ResumePoint;
  /**
   * The bytes of another archived file, by sha256: a JSON API set's manifest (the document
   * version) names its pages, which the parser reads through this (shared/publishers/common/json-set.ts).
   * Given by every loader; absent when a parser reads a lone file (tests of other layouts).
   */
  openFile?: (sha256: string) => Promise<NodeJS.ReadableStream>;
}

/**
 * A parser of one publisher file layout. `parse` streams: it pulls chunks only as records are
 * consumed and keeps at most one record (plus one chunk) in memory, so files of any size parse in
 * flat memory. `version` changes whenever the records produced for the same bytes would change.
 */
export interface PublisherParser<R extends Located = Located> {
  /** `<source_id>/<layout>`, e.g. `cms_ncci_ptp/ptp-txt`. */
  readonly id: string;
  readonly version: string;
  /**
   * True when `parse` honours `resumeAt` and reports record boundaries through `cursor`
   * (line-oriented layouts). Other parsers are read again from the first byte on resume.
   */
  readonly resumable?: boolean;
  parse(input: ByteInput, options?: ParseOptions): AsyncGenerator<R>;
  /**
   * The same records as `parse`, in arrays (one per chunk of input read), for consumers that
   * handle millions of records: one async step per array instead of per record. With `cursor`,
   * the point written before yielding an array is the point just after its last record.
   */
  parseBatches?(input: ByteInput, options?: ParseOptions): AsyncGenerator<R[]>;
  /** The billing codes a record governs (for change records' `affected_codes`); empty when none. */
  codesOf(record: R): readonly string[];
}
