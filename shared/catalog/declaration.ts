import type { CatalogDataset, FilterKind, RollupListing } from './dataset';
import type { FieldType, SortType } from './sort-keys';

/**
 * The runtime form of a dataset's listings, rollups and series, checked once (defineDataset calls
 * `checkDataset`): names, fields and their types. The declarations are typed by the dataset's row
 * at compile time (dataset.ts `FieldOf`); here every field also gets a runtime type, from the
 * sort declaration, the listing's `types`, or the dataset's zod `schema`, so values read from
 * query strings are parsed as numbers, dates, strings or booleans. A range filter whose field
 * type is unknown is refused (a number compared as text would sort "10" before "9").
 */
export interface ListingSpec {
  name: string;
  /** `rollup`: the rows are a rollup's groups (rollup.ts), written when the version loads. */
  kind: 'listing' | 'rollup';
  sort: { field: string; type: SortType };
  direction: 'asc' | 'desc';
  partitionBy: readonly string[];
  partitionRequired: boolean;
  /** Every filterable field and how it matches (partition fields are `eq`). */
  filters: ReadonlyMap<string, FilterKind>;
  /** The type of every field the listing stores (`f` attribute of its items). */
  types: ReadonlyMap<string, FieldType>;
}

export interface RollupSpec {
  name: string;
  groupBy: readonly { field: string; type: FieldType }[];
  measures: readonly { name: string; op: 'count' | 'sum' | 'min' | 'max' | 'mean' | 'median'; field?: string }[];
  /** The field whose median is taken, if any (one per rollup): its values order the rollup's scratch keys. */
  medianField?: string;
  /** The numeric fields the measures read. */
  fields: readonly string[];
  suppressBelow: number;
  listing: ListingSpec;
}

export interface SeriesSpec {
  name: string;
  key: readonly { field: string; type: FieldType }[];
  value: string;
  type: SortType;
  /** Documents followed; undefined: the dataset's snapshot documents (read when used: some are live lists). */
  docs?: readonly string[];
  top: number;
}

export interface DatasetSpecs {
  listings: ReadonlyMap<string, ListingSpec>;
  rollups: readonly RollupSpec[];
  series: readonly SeriesSpec[];
  /** Every field any listing reads, with its type (token items carry them for filtering and sorting). */
  fields: ReadonlyMap<string, FieldType>;
  /**
   * Whether some listing filters by search token: token items are then search entries (listed
   * fields and tokens, no value; writer.ts), read only by the listings' word search.
   */
  tokenFilters: boolean;
}

const NAME = /^[a-z][a-z0-9_]*$/;
const cache = new WeakMap<CatalogDataset, DatasetSpecs>();

/** Checks the declaration (throws naming the dataset and what is wrong). */
export function checkDataset(dataset: CatalogDataset): void {
  specsOf(dataset);
}

export function specsOf(dataset: CatalogDataset): DatasetSpecs {
  let specs = cache.get(dataset);
  if (!specs) {
    specs = build(dataset);
    cache.set(dataset, specs);
  }
  return specs;
}

/** A listing or rollup listing by name; an unknown name is a programming error (routes name their listing). */
export function listingSpec(dataset: CatalogDataset, name: string): ListingSpec {
  const l = specsOf(dataset).listings.get(name);
  if (!l) throw new Error(`catalog: dataset ${dataset.id} declares no listing ${name}`);
  return l;
}

export function seriesSpec(dataset: CatalogDataset, name: string): SeriesSpec {
  const s = specsOf(dataset).series.find((x) => x.name === name);
  if (!s) throw new Error(`catalog: dataset ${dataset.id} declares no series ${name}`);
  return s;
}

interface LooseListing extends RollupListing {
  types?: Readonly<Record<string, FieldType | undefined>>;
}

