import type { Deps } from '../deps';
import type { Item, Table } from '../storage/table';
import type { CatalogDataset } from './dataset';
import { type RollupSpec, specsOf } from './declaration';
import { namespaceOf, rollupInputPk } from './keys';
import { fieldValues, listingItems } from './listing-items';
import { GROUP_END, type Scalar, VALUE_TAG } from './sort-keys';
import type { CatalogVersion } from './timeline';

/**
 * Values of one group held in memory at most while its median is found. Past it, the group's
 * size is counted by a query (one per large group) and the stream is read on to the median's ranks.
 */
export const MEDIAN_BUFFER = 4096;
const PAGE = 1000;

export interface RollupOutcome {
  name: string;
  groups: number;
  /** Groups larger than the median buffer (a count query each). */
  large_groups: number;
  /** The most median values held at once (never above the buffer). */
  peak_values_held: number;
}

/**
 * Computes a version's rollups from its rollup inputs (written by the writer, one per row) and
 * stores each group as a row of the rollup's listing, numbered in group order, so a rerun writes
 * the same items.
 *
 * Bounded memory, exact medians: the inputs are keyed `<group>"<value>#<record>`, so DynamoDB
 * hands each group's rows over together and in value order (the sort key is the external sort).
 * Counts, sums, minimums and maximums are running totals. For the median, a group's values are
 * held while there are at most `buffer` of them (the median is then read off the sorted values);
 * a larger group's non-null values are counted by one key-range count, the two middle ranks
 * computed, and the values streamed past until those ranks are seen. Memory is one page of
 * inputs, `buffer` values and one group's totals, whatever the number or the size of the groups.
 */
export async function computeRollups(
  deps: Deps,
  dataset: CatalogDataset,
  version: CatalogVersion,
  opts: { buffer?: number } = {},
): Promise<RollupOutcome[]> {
  const out: RollupOutcome[] = [];
  for (const spec of specsOf(dataset).rollups) {
    out.push(await rollup(deps.tables.catalog, dataset, version, spec, opts.buffer ?? MEDIAN_BUFFER));
  }
  return out;
}

interface Group {
  key: string;
  g: Scalar[];
  count: number;
  sums: Map<string, number>;
  nonNull: Map<string, number>;
  mins: Map<string, number>;
  maxs: Map<string, number>;
  /** Median values held (ascending), while the group is small. */
  held: number[];
  /** Non-null median values in the group, once counted (large groups). */
  total?: number;
  seen: number;
  ranks?: [number, number];
  at: (number | undefined)[];
}

async function rollup(
  table: Table,
  dataset: CatalogDataset,
  version: CatalogVersion,
  spec: RollupSpec,
  buffer: number,
): Promise<RollupOutcome> {
  const ns = namespaceOf(dataset.id, dataset.loaderVersion);
  const pk = rollupInputPk(ns, version.version_id, spec.name);
  const result: RollupOutcome = { name: spec.name, groups: 0, large_groups: 0, peak_values_held: 0 };
  let pending: Item[] = [];
  const emit = async (group: Group) => {
    result.groups++;
    const value = rowOf(spec, group);
    const base = {
      source_id: version.source_id,
      version_id: version.version_id,
      record: result.groups,
      line: null,
      value,
    };
    pending.push(...listingItems(ns, spec.listing, base, fieldValues(spec.listing.types, value)));
    if (pending.length >= 100) {
      await table.putMany(pending);
      pending = [];
    }
  };
  let group: Group | undefined;
  let cursor: string | undefined;
  do {
    const page = await table.query(pk, { limit: PAGE, cursor });
    cursor = page.cursor;
    for (const item of page.items) {
      const sk = String(item.sk);
      const key = sk.slice(0, sk.indexOf(GROUP_END));
      if (group?.key !== key) {
        if (group) await emit(group);
        group = start(key, item.g as Scalar[]);
      }
      const m = (item.m ?? {}) as Record<string, number | null>;
      group.count++;
      for (const f of spec.fields) {
        const v = m[f];
        if (v === null || v === undefined) continue;
        group.sums.set(f, (group.sums.get(f) ?? 0) + v);
        group.nonNull.set(f, (group.nonNull.get(f) ?? 0) + 1);
        if (!(group.mins.get(f)! <= v)) group.mins.set(f, v);
        if (!(group.maxs.get(f)! >= v)) group.maxs.set(f, v);
      }
      const v = spec.medianField ? m[spec.medianField] : null;
      if (v === null || v === undefined) continue; // nulls come last in a group and have no rank
      if (group.total === undefined && group.held.length < buffer) {
        group.held.push(v);
        result.peak_values_held = Math.max(result.peak_values_held, group.held.length);
      } else {
        if (group.total === undefined) {
          // A large group: count its non-null values once, then keep only the two middle ones.
          result.large_groups++;
          const prefix = `${key}${GROUP_END}`;
          group.total = await table.count(pk, {
            between: [prefix + VALUE_TAG, prefix + String(Number(VALUE_TAG) + 1)],
          });
          group.ranks = [Math.floor((group.total - 1) / 2), Math.floor(group.total / 2)];
          group.at = group.ranks.map((r) => group!.held[r]);
          group.held = [];
        }
        const [lo, hi] = group.ranks!;
        if (group.seen === lo) group.at[0] = v;
        if (group.seen === hi) group.at[1] = v;
      }
      group.seen++;
    }
  } while (cursor);
  if (group) await emit(group);
  if (pending.length) await table.putMany(pending);
  return result;
}

function start(key: string, g: Scalar[]): Group {
  return {
    key,
    g,
    count: 0,
    sums: new Map(),
    nonNull: new Map(),
    mins: new Map(),
    maxs: new Map(),
    held: [],
    seen: 0,
    at: [],
  };
}

function medianOf(group: Group): number | null {
  if (group.total !== undefined) {
    const [a, b] = group.at;
    return a === undefined || b === undefined ? null : (a + b) / 2;
  }
  const n = group.held.length;
  if (!n) return null;
  return (group.held[Math.floor((n - 1) / 2)]! + group.held[Math.floor(n / 2)]!) / 2;
}

/** A group's row: its group-by values and measures (statistics null where no value; all null when suppressed). */
function rowOf(spec: RollupSpec, group: Group): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  spec.groupBy.forEach((x, i) => {
    row[x.field] = group.g[i] ?? null;
  });
  const suppressed = group.count < spec.suppressBelow;
  for (const m of spec.measures) {
    if (suppressed) {
      row[m.name] = null;
      continue;
    }
    const f = m.field!;
    const n = group.nonNull.get(f) ?? 0;
    row[m.name] =
      m.op === 'count'
        ? group.count
        : !n
          ? null
          : m.op === 'sum'
            ? group.sums.get(f)!
            : m.op === 'mean'
              ? group.sums.get(f)! / n
              : m.op === 'min'
                ? group.mins.get(f)!
                : m.op === 'max'
                  ? group.maxs.get(f)!
                  : medianOf(group);
  }
  if (spec.suppressBelow) row.suppressed = suppressed;
  return row;
}
