import { Readable } from 'node:stream';
import { blobKey } from '../../../shared/archive/keys';
import type { CatalogDataset } from '../../../shared/catalog/dataset';
import { CATALOG_DATASETS, installDatasets } from '../../../shared/catalog/datasets';
import { afterVersionLoaded } from '../../../shared/catalog/derived';
import { loadCatalogVersion } from '../../../shared/catalog/load';
import { type ListingPage, type ListingQuery, queryListing } from '../../../shared/catalog/query';
import { registerVersion } from '../../../shared/catalog/timeline';
import { viewOf } from '../../../shared/catalog/view';
import { ValidationError } from '../../../shared/http/errors';
import { csvRecords } from '../../../shared/publishers/common/csv';
import type { PublisherParser } from '../../../shared/publishers/common/types';
import { type Harness, startHarness } from '../../helpers/harness';
import { generateRows, naiveOrder, type TestRow, testDataset, version, writeVersion } from './listing-fixture';

/**
 * Issue 15 point 3: named listings through the real engines (dynalite), a test-only dataset
 * declared here. Every page sequence is checked against a naive in-memory filter and sort of the
 * same generated rows: in both directions, with many equal sort values, nulls last, two versions
 * merged, and filters that drop most rows under a small scan budget (short pages, no repeat or skip).
 */
let h: Harness;
const dataset = testDataset();
const v1 = version(101, 'zzl:1');
const v2 = version(102, 'zzl:2');
const rows1 = generateRows(300, 1, 'A');
const rows2 = generateRows(120, 2, 'B');
const all = [
  ...rows1.map((row) => ({ row, version: v1.version_id })),
  ...rows2.map((row) => ({ row, version: v2.version_id })),
];

beforeAll(async () => {
  h = await startHarness();
  await writeVersion(h.deps, dataset, v1, rows1);
  await writeVersion(h.deps, dataset, v2, rows2);
}, 120_000);
afterAll(() => h.close());

/** Every page of a query, in order. */
async function walk(listing: string, q: Omit<ListingQuery, 'versions' | 'cursor'>) {
  const pages: ListingPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryListing(h.deps, dataset, listing, { versions: [v1, v2], ...q, cursor });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
    if (pages.length > 200)
      throw new Error(
        `paging does not end: ${JSON.stringify(pages.slice(-3).map((p) => [p.items.map((i) => i.value.id), p.next_cursor]))}`,
      );
  } while (cursor);
  return { pages, ids: pages.flatMap((p) => p.items.map((i) => `${i.source.version_id}:${i.value.id}`)) };
}

const ids = (xs: { row: TestRow; version: number }[]) => xs.map((x) => `${x.version}:${x.row.id}`);

interface Case {
  name: string;
  listing: 'by_price' | 'by_listed' | 'by_name';
  filters: ListingQuery['filters'];
  keep: (r: TestRow) => boolean;
  limit: number;
  maxScanned?: number;
}
const cases: Case[] = [
  {
    name: 'no filter: values then nulls, ties by version and record',
    listing: 'by_price',
    filters: {},
    keep: () => true,
    limit: 7,
  },
  {
    name: 'partition equality and a sort-field range (key conditions only)',
    listing: 'by_price',
    filters: { state: 'NY', price: { gte: '-1', lt: 10 } },
    keep: (r) => r.state === 'NY' && r.price !== null && r.price >= -1 && r.price < 10,
    limit: 5,
  },
  {
    name: 'filter expressions under a small scan budget (short pages)',
    listing: 'by_price',
    filters: { category: 'b', active: true, listed: { gte: '2025-01-01' } },
    keep: (r) => r.category === 'b' && r.active && r.listed !== null && r.listed >= '2025-01-01',
    limit: 10,
    maxScanned: 13,
  },
  {
    name: 'a date range, equality on a non-partition field',
    listing: 'by_listed',
    filters: { listed: { gt: '2024-12-31', lte: '2025-03-15' }, state: 'CA' },
    keep: (r) => r.state === 'CA' && r.listed !== null && r.listed > '2024-12-31' && r.listed <= '2025-03-15',
    limit: 9,
  },
  {
    name: 'a prefix on the string sort field',
    listing: 'by_name',
    filters: { name: 'k' },
    keep: (r) => r.name.startsWith('k'),
    limit: 4,
  },
  {
    name: 'words (token partition, sorted in memory) and a range',
    listing: 'by_price',
    filters: { title: 'Oak hill', price: { lte: 3 } },
    keep: (r) =>
      r.title.split(' ').includes('oak') && r.title.split(' ').includes('hill') && r.price !== null && r.price <= 3,
    limit: 6,
  },
];

