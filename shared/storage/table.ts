/**
 * The storage port every domain talks to: one DynamoDB-shaped table with a string partition key
 * `pk`, a string sort key `sk`, and two sparse global secondary indexes (`gsi1pk`/`gsi1sk`,
 * `gsi2pk`/`gsi2sk`). The only implementation is shared/aws/dynamo-table.ts; tests run it against
 * dynalite, so there is no in-memory double to drift from production.
 *
 * There are no transactions (dynalite lacks TransactWriteItems): invariants are kept with
 * conditional writes and atomic counters.
 */
export type Item = Record<string, unknown> & { pk: string; sk: string };
export type Key = { pk: string; sk: string };
export type IndexName = 'gsi1' | 'gsi2';

/**
 * A condition on a non-key attribute (a DynamoDB FilterExpression term): `path` names the
 * attribute and, for nested maps, the members under it (`['f', 'price']` is `f.price`).
 */
export interface Condition {
  path: readonly string[];
  op: '=' | '<>' | '<' | '<=' | '>' | '>=' | 'begins_with' | 'contains';
  value: string | number | boolean;
  /** The condition also holds for an item that has this attribute (`(<condition> OR attribute_exists(...))`). */
  orExists?: string;
}

export interface QueryOptions {
  index?: IndexName;
  /** Sort-key condition. */
  beginsWith?: string;
  between?: [string, string];
  /** Sort keys strictly greater than this value. */
  after?: string;
  /** Sort keys less than or equal to this value. */
  atOrBefore?: string;
  /** Newest (highest sort key) first. */
  descending?: boolean;
  /** Stop after this many items. */
  limit?: number;
  /** Continue from a previous page's `cursor`. */
  cursor?: string;
  /**
   * Start after this key (DynamoDB's ExclusiveStartKey: the table key, plus the index key when
   * querying an index), e.g. the key of the last item of a previous page. Wins over `cursor`.
   */
  startKey?: Record<string, string>;
  /** Equality filters on non-key attributes, applied after the key condition. */
  filter?: Record<string, string | number | boolean>;
  /** Further conditions on non-key attributes, all of which must hold (with `filter`). */
  where?: readonly Condition[];
  /**
   * Stop once DynamoDB has evaluated this many items (filters drop items after they are read and
   * counted), even if fewer than `limit` matched: a selective filter cannot make one call read a
   * whole partition. `lastKey` then says where the read stopped.
   */
  maxScanned?: number;
  consistent?: boolean;
}

export interface QueryPage {
  items: Item[];
  /** Opaque continuation token, absent at the end. */
  cursor?: string;
  /** Items evaluated by the key condition, before filters (DynamoDB's ScannedCount, summed). */
  scanned?: number;
  /**
   * The table key (pk, sk) of the last item evaluated when the read stopped before the end of the
   * key range (`limit` or `maxScanned` reached); absent at the end. With `limit` reached, it is the
   * key of the last item returned.
   */
  lastKey?: Key;
}

export interface PutOptions {
  /** Write only when no item with this key exists. Returns false instead of overwriting. */
  ifAbsent?: boolean;
  /** Write only when these attributes currently hold these values (an absent attribute matches `null`). */
  ifEquals?: Record<string, string | number | boolean | null>;
}

export interface UpdateOptions {
  /** Attributes to set. */
  set?: Record<string, unknown>;
  /** Attributes to set only when absent. */
  setIfAbsent?: Record<string, unknown>;
  /** Numeric attributes to add to (created at 0). */
  add?: Record<string, number>;
  /** Attributes to remove. */
  remove?: string[];
  /** List attributes to append to (created empty when absent). */
  append?: Record<string, unknown[]>;
  /** Condition: the list or set attribute does not already contain the value (absent counts as not containing). */
  ifNotContains?: Record<string, string | number>;
  /** Condition on current values (null: attribute absent). */
  ifEquals?: Record<string, string | number | boolean | null>;
  /** Condition: numeric attribute strictly below the bound (absent counts as 0). */
  ifBelow?: Record<string, number>;
  /** Require the item to exist. */
  ifExists?: boolean;
}

export interface Table {
  readonly name: string;
  get(key: Key, opts?: { consistent?: boolean }): Promise<Item | undefined>;
  getMany(keys: Key[]): Promise<Item[]>;
  /** Returns false when a condition was not met; never throws for that. */
  put(item: Item, opts?: PutOptions): Promise<boolean>;
  /** Returns the item after the update, or undefined when a condition was not met. */
  update(key: Key, opts: UpdateOptions): Promise<Item | undefined>;
  delete(key: Key): Promise<void>;
  query(pk: string, opts?: QueryOptions): Promise<QueryPage>;
  /** Reads every page; for bounded partitions only. */
  queryAll(pk: string, opts?: Omit<QueryOptions, 'cursor' | 'startKey' | 'limit'>): Promise<Item[]>;
  count(pk: string, opts?: Omit<QueryOptions, 'cursor' | 'startKey' | 'limit' | 'descending'>): Promise<number>;
  /** Unconditional writes of many items in batches of 25, with retries of unprocessed items. */
  putMany(items: Item[]): Promise<void>;
  /** Atomically add `by` to a counter item and return the new value. */
  increment(key: Key, attribute: string, by?: number): Promise<number>;
  /** Cheap liveness probe. */
  probe(): Promise<void>;
}
