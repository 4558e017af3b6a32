import type { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import type { Located, PublisherParser } from '../publishers/common/types';
import type { CarryDecl } from './carry';
import { checkDataset } from './declaration';
import type { FieldType, SortType } from './sort-keys';
import type { CatalogVersion } from './timeline';

/**
 * Places a version's rows against other loaded datasets before they are written (a prescriber's
 * NPI to its county through the provider registry and a ZIP crosswalk): called with batches of
 * rows in file order, it returns the same rows, completed, in the same order. Rollups then group
 * by the completed fields, so placement is computed at load time, never per request.
 */
export interface RowPlacer<R> {
  place(rows: readonly R[]): Promise<R[]>;
}

/**
 * A catalog dataset, declared once (issue 11, point 1): which archived documents feed it, how an
 * archived file becomes rows (a streaming publisher parser over the bytes read back from the
 * archive by sha256), which keys its rows are found by, and its default listing order. The
 * generic machinery in this folder loads it per archive version (sync.ts, load.ts), decides which
 * versions are in force on a date (in-force.ts), looks rows up in batches (lookup.ts), lists and
 * searches them (list.ts; named listings with filters, sorts and cursors: query.ts), computes its
 * rollups and series when a version loads (derived.ts), and names the versions every answer was
 * built from (provenance.ts).
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

/**
 * The single default listing of the first datasets (exclusions): rows keyed `R#<ns>#<version>` by
 * a caller-built sort key, read by list.ts `listVersion`. New datasets declare `listings`.
 */
export interface Listing<R> {
  /** Default order of a version's rows; the record number is appended, so the order ends on a unique key. */
  sortKey(row: R): string;
  /** Top-level attributes list filters compare for equality. */
  filters(row: R): Record<string, string>;
}

/** The keys of R whose values (null and undefined aside) are of type T. */
export type FieldOf<R, T> = { [K in keyof R]-?: NonNullable<R[K]> extends T ? K : never }[keyof R] & string;

/** How a listing is ordered: a field of the row and how its values compare. */
export type SortDecl<R> =
  | { field: FieldOf<R, number>; type: 'number' }
  | { field: FieldOf<R, string>; type: 'date' | 'string' };

/**
 * How a filter parameter matches: `eq` equality, `prefix` the value starts with it, `range`
 * inclusive or exclusive bounds (numbers, dates, strings), `token` every word of a text among the
 * row's search tokens (the dataset's `tokens`; query text split by `searchTokens`).
 */
export type FilterKind = 'eq' | 'prefix' | 'range' | 'token';

export type ListingFilters<R> = { readonly [K in FieldOf<R, number>]?: 'eq' | 'range' } & {
  readonly [K in FieldOf<R, string>]?: FilterKind;
} & { readonly [K in FieldOf<R, boolean>]?: 'eq' };

/**
 * A named listing (issue 15, point 3): one version's rows ordered by a field, ascending or
 * descending, always ending on the record number (unique), with declared filters.
 *
 * - A range or prefix filter on the sort field is a key condition (reads only the matching keys).
 * - Each `partitionBy` field has its own copy of the listing per value (an equality filter on it
 *   is served by the partition key); the whole listing is kept too unless `partitionRequired`.
 * - Other filters are DynamoDB filter expressions over the stored field values, paged honestly
 *   (query.ts): a page may read several storage pages and stops at a scan budget with a cursor.
 * - Storage: one item per row and copy (the whole listing, plus one per partition field the row
 *   has a value for), each holding the row value: count that when declaring partitions.
 */
export interface ListingDecl<R> {
  description?: string;
  sort: SortDecl<R>;
  /** The default direction (asc). */
  direction?: 'asc' | 'desc';
  partitionBy?: readonly FieldOf<R, string | number | boolean>[];
  /** Only the partitions are stored: a query must give an equality filter on a partitionBy field. */
  partitionRequired?: boolean;
  filters?: ListingFilters<R>;
  /**
   * Field types the declaration cannot infer (a field neither the sort field nor in `schema`):
   * `number` and `date` values are parsed and validated from query strings.
   */
  types?: { readonly [K in keyof R & string]?: FieldType };
}

/** What a rollup computes per group: a row count, or a statistic of a numeric field (nulls skipped). */
export type Measure<R> = { op: 'count' } | { op: 'sum' | 'min' | 'max' | 'mean' | 'median'; field: FieldOf<R, number> };

/** A listing over rollup rows: the fields are the group-by fields and the measure names. */
export interface RollupListing {
  description?: string;
  sort: { field: string; type: SortType };
  direction?: 'asc' | 'desc';
  partitionBy?: readonly string[];
  partitionRequired?: boolean;
  filters?: Readonly<Record<string, FilterKind>>;
}

/**
 * Counts and statistics by group, computed once per version when it loads (rollup.ts) and stored
 * as the rows of a listing named after the rollup, read like any listing. Medians are exact. A
 * rollup takes the median of one field at most (declare another rollup for another field).
 */
export interface RollupDecl<R> {
  description?: string;
  groupBy: readonly FieldOf<R, string | number | boolean>[];
  measures: Readonly<Record<string, Measure<R>>>;
  listing: RollupListing;
  /** Groups with fewer rows keep their count hidden (null) and their statistics too (`suppressed: true`). */
  suppressBelow?: number;
}

/**
 * A value followed across the versions of a snapshot document (series.ts): per key, the history
 * of its changes (one entry per version where it changed, appeared or disappeared), and, for
 * numbers, the largest moves from one version to the next (top `top` by absolute and by
 * relative change, per version), both computed when a version loads.
 */
export interface SeriesDecl<R> {
  description?: string;
  /** The fields identifying a row across versions (one row per key and version; later duplicates are ignored). */
  key: readonly FieldOf<R, string | number>[];
  value: FieldOf<R, string | number>;
  type: SortType;
  /** Documents followed (default: the dataset's snapshot documents). */
  docs?: readonly string[];
  /** Moves kept per version and direction of ranking (default 100). */
  top?: number;
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
  /**
   * The value stored in the row's listing and token items (default: `value`). A row is copied once
   * per listing copy and per search token: a dataset of large rows (a study and its hundreds of
   * sites) stores a summary there and keeps the whole row for its index lookups.
   */
  listedValue?(row: R): Record<string, unknown>;
  indexes: readonly IndexDecl<R>[];
  /** Search tokens: a row is found by any of them (optional). */
  tokens?(row: R): readonly string[];
  /** Rows listed per version in a default order (optional; large registries skip it). */
  listing?: Listing<R>;
  /**
   * The row's zod schema, when it has one: it types the fields the listings, rollups and series
   * name (numbers, ISO dates, strings, booleans), so query strings are parsed by type.
   */
  schema?: z.ZodType;
  /** Named listings (issue 15 point 3); names are lower-case, unique among listings and rollups. */
  listings?: Readonly<Record<string, ListingDecl<R>>>;
  rollups?: Readonly<Record<string, RollupDecl<R>>>;
  series?: Readonly<Record<string, SeriesDecl<R>>>;
  /** Rows that left a snapshot document, kept in its later versions' listing as ended (carry.ts). */
  carry?: CarryDecl;
  /** The words a token filter's text is searched by (default: lower-case letters and digits, two or more). */
  searchTokens?(text: string): readonly string[];
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
  /**
   * Opened once per version load (after the datasets it reads, by `loadPriority`): completes rows
   * from other datasets before they are written. Optional; a change to what it adds is a new
   * `loaderVersion`.
   */
  placer?(deps: Deps, version: CatalogVersion): Promise<RowPlacer<R>>;
  /** Load order among datasets, lower first (default 1): a dataset others resolve through loads first. */
  loadPriority?: number;
  /**
   * A group of datasets one domain reads together, found by `datasetsInGroup` (e.g. every federal
   * exclusion list the exclusions screen searches): a dataset joins from its own folder.
   */
  group?: string;
  /**
   * Source id → the note of the feed that source offers (DatasetFeed.note), set when the feeds are
   * installed (shared/catalog/datasets.ts); a domain joins those of the sources in force into the
   * methodology of its answers.
   */
  feedNotes?: Readonly<Record<string, string>>;
}

/**
 * Erases the row type so datasets of different rows sit in one list. The listings, rollups and
 * series are checked here (declaration.ts), so a bad declaration fails when its module loads.
 */
export function defineDataset<R extends Located>(d: CatalogDataset<R>): CatalogDataset {
  checkDataset(d as unknown as CatalogDataset);
  return d as unknown as CatalogDataset;
}

/**
 * One source's documents feeding a dataset declared elsewhere (a domain's dataset that several
 * sources feed, such as construction signals): the source's folder offers the feed, and the
 * composition root installs the dataset with every feed's documents and parsers joined
 * (`installDatasets`), so a new feeding source needs no edit outside its own folder.
 */
export interface DatasetFeed<R extends Located = Located> {
  readonly feeds: CatalogDataset;
  readonly docs: readonly DatasetDoc[];
  parserFor(file: { source_id: string; doc_id: string; name: string }): PublisherParser<R> | undefined;
  /**
   * What this feed's rows are, for the methodology of the dataset's answers (which rows the source
   * keeps, what its value and dates mean): a domain's answer joins the notes of the feeds in force
   * (`feedNotes`), so a new feed states its own rule from its folder and no shared text goes stale.
   */
  readonly note?: string;
}

/** Declares a feed; its parser is consulted only for files of its own documents. */
export function feedDataset<R extends Located>(
  dataset: CatalogDataset,
  feed: Omit<DatasetFeed<R>, 'feeds'>,
): DatasetFeed {
  if (feed.docs.length === 0) throw new Error(`catalog: a feed of ${dataset.id} names no document`);
  return { feeds: dataset, ...feed } as unknown as DatasetFeed;
}

export function isFeed(d: CatalogDataset | DatasetFeed): d is DatasetFeed {
  return 'feeds' in d;
}

/** The dataset's documents of one source. */
export function docsOf(dataset: CatalogDataset, sourceId: string): DatasetDoc[] {
  return dataset.docs.filter((d) => d.sourceId === sourceId);
}

/** The dataset's sources, in declaration order. */
export function sourcesOf(dataset: CatalogDataset): string[] {
  return [...new Set(dataset.docs.map((d) => d.sourceId))];
}
