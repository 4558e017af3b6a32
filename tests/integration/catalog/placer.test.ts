import type { CatalogDataset, RowPlacer } from '../../../shared/catalog/dataset';
import { openCatalogLoad, PLACE_BATCH } from '../../../shared/catalog/load';
import { lookupMany } from '../../../shared/catalog/lookup';
import { registerVersion } from '../../../shared/catalog/timeline';
import type { Located } from '../../../shared/publishers/common/types';
import { type Harness, startHarness } from '../../helpers/harness';
import { generateRows, type TestRow, testDataset, version } from './listing-fixture';

/**
 * The dataset placer (shared/catalog/dataset.ts `placer`, used by /rx/demand): rows are handed
 * over in batches of PLACE_BATCH in file order, a checkpoint's flush places and writes the rows
 * held so far (so a saved state never leaves rows behind), and what is stored is the placed row.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(() => h.close());

it('places rows in batches before writing them, draining on flush and finish', async () => {
  const batches: string[][] = [];
  const placer: RowPlacer<Located> = {
    async place(rows) {
      batches.push(rows.map((r) => (r as TestRow).id));
      return rows.map((r) => ({ ...r, state: 'PLACED' }));
    },
  };
  const dataset: CatalogDataset = { ...testDataset('zz_placer_test'), placer: async () => placer, loadPriority: 2 };
  const v = version(301);
  const rows = generateRows(2 * PLACE_BATCH + 200, 7, 'P');
  await registerVersion(h.deps.tables.catalog, dataset.id, v);
  const load = await openCatalogLoad(h.deps, dataset, v);
  for (const row of rows.slice(0, PLACE_BATCH + 200)) await load.add(row);
  await load.flush(); // a checkpoint: the 200 held rows are placed and written now
  expect(await load.save()).toMatchObject({ rows: PLACE_BATCH + 200 });
  for (const row of rows.slice(PLACE_BATCH + 200)) await load.add(row);
  expect((await load.finish()).rows).toBe(rows.length);
  expect(batches.map((b) => b.length)).toEqual([PLACE_BATCH, 200, PLACE_BATCH]);
  expect(batches.flat()).toEqual(rows.map((r) => r.id));
  const found = await lookupMany(
    h.deps,
    dataset,
    'id',
    rows.map((r) => r.id),
    [v],
  );
  expect(found.size).toBe(rows.length);
  for (const [, stored] of found) expect(stored[0]!.value.state).toBe('PLACED');
}, 120_000);
