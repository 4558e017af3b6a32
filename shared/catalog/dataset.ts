import type { Located, PublisherParser } from '../publishers/common/types';

/**
 * A catalog dataset, declared once (issue 11, point 1): which archived documents feed it, how an
 * archived file becomes rows (a streaming publisher parser over the bytes read back from the
 * archive by sha256), which keys its rows are found by, and its default listing order. The
 * generic machinery in this folder loads it per archive version (sync.ts, load.ts), decides which
 * versions are in force on a date (in-force.ts), looks rows up in batches (lookup.ts), lists and
 * searches them (list.ts), and names the versions every answer was built from (provenance.ts).
 *
 * Adding a dataset: declare it beside its domain, list it in ./datasets.ts, serve it from a
 * RouteGroup with the shared paging and problem errors.
 */

/**
 * How a document's versions combine on a date. `snapshot`: each version replaces the previous one
 * (the archive's as-of rule picks the one in force). `supplement`: each version adds to the
 * snapshot in force (monthly additions, reinstatements, weekly registry updates): every version
 * that starts on or after that snapshot's start and on or before the date applies.
 */
export type DocMode = 'snapshot' | 'supplement';

export interface DatasetDoc {
  sourceId: string;
  docId: string;
  mode: DocMode;
}

/** An exact-match index, looked up in batches by (key, version). */
export interface IndexDecl<R> {
  /** Lower-case name, e.g. `npi`, `name`. */
  name: string;
  /**
   * Each key occurs at most once per version (the NPI of the NPPES file): the loader then keeps no
   * per-key bookkeeping, so memory stays flat however large the file.
   */
  unique?: boolean;
  keys(row: R): readonly string[];
}

export interface Listing<R> {
  /** Default order of a version's rows; the record number is appended, so the order ends on a unique key. */
  sortKey(row: R): string;
  /** Top-level attributes list filters compare for equality. */
  filters(row: R): Record<string, string>;
}

export interface CatalogDataset<R extends Located = Located> {
  /** Lower-case id, unique among datasets, e.g. `oig_leie`. */
  id: string;
  title: string;
  /** Changes whenever the rows stored for the same bytes would change. */
  loaderVersion: string;
  docs: readonly DatasetDoc[];
  /** The parser of an archived file, or undefined when no layout reads it (archived, reported as not loaded). */
  parserFor(file: { source_id: string; doc_id: string; name: string }): PublisherParser<R> | undefined;
  /** The value stored for a row (default: the parsed record, locator included). */
  value?(row: R): Record<string, unknown>;
  indexes: readonly IndexDecl<R>[];
  /** Search tokens: a row is found by any of them (optional). */
  tokens?(row: R): readonly string[];
  /** Rows listed per version in a default order (optional; large registries skip it). */
  listing?: Listing<R>;
  /**
   * An entity count for GET /platform/stats (e.g. `clinicians`): the rows of a snapshot version
   * that count, recorded when that version loads (the newest snapshot loaded sets the figure).
   */
  entityCount?: { name: string; counts(row: R): boolean };
  /**
   * `cadence` (default): a version past its source's critical age on the date is a stale_version
   * gap (shared/archive/as-of.ts). `identity`: the rows are identifiers whose meaning does not
   * lapse (an NPI and its registered names), read as loaded whatever their age.
   */
  freshness?: 'cadence' | 'identity';
  /** Load order among datasets, lower first (default 1): a dataset others resolve through loads first. */
  loadPriority?: number;
}

/** Erases the row type so datasets of different rows sit in one list. */
export function defineDataset<R extends Located>(d: CatalogDataset<R>): CatalogDataset {
  return d as unknown as CatalogDataset;
}

/** The dataset's documents of one source. */
export function docsOf(dataset: CatalogDataset, sourceId: string): DatasetDoc[] {
  return dataset.docs.filter((d) => d.sourceId === sourceId);
}

/** The dataset's sources, in declaration order. */
export function sourcesOf(dataset: CatalogDataset): string[] {
  return [...new Set(dataset.docs.map((d) => d.sourceId))];
}
