import type { AsOfRule, TimelineKind } from './as-of';
import type { RequestProvenance } from './request-provenance';

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
  /**
   * Places the file under this document of the source by hand (`archive import --doc`), whatever
   * its name: for a file the source's patterns do not recognise. A single file only (a zip is
   * refused); the label and window come from the document's reader or the overrides below, and
   * the version's `version_method` is `given`.
   */
  docId?: string;
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
  /** The API request the file answered (a JSON API page), recorded on the top file's item. */
  request?: RequestProvenance;
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
  /**
   * True for a file that is not a zip and matched no document of its source: it is archived as a
   * file without a document, so no answer reads it (the caller reports it; `docId` places it).
   */
  unmatched: boolean;
  /** The version's publisher effective-from date (null: none, or no document). */
  effectiveFrom: string | null;
  /**
   * For a new version: the as-of rule that dates it (shared/archive/as-of.ts `versionRule`):
   * `publisher_effective_window` when it has an effective-from date, else `first_observed` (it
   * starts on the day it was first observed). Null for anything but a new version.
   */
  rule: AsOfRule | null;
  /** For a new version: its document's timeline after this ingest (windowed, observed or mixed). */
  timeline: TimelineKind | null;
  /** For a new version whose document now mixes windowed and observed versions: what that means. */
  warning: string | null;
}

/** The top file first, then zip members depth-first in archive order. */
export interface IngestResult {
  files: IngestedFile[];
  /** Zip members not archived, with the reason (e.g. `empty`: zero-byte members carry no content). */
  skipped: { name: string; reason: string }[];
}
