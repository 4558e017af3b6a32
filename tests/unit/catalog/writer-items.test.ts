import { type CatalogDataset, defineDataset } from '../../../shared/catalog/dataset';
import { sortKey, sortValue } from '../../../shared/catalog/sort-keys';
import type { CatalogVersion } from '../../../shared/catalog/timeline';
import { CatalogWriter, TOKEN_LIST_CAP } from '../../../shared/catalog/writer';
import type { Located } from '../../../shared/publishers/common/types';
import type { Item, Table } from '../../../shared/storage/table';

/** The items one row becomes (the storage layout of README, Decisions, Catalog), captured without a database. */
interface Row extends Located {
  ndc: string;
  state: string | null;
  price: number | null;
}

const v: CatalogVersion = {
  source_id: 'zz',
  doc_id: 'zz:1',
  version_id: 7,
  sha256: 'x',
  name: 'x.csv',
  publisher_version: null,
  publisher_effective_from: '2025-01-01',
  publisher_effective_to: null,
  observed_from: '2025-01-01T00:00:00Z',
};

async function itemsOf(dataset: CatalogDataset, rows: Row[]): Promise<Item[]> {
  const written: Item[] = [];
  const table = { putMany: async (items: Item[]) => void written.push(...items) } as unknown as Table;
  const w = new CatalogWriter(table, dataset, v);
  for (const r of rows) await w.add(r);
  await w.flush();
  return written.sort((a, b) => (a.pk + a.sk < b.pk + b.sk ? -1 : 1));
}

const base = {
  title: 't',
  loaderVersion: '3',
  docs: [{ sourceId: 'zz', docId: 'zz:1', mode: 'snapshot' as const }],
  parserFor: () => undefined,
  indexes: [],
};
const row: Row = { ndc: '00002-1433-80', state: 'NY', price: -2.5, locator: { line: 4, record: 3 } };

it('writes a whole-listing copy and a partition copy, keyed by the encoded sort value and record', async () => {
  const ds = defineDataset<Row>({
    ...base,
    id: 'zz_items',
    listings: { by_price: { sort: { field: 'price', type: 'number' }, partitionBy: ['state'] } },
  });
  const items = await itemsOf(ds, [row, { ...row, state: null, locator: { line: 5, record: 4 } }]);
  const sk = sortKey(sortValue('number', -2.5), 3);
  expect(items.map((i) => [i.pk, i.sk])).toEqual([
    ['L#zz_items@3#000000000007#by_price#*', sk],
    ['L#zz_items@3#000000000007#by_price#*', sortKey(sortValue('number', -2.5), 4)],
    [`L#zz_items@3#000000000007#by_price#state=${sortValue('string', 'NY')}`, sk],
  ]);
  expect(items[0]).toMatchObject({
    source_id: 'zz',
    version_id: 7,
    record: 3,
    line: 4,
    f: { price: -2.5, state: 'NY' },
  });
});

it('writes rollup inputs keyed by group then value, and series inputs keyed by key, even with no listing', async () => {
  const ds = defineDataset<Row>({
    ...base,
    id: 'zz_items2',
    rollups: {
      per_state: {
        groupBy: ['state'],
        measures: { m: { op: 'median', field: 'price' } },
        listing: { sort: { field: 'm', type: 'number' } },
      },
    },
    series: { price: { key: ['ndc'], value: 'price', type: 'number' } },
  });
  const items = await itemsOf(ds, [row]);
  expect(items.map((i) => [i.pk, i.sk])).toEqual([
    ['S#zz_items2@3#000000000007#price', sortKey(sortValue('string', '00002-1433-80'), 3)],
    ['X#zz_items2@3#000000000007#per_state', sortKey(`${sortValue('string', 'NY')}"${sortValue('number', -2.5)}`, 3)],
  ]);
  expect(items[0]).toMatchObject({ k: ['00002-1433-80'], x: -2.5 });
  expect(items[1]).toMatchObject({ g: ['NY'], m: { price: -2.5 } });

  const seriesOnly = defineDataset<Row>({
    ...base,
    id: 'zz_items3',
    series: { price: { key: ['ndc'], value: 'price', type: 'number' } },
  });
  expect((await itemsOf(seriesOnly, [row])).map((i) => i.pk)).toEqual(['S#zz_items3@3#000000000007#price']);
});

describe('search entries (listings that filter by token)', () => {
  interface Doc extends Located {
    id: string;
    words: string[];
  }
  const ds = defineDataset<Doc>({
    ...base,
    id: 'zz_entries',
    tokens: (r) => r.words,
    listings: { by_id: { sort: { field: 'id', type: 'string' }, filters: { id: 'token' } } },
  });
  const entriesOf = async (words: string[]) => {
    const written: Item[] = [];
    const table = { putMany: async (items: Item[]) => void written.push(...items) } as unknown as Table;
    const w = new CatalogWriter(table, ds as unknown as CatalogDataset<Doc>, v);
    await w.add({ id: 'a1', words, locator: { line: 2, record: 1 } });
    await w.flush();
    return written;
  };

  it('hold the listed fields and the tokens after their own in the word order (longest first), no value', async () => {
    const items = await entriesOf(['oak', 'hill', 'pharmacy', 'ny']);
    const byToken = new Map(items.filter((i) => i.pk.startsWith('T#')).map((i) => [i.pk, i]));
    const entry = (t: string) => byToken.get(`T#zz_entries@3#${t}`)!;
    expect(entry('pharmacy')).toMatchObject({ f: { id: 'a1' }, tk: ['hill', 'oak', 'ny'] });
    expect(entry('pharmacy').value).toBeUndefined();
    expect(entry('hill').tk).toEqual(['oak', 'ny']);
    expect(entry('ny').tk).toEqual([]);
    expect(items.some((i) => i.pk.startsWith('K#'))).toBe(false);
  });

  it('carry at most TOKEN_LIST_CAP tokens: a row with more stores its whole list once, so it grows linearly', async () => {
    const sizes = [500, 1000];
    const strings: number[] = [];
    for (const n of sizes) {
      const words = Array.from({ length: n }, (_, i) => `w${String(i).padStart(4, '0')}`);
      const items = await entriesOf(words);
      const entries = items.filter((i) => i.pk.startsWith('T#'));
      expect(entries).toHaveLength(n);
      for (const e of entries) expect((e.tk as string[]).length).toBeLessThanOrEqual(TOKEN_LIST_CAP);
      expect(entries.filter((e) => e.tp === 1).length).toBe(n - 1 - TOKEN_LIST_CAP);
      const lists = items.filter((i) => i.pk.startsWith('K#'));
      expect(lists).toEqual([{ pk: 'K#zz_entries@3#000000000007', sk: '000000001', tk: words }]);
      strings.push(items.reduce((a, i) => a + ((i.tk as string[] | undefined)?.length ?? 0), 0));
    }
    // Twice the tokens, about twice the strings (it was four times: every entry held every token).
    expect(strings[1]! / strings[0]!).toBeLessThan(2.1);
  });
});