function build(dataset: CatalogDataset): DatasetSpecs {
  const fail = (msg: string): never => {
    throw new Error(`catalog: dataset ${dataset.id}: ${msg}`);
  };
  const schemaTypes = typesFromSchema(dataset.schema);
  const declared = new Map<string, FieldType>();
  const listingDecls = Object.entries((dataset.listings ?? {}) as Readonly<Record<string, LooseListing>>);
  for (const [, l] of listingDecls) {
    declared.set(l.sort.field, l.sort.type);
    for (const [f, t] of Object.entries(l.types ?? {})) if (t) declared.set(f, t);
  }
  const rowType = (field: string): FieldType | undefined => schemaTypes.get(field) ?? declared.get(field);

  const listings = new Map<string, ListingSpec>();
  const add = (name: string, spec: ListingSpec) => {
    if (!NAME.test(name)) fail(`listing name ${JSON.stringify(name)} is not lower-case snake_case`);
    if (listings.has(name)) fail(`two listings or rollups are named ${name}`);
    listings.set(name, spec);
  };
  let tokenFilters = false;
  for (const [name, l] of listingDecls) {
    const spec = listingOf(name, 'listing', l, (f) => l.types?.[f] ?? rowType(f), fail);
    if ([...spec.filters.values()].includes('token')) {
      if (!dataset.tokens) fail(`listing ${name} filters by token but the dataset declares no tokens`);
      // A word search reads its page's values from the whole copy (query.ts readValues).
      if (spec.partitionRequired) fail(`listing ${name} filters by token, so it keeps its whole copy`);
      tokenFilters = true;
    }
    add(name, spec);
  }

  const rollups: RollupSpec[] = [];
  for (const [name, r] of Object.entries(dataset.rollups ?? {})) {
    if (!r.groupBy.length) fail(`rollup ${name} groups by no field`);
    const measures = Object.entries(r.measures).map(([m, d]) => ({
      name: m,
      op: d.op,
      field: 'field' in d ? (d.field as string) : undefined,
    }));
    if (!measures.length) fail(`rollup ${name} has no measure`);
    const medians = new Set(measures.filter((m) => m.op === 'median').map((m) => m.field!));
    if (medians.size > 1) fail(`rollup ${name} takes medians of ${[...medians].join(' and ')}: one field per rollup`);
    const groupBy = r.groupBy.map((field) => ({ field: field as string, type: rowType(field) ?? 'string' }));
    const types = new Map<string, FieldType>(groupBy.map((g) => [g.field, g.type]));
    for (const m of measures) {
      if (types.has(m.name)) fail(`rollup ${name}: measure ${m.name} has the name of a group-by field`);
      if (!NAME.test(m.name)) fail(`rollup ${name}: measure name ${JSON.stringify(m.name)} is not snake_case`);
      types.set(m.name, 'number');
    }
    const listing = listingOf(name, 'rollup', r.listing, (f) => types.get(f), fail, types);
    if ([...listing.filters.values()].includes('token')) fail(`rollup ${name} cannot filter by token`);
    add(name, listing);
    rollups.push({
      name,
      groupBy,
      measures,
      medianField: [...medians][0],
      fields: [...new Set(measures.flatMap((m) => (m.field ? [m.field] : [])))],
      suppressBelow: r.suppressBelow ?? 0,
      listing,
    });
  }

  const series: SeriesSpec[] = [];
  for (const [name, s] of Object.entries(dataset.series ?? {})) {
    if (!NAME.test(name)) fail(`series name ${JSON.stringify(name)} is not lower-case snake_case`);
    if (!s.key.length) fail(`series ${name} has no key field`);
    const top = s.top ?? 100;
    if (!Number.isInteger(top) || top < 1 || top > 1000) fail(`series ${name}: top must be 1 to 1000`);
    series.push({
      name,
      key: s.key.map((field) => ({ field: field as string, type: rowType(field) ?? 'string' })),
      value: s.value,
      type: s.type,
      docs: s.docs,
      top,
    });
  }

  if (dataset.carry) {
    const c = dataset.carry;
    if (listings.get(c.listing)?.kind !== 'listing')
      fail(`carry names ${c.listing}, which is not a listing of the dataset`);
    if (!dataset.docs.some((d) => d.mode === 'snapshot'))
      fail('carry follows a snapshot document, and none is declared');
    const shape = (dataset.schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    for (const f of [c.status.field, c.end, c.last])
      if (shape && !(f in shape)) fail(`carry writes ${f}, a field the row schema lacks`);
  }
  // A placer reads other datasets while rows load: its load order must be stated, after theirs.
  if (dataset.placer && dataset.loadPriority === undefined)
    fail('a placer reads other datasets as rows load: declare a loadPriority above theirs');

  const fields = new Map<string, FieldType>();
  for (const l of listings.values()) if (l.kind === 'listing') for (const [f, t] of l.types) fields.set(f, t);
  return { listings, rollups, series, fields, tokenFilters };
}

function listingOf(
  name: string,
  kind: 'listing' | 'rollup',
  l: LooseListing,
  typeOf: (field: string) => FieldType | undefined,
  fail: (msg: string) => never,
  known?: ReadonlyMap<string, FieldType>,
): ListingSpec {
  const where = `${kind} ${name}`;
  const check = (field: string) => {
    if (known && !known.has(field)) fail(`${where} names ${field}, neither a group-by field nor a measure`);
  };
  check(l.sort.field);
  const types = new Map<string, FieldType>([[l.sort.field, l.sort.type]]);
  const filters = new Map<string, FilterKind>();
  for (const field of l.partitionBy ?? []) {
    check(field);
    filters.set(field, 'eq');
    types.set(field, typeOf(field) ?? 'string');
  }
  if (l.partitionRequired && !l.partitionBy?.length) fail(`${where} requires a partition but declares none`);
  for (const [field, kindOf] of Object.entries(l.filters ?? {})) {
    if (!kindOf) continue;
    check(field);
    if (filters.has(field) && filters.get(field) !== kindOf) fail(`${where}: ${field} is a partition field (eq)`);
    const t = field === l.sort.field ? l.sort.type : typeOf(field);
    if (kindOf === 'range' && !t) fail(`${where}: the range filter on ${field} needs its type (types or schema)`);
    if (kindOf === 'prefix' && t && t !== 'string')
      fail(`${where}: a prefix filter needs a string field, ${field} is ${t}`);
    if (kindOf === 'token' && [...filters.values()].includes('token')) fail(`${where} has two token filters`);
    filters.set(field, kindOf);
    if (kindOf !== 'token') types.set(field, t ?? 'string');
  }
  return {
    name,
    kind,
    sort: { field: l.sort.field, type: l.sort.type },
    direction: l.direction ?? 'asc',
    partitionBy: l.partitionBy ?? [],
    partitionRequired: !!l.partitionRequired,
    filters,
    types,
  };
}

/** Field types read from a zod object schema (zod 4 internals: `_zod.def`, wrappers unwrapped). */
function typesFromSchema(schema: unknown): Map<string, FieldType> {
  const out = new Map<string, FieldType>();
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return out;
  for (const [field, s] of Object.entries(shape)) {
    let def = (s as { _zod?: { def?: ZodDef } })._zod?.def;
    while (def?.innerType) def = def.innerType._zod?.def;
    if (!def) continue;
    if (def.type === 'number' || def.type === 'int') out.set(field, 'number');
    else if (def.type === 'boolean') out.set(field, 'boolean');
    else if (def.type === 'string' && (def.format === 'date' || def.format === 'datetime')) out.set(field, 'date');
    else if (def.type === 'string' || def.type === 'enum') out.set(field, 'string');
  }
  return out;
}

interface ZodDef {
  type?: string;
  format?: string;
  innerType?: { _zod?: { def?: ZodDef } };
}