describe.each(['asc', 'desc'] as const)('%s', (direction) => {
  it.each(cases)('$name', async ({ listing, filters, keep, limit, maxScanned }) => {
    const field = listing === 'by_price' ? 'price' : listing === 'by_listed' ? 'listed' : 'name';
    const expected = ids(
      naiveOrder(
        all.filter((x) => keep(x.row)),
        field,
        direction === 'desc',
      ),
    );
    expect(expected.length).toBeGreaterThan(3);
    const { pages, ids: got } = await walk(listing, { filters, direction, limit, maxScanned });
    expect(got).toEqual(expected);
    expect(new Set(got).size).toBe(got.length);
    for (const p of pages) {
      expect(p.items.length).toBeLessThanOrEqual(limit);
      if (maxScanned) expect(p.scanned).toBeLessThanOrEqual(maxScanned);
    }
    if (maxScanned) expect(pages.some((p) => p.items.length < limit && p.next_cursor)).toBe(true);
    // A word search reads every match to sort them: each page says how many match in all.
    const words = filters !== undefined && 'title' in filters;
    for (const p of pages) expect(p.matched).toBe(words ? expected.length : undefined);
  });
});

it('finds every word of rows with more tokens than a search entry carries (TOKEN_LIST_CAP)', async () => {
  // 60 filler words before the title's own: the entries of `hill` carry only the first fillers,
  // so `oak` and `x59` are checked against the rows' whole token lists.
  const wide = testDataset('zz_listing_wide');
  const v = version(103, 'zzl:1');
  const fillers = Array.from({ length: 60 }, (_, i) => `x${String(i).padStart(2, '0')}`);
  const rows = generateRows(80, 3, 'W').map((r, i) => ({
    ...r,
    title: `${fillers.slice(0, i % 2 ? 60 : 59).join(' ')} ${r.title}`,
  }));
  const writer = await writeVersion(h.deps, wide, v, rows);
  expect(writer.rows).toBe(80);
  for (const [text, keep] of [
    ['hill oak', (r: TestRow) => /\boak\b/.test(r.title) && /\bhill\b/.test(r.title)],
    ['hill x59', (r: TestRow) => /\bx59\b/.test(r.title) && /\bhill\b/.test(r.title)],
    ['pharmacy x00 oak', (r: TestRow) => /\bpharmacy\b/.test(r.title) && /\boak\b/.test(r.title)],
  ] as const) {
    const expected = ids(
      naiveOrder(
        rows.filter(keep).map((row) => ({ row, version: v.version_id })),
        'price',
        false,
      ),
    );
    expect(expected.length).toBeGreaterThan(3);
    const got: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryListing(h.deps, wide, 'by_price', {
        versions: [v],
        filters: { title: text },
        limit: 7,
        cursor,
      });
      expect(page.matched).toBe(expected.length);
      got.push(...page.items.map((i) => `${i.source.version_id}:${i.value.id}`));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect({ text, got }).toEqual({ text, got: expected });
  }
});

it('carries each row provenance: version, file and locator', async () => {
  const page = await queryListing(h.deps, dataset, 'by_name', {
    versions: [v1, v2],
    filters: { name: 'zu' },
    limit: 3,
  });
  const first = page.items[0]!;
  const row = [...rows1, ...rows2].find((r) => r.id === first.value.id)!;
  const v = first.source.version_id === v1.version_id ? v1 : v2;
  expect(first.source).toEqual({
    source_id: 'zz_listing',
    doc_id: v.doc_id,
    version_id: v.version_id,
    sha256: v.sha256,
    publisher_version: v.publisher_version,
    locator: row.locator,
  });
  expect(page.sources.map((s) => s.version_id)).toEqual([101, 102]);
});

