import { z } from '@hono/zod-openapi';
import { type CatalogDataset, defineDataset } from '../../../shared/catalog/dataset';
import { defaultTokens } from '../../../shared/catalog/query-plan';
import { compareKeys } from '../../../shared/catalog/sort-keys';
import type { CatalogVersion } from '../../../shared/catalog/timeline';
import { CatalogWriter } from '../../../shared/catalog/writer';
import type { Deps } from '../../../shared/deps';
import type { Located } from '../../../shared/publishers/common/types';

/** A test-only dataset: every kind of listing, filter, rollup and series the engine offers. */
export const TestRow = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  price: z.number().nullable(),
  listed: z.iso.date().nullable(),
  category: z.string(),
  active: z.boolean(),
  title: z.string(),
});
export type TestRow = z.infer<typeof TestRow> & Located;

export function testDataset(id = 'zz_listing_test', opts: { suppressBelow?: number } = {}): CatalogDataset {
  return defineDataset<TestRow>({
    id,
    title: 'Listing test',
    loaderVersion: '1',
    docs: [
      { sourceId: 'zz_listing', docId: 'zzl:1', mode: 'snapshot' },
      { sourceId: 'zz_listing', docId: 'zzl:2', mode: 'supplement' },
    ],
    parserFor: () => undefined,
    indexes: [{ name: 'id', unique: true, keys: (r) => [r.id] }],
    schema: TestRow,
    tokens: (r) => defaultTokens(r.title),
    listings: {
      by_price: {
        sort: { field: 'price', type: 'number' },
        partitionBy: ['state'],
        filters: { price: 'range', listed: 'range', category: 'eq', active: 'eq', title: 'token' },
      },
      by_listed: {
        sort: { field: 'listed', type: 'date' },
        direction: 'desc',
        filters: { listed: 'range', state: 'eq' },
      },
      by_name: { sort: { field: 'name', type: 'string' }, filters: { name: 'prefix', category: 'eq' } },
    },
    rollups: {
      by_state_category: {
        groupBy: ['state', 'category'],
        measures: {
          rows: { op: 'count' },
          total: { op: 'sum', field: 'price' },
          mean_price: { op: 'mean', field: 'price' },
          median_price: { op: 'median', field: 'price' },
          low: { op: 'min', field: 'price' },
          high: { op: 'max', field: 'price' },
        },
        listing: {
          sort: { field: 'median_price', type: 'number' },
          direction: 'desc',
          partitionBy: ['state'],
          filters: { rows: 'range', category: 'eq' },
        },
        suppressBelow: opts.suppressBelow,
      },
    },
    series: { price: { key: ['id'], value: 'price', type: 'number', top: 5 } },
  });
}

/** A deterministic generator (tests must not flake). */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;

/** Rows with many equal sort values, negatives, decimals and nulls. */
export function generateRows(n: number, seed: number, idPrefix = 'K'): TestRow[] {
  const r = rng(seed);
  const words = ['oak', 'hill', 'pharmacy', 'care', 'north', 'south', 'valley'];
  return Array.from({ length: n }, (_, i) => ({
    id: `${idPrefix}${String(i).padStart(5, '0')}`,
    name: `${pick(r, ['ka', 'ko', 'ma', 'mi', 'zu', 'Ka', 'é'])}${pick(r, ['la', 'ri', 'to', '', 'n'])}${pick(r, ['', 's', 'x'])}`,
    state: pick(r, ['NY', 'CA', 'TX', null]),
    price: pick(r, [null, -3.5, -1, 0, 0.25, 1, 2.75, 3, 10, 99.99, 1e6]),
    listed: pick(r, [null, '2024-12-31', '2025-01-01', '2025-03-15', '2025-06-30']),
    category: pick(r, ['a', 'b', 'c']),
    active: r() < 0.5,
    title: `${pick(r, words)} ${pick(r, words)} ${pick(r, words)}`,
    locator: { line: i + 2, record: i + 1 },
  }));
}

export function version(id: number, docId = 'zzl:1', start = '2025-01-01'): CatalogVersion {
  return {
    source_id: 'zz_listing',
    doc_id: docId,
    version_id: id,
    sha256: `sha-${id}`,
    name: `list-${id}.csv`,
    publisher_version: start,
    publisher_effective_from: start,
    publisher_effective_to: null,
    observed_from: `${start}T06:00:00.000Z`,
    generation: '1',
  };
}

export async function writeVersion(deps: Deps, dataset: CatalogDataset, v: CatalogVersion, rows: TestRow[]) {
  const writer = new CatalogWriter(deps.tables.catalog, dataset, v);
  for (const row of rows) await writer.add(row);
  await writer.flush();
  return writer;
}

/** The listing order computed naively: sort value (nulls last either way), then version, then record. */
export function naiveOrder(
  rows: { row: TestRow; version: number }[],
  field: 'price' | 'listed' | 'name',
  descending: boolean,
) {
  const dir = descending ? -1 : 1;
  const cmpValue = (a: unknown, b: unknown) =>
    typeof a === 'number' ? (a as number) - (b as number) : compareKeys(String(a), String(b));
  return [...rows].sort((a, b) => {
    const x = a.row[field];
    const y = b.row[field];
    if ((x === null) !== (y === null)) return x === null ? 1 : -1;
    const byValue = x === null ? 0 : cmpValue(x, y);
    return dir * (byValue || a.version - b.version || a.row.locator.record - b.row.locator.record);
  });
}
