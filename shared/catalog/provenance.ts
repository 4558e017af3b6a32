import { z } from '@hono/zod-openapi';
import type { CatalogGap } from './in-force';
import type { CatalogVersion, SourceTimeline } from './timeline';

/**
 * Every catalog answer names the archived versions it was built from, so any row can be traced to
 * the archived bytes (GET /v1/archive/files/{sha256}) and re-read at its locator.
 */
export const CatalogSourceVersionSchema = z
  .object({
    source_id: z.string(),
    doc_id: z.string(),
    version_id: z.number().int(),
    sha256: z.string().openapi({ description: 'SHA-256 of the archived file the rows were read from.' }),
    publisher_version: z.string().nullable(),
    name: z.string().openapi({ description: 'File name as archived.' }),
    observed_from: z.string().openapi({ format: 'date-time' }),
    publisher_effective_from: z.string().nullable(),
    rows: z.number().int().nullable().openapi({ description: 'Rows loaded from this version.' }),
  })
  .openapi('CatalogSourceVersion');
export type CatalogSourceVersion = z.infer<typeof CatalogSourceVersionSchema>;

export const CatalogGapSchema = z
  .object({
    source_id: z.string(),
    doc_id: z.string().nullable(),
    reason: z.enum([
      'not_archived',
      'before_first_version',
      'between_windows',
      'after_last_window',
      'ambiguous',
      'missing_release',
      'stale_version',
      'no_versions',
      'not_loaded',
      'no_layout',
    ]),
    detail: z.string(),
  })
  .openapi('CatalogGap', { description: 'A list that could not answer for the date, and why.' });

/** Where a row sits: the version and the record's locator in the archived file. */
export const RowSourceSchema = z
  .object({
    source_id: z.string(),
    doc_id: z.string(),
    version_id: z.number().int(),
    sha256: z.string(),
    publisher_version: z.string().nullable(),
    locator: z.object({ line: z.number().int(), record: z.number().int() }),
  })
  .openapi('CatalogRowSource');
export type RowSource = z.infer<typeof RowSourceSchema>;

export function sourceVersionOf(v: CatalogVersion, timeline?: SourceTimeline): CatalogSourceVersion {
  return {
    source_id: v.source_id,
    doc_id: v.doc_id,
    version_id: v.version_id,
    sha256: v.sha256,
    publisher_version: v.publisher_version,
    name: v.name,
    observed_from: v.observed_from,
    publisher_effective_from: v.publisher_effective_from,
    rows: timeline?.loaded.get(v.version_id)?.rows ?? null,
  };
}

export function rowSourceOf(v: CatalogVersion, locator: { line: number; record: number }): RowSource {
  return {
    source_id: v.source_id,
    doc_id: v.doc_id,
    version_id: v.version_id,
    sha256: v.sha256,
    publisher_version: v.publisher_version,
    locator: { line: Number(locator.line), record: Number(locator.record) },
  };
}

/** Distinct versions in version order. */
export function distinctVersions(versions: Iterable<CatalogVersion>): CatalogVersion[] {
  const m = new Map<number, CatalogVersion>();
  for (const v of versions) m.set(v.version_id, v);
  return [...m.values()].sort((a, b) => a.version_id - b.version_id);
}

export type { CatalogGap };