describe('errors name the parameter (400)', () => {
  const fails = async (q: Partial<ListingQuery>, listing = 'by_price') => {
    try {
      await queryListing(h.deps, dataset, listing, { versions: [v1, v2], ...q });
    } catch (e) {
      if (e instanceof ValidationError) return { status: e.status, loc: e.issues[0]!.loc, type: e.issues[0]!.type };
      throw e;
    }
    throw new Error('no error');
  };

  it('an unknown filter, a range on a non-range field, a bad limit', async () => {
    expect(await fails({ filters: { colour: 'red' } })).toMatchObject({ status: 400, loc: ['query', 'colour'] });
    expect(await fails({ filters: { category: { gte: 'a' } } })).toMatchObject({ loc: ['query', 'category_min'] });
    expect(await fails({ limit: 1001 })).toMatchObject({ loc: ['query', 'limit'] });
  });

  it('a cursor that is not ours, or that belongs to another query', async () => {
    expect(await fails({ cursor: 'not-a-cursor' })).toMatchObject({ loc: ['query', 'cursor'], type: 'invalid_cursor' });
    const page = await queryListing(h.deps, dataset, 'by_price', { versions: [v1, v2], limit: 2 });
    expect(await fails({ cursor: page.next_cursor!, filters: { state: 'NY' } })).toMatchObject({
      loc: ['query', 'cursor'],
      type: 'stale_cursor',
    });
    expect(await fails({ cursor: page.next_cursor!, direction: 'desc' })).toMatchObject({ type: 'stale_cursor' });
  });
});

describe('through the real loader', () => {
  /** A CSV layout of the test rows (id,name,state,price,listed,category,active,title). */
  const csvParser: PublisherParser<TestRow> = {
    id: 'zz_listing/csv',
    version: '1',
    async *parse(input) {
      let record = 0;
      for await (const r of csvRecords(input, 'utf-8', 'zz_listing/csv')) {
        if (r.line === 1) continue;
        const [id, name, state, price, listed, category, active, title] = r.fields as string[];
        yield {
          id: id!,
          name: name!,
          state: state || null,
          price: price ? Number(price) : null,
          listed: listed || null,
          category: category!,
          active: active === 'true',
          title: title!,
          locator: { line: r.line, record: ++record },
        };
      }
    },
    codesOf: () => [],
  };
  const loaded: CatalogDataset = { ...testDataset('zz_listing_loaded'), parserFor: () => csvParser };
  let restore: CatalogDataset[];
  beforeAll(() => {
    restore = [...CATALOG_DATASETS];
    installDatasets([...restore, loaded]);
  });
  afterAll(() => installDatasets(restore));

  it('loads an archived file, computes its rollups and lists it as of a date with row counts', async () => {
    const rows = generateRows(60, 9, 'C');
    const csv = [
      'id,name,state,price,listed,category,active,title',
      ...rows.map((r) =>
        [r.id, r.name, r.state ?? '', r.price ?? '', r.listed ?? '', r.category, r.active, r.title].join(','),
      ),
    ].join('\n');
    const v = { ...version(201, 'zzl:1', '2025-02-01'), sha256: 'c'.repeat(64) };
    delete v.generation;
    await h.deps.blobs.put(blobKey(v.sha256), Readable.from([Buffer.from(csv)]) as never);
    await registerVersion(h.deps.tables.catalog, loaded.id, v);
    const outcome = await loadCatalogVersion(h.deps, loaded, v);
    expect(outcome).toMatchObject({ status: 'loaded', rows: 60 });
    const derived = await afterVersionLoaded(h.deps, loaded, { ...v, generation: loaded.loaderVersion });
    expect(derived.rollups[0]!.groups).toBeGreaterThan(3);
    expect(derived.series[0]).toMatchObject({ keys: 60, changes: 60, previous_version_id: null });

    const view = await viewOf(h.deps, loaded, '2025-03-01');
    expect(view.versions.map((x) => x.version_id)).toEqual([201]);
    const page = await queryListing(h.deps, loaded, 'by_price', {
      versions: view,
      filters: { state: 'TX' },
      limit: 100,
    });
    const tx = naiveOrder(
      rows.filter((r) => r.state === 'TX').map((row) => ({ row, version: 201 })),
      'price',
      false,
    );
    expect(page.items.map((i) => i.value.id)).toEqual(tx.map((x) => x.row.id));
    expect(page.items[0]!.source.locator).toEqual(tx[0]!.row.locator);
    expect(page.sources).toEqual([expect.objectContaining({ version_id: 201, rows: 60, sha256: v.sha256 })]);
    const groups = await queryListing(h.deps, loaded, 'by_state_category', {
      versions: view,
      filters: { state: 'TX' },
    });
    expect(groups.items.reduce((n, i) => n + Number(i.value.rows), 0)).toBe(tx.length);
    expect(groups.items.every((i) => i.source.locator === null)).toBe(true);
  });
});
