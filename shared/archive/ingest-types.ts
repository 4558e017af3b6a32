/**
 * The ingest contract shared by the fetcher (shared/archive/fetch/), the import CLI
 * (scripts/archive.ts) and the start-up seeding step: bytes in, archived files and versions out.
 */
export const ORIGINS = ['live', 'backfill', 'wayback'] as const;
export type Origin = (typeof ORIGINS)[number];

export interface IngestInput {
  /** Must exist in the source registry (shared/sources/registry.ts). */
  sourceId: string;
  /** Original file name as served (no directory part is kept). */
  name: string;
  /**
   * The bytes. Streams (or stream factories) are spooled to a temporary file while hashed, so
   * memory stays bounded whatever the size.
   */
  body: Buffer | NodeJS.ReadableStream | (() => NodeJS.ReadableStream);
  contentType?: string;
  /** Overrides what the registry reads from the file name / content. */
  publisherVersion?: string | null;
  /** YYYY-MM-DD; overrides the registry's reading. */
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
  /** Default 'live'. */
  origin?: Origin;
  /** Default clock.now(). */
  observedAt?: Date;
  /** The fetch run that produced the file, if any. */
  runId?: string;
  sourceUrl?: string;
  /** Called with bytes read so far (spooling and member extraction), for progress output. */
  onProgress?: (bytes: number) => void;
}

export interface IngestedFile {
  sha256: string;
  size: number;
  name: string;
  /** The zip this file was extracted from; null for the top file. */
  parentSha256: string | null;
  /** The document the file maps to, or null (readmes, PDFs, zips themselves). */
  docId: string | null;
  /** The version created or found for (docId, sha256); null when docId is null. */
  versionId: number | null;
  /** True when this ingest created the version (false: it already existed). */
  newVersion: boolean;
  /** True when this ingest stored the bytes for the first time. */
  newFile: boolean;
}

/** The top file first, then zip members depth-first in archive order. */
export interface IngestResult {
  files: IngestedFile[];
  /** Zip members not archived, with the reason (e.g. `empty`: zero-byte members carry no content). */
  skipped: { name: string; reason: string }[];
}
