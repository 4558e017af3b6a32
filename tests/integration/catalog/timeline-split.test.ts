import { countRequests } from '../../../bench/sdk-counter';
import { HEAD_VERSIONS } from '../../../shared/archive/timeline-head';
import { inForce } from '../../../shared/catalog/in-force';
import { timelinePk } from '../../../shared/catalog/keys';
import {
  type CatalogVersion,
  markLoaded,
  putVersionItem,
  readTimeline,
  rebuildHead,
  registerVersion,
  syncCatalogTimelines,
} from '../../../shared/catalog/timeline';
import { viewOf, viewsOf } from '../../../shared/catalog/view';
import type { Item } from '../../../shared/storage/table';
import { type Harness, startHarness } from '../../helpers/harness';
import { testDataset } from './listing-fixture';

/**
 * Issue 16 point 2 for the catalog: timelines are stored per version with a bounded head per
 * document, so no item grows with every version; an answer reads the heads in one batch read, and
 * a date older than what the heads decide is decided over every version (one more query), with
 * the same answer as over the whole history: an archived but unloaded version in force stays a gap.
 */
const dataset = testDataset('zz_timeline_split');
const SOURCE = 'zz_listing';

/** Quarterly snapshots from 1900 on: version i starts i quarters after 1900-01-01. */
function snapshot(i: number): CatalogVersion {
  const from = `${1900 + Math.floor(i / 4)}-${String((i % 4) * 3 + 1).padStart(2, '0')}-01`;
  return version('zzl:1', 1000 + i, from);
}

/** Monthly supplements from 2010-01 on. */
function supplement(j: number): CatalogVersion {
  const from = `${2010 + Math.floor(j / 12)}-${String((j % 12) + 1).padStart(2, '0')}-01`;
  return version('zzl:2', 5000 + j, from);
}

function version(docId: string, id: number, from: string): CatalogVersion {
  return {
    source_id: SOURCE,
    doc_id: docId,
    version_id: id,
    sha256: id.toString(16).padStart(64, 'b'),
    name: `zz_${id}.csv`,
    publisher_version: `${from} release`,
    publisher_effective_from: from,
    publisher_effective_to: null,
    observed_from: `${from}T10:00:00.000Z`,
  };
}

const sizeOf = (it: Item) => Buffer.byteLength(JSON.stringify(it));
const loadedMarker = (id: number) => ({
  version_id: id,
  rows: 7,
  loaded_at: '2025-01-01T00:00:00.000Z',
  loader_version: '1',
  generation: '1',
});

describe('catalog timelines split per version', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('write no item that grows with the versions: 500 versions keep every item bounded', async () => {
    const table = h.deps.tables.catalog;
    const largest: number[] = [];
    for (let i = 0; i < 500; i++) {
      // The first versions one by one, as a sync of few new versions registers them, the rest in bulk.
      if (i < HEAD_VERSIONS + 8) await registerVersion(table, dataset.id, snapshot(i));
      else await putVersionItem(table, dataset.id, snapshot(i));
      if (i === 99 || i === 299 || i === 499) {
        await rebuildHead(table, dataset.id, SOURCE, 'zzl:1');
        largest.push(Math.max(...(await table.queryAll(timelinePk(dataset.id))).map(sizeOf)));
      }
    }
    for (let j = 0; j < 100; j++) await putVersionItem(table, dataset.id, supplement(j));
    await rebuildHead(table, dataset.id, SOURCE, 'zzl:2');
    // Loaded markers land on their versions' items (and the head's copy): a recent, an old, some supplements.
    for (const v of [snapshot(499), snapshot(200), snapshot(5), supplement(99), supplement(60), supplement(15)]) {
      await markLoaded(table, dataset.id, v, loadedMarker(v.version_id));
    }
    const items = await table.queryAll(timelinePk(dataset.id));
    expect(items).toHaveLength(602); // 600 version items and two heads
    largest.push(Math.max(...items.map(sizeOf)));
    expect(Math.max(...largest)).toBeLessThan(40_000);
    // Every head matches its version items: the check every sync makes writes nothing.
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      expect((await syncCatalogTimelines(table, dataset.id)).get(SOURCE)!.versions).toHaveLength(600);
      expect(counter.calls.map((c) => c.operation)).toEqual(['QueryCommand']);
    } finally {
      counter.stop();
    }
    const loaded = items.filter((it) => it.loaded).map((it) => String(it.sk));
    expect(loaded).toContain(`${SOURCE}#zzl:1#${String(1200).padStart(12, '0')}`);
  }, 120_000);

  it('answer a recent date from the heads alone, in one batch read, as over every version', async () => {
    const full = await readTimeline(h.deps.tables.catalog, dataset.id);
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const date = '2024-12-20';
      const view = await viewOf(h.deps, dataset, date);
      expect(counter.calls.map((c) => c.operation)).toEqual(['BatchGetItemCommand']);
      const tl = view.timelines.get(SOURCE)!;
      expect(tl.versions.length).toBe(2 * HEAD_VERSIONS);
      expect(tl.counts).toEqual({ versions: 600, loaded: 6 });
      expect(view.inForce).toEqual(inForce(dataset, full, date));
      expect(view.versions.map((v) => v.version_id)).toEqual([1499]);
      expect(view.sourceVersions()[0]!.rows).toBe(7);
    } finally {
      counter.stop();
    }
  });

  it('decide a date older than the heads over every version: one more query, the same answer', async () => {
    const full = await readTimeline(h.deps.tables.catalog, dataset.id);
    for (const date of ['1950-02-10', '1901-05-01', '1896-01-01', '2011-05-15', '2008-12-31']) {
      const counter = countRequests([h.deps.clients.dynamodb]);
      try {
        const [view] = await viewsOf(h.deps, [{ dataset, date }]);
        expect(counter.calls.map((c) => c.operation)).toEqual(['BatchGetItemCommand', 'QueryCommand']);
        expect(view!.inForce).toEqual(inForce(dataset, full, date));
      } finally {
        counter.stop();
      }
    }
    // 1950-02-10: snapshot 200 (1950-01-01) is in force and loaded.
    const old = await viewOf(h.deps, dataset, '1950-02-10');
    expect(old.versions.map((v) => v.version_id)).toEqual([1200]);
    // 1901-08-01: snapshot 6 (1901-07-01) is in force but not loaded: a gap, never the older loaded 1005.
    const gap = await viewOf(h.deps, dataset, '1901-08-01');
    expect(gap.versions).toEqual([]);
    expect(gap.gaps).toEqual([expect.objectContaining({ doc_id: 'zzl:1', reason: 'no_layout' })]);
    expect(gap.gaps[0]!.detail).toMatch(/version 1006/);
    // 2011-05-15: the snapshot head decides (from 2009 on), but the supplements of April and May
    // 2011 applied since the snapshot of 2011-04-01 are older than the supplement head lists.
    const supp = await viewOf(h.deps, dataset, '2011-05-15');
    expect(supp.versions.map((v) => v.version_id)).toEqual([5015]);
    expect(supp.gaps.map((g) => g.detail)).toEqual([
      expect.stringMatching(/version 1445/),
      expect.stringMatching(/version 5016/),
    ]);
  });

  it('answer a supplement date the heads cover without reading history', async () => {
    const full = await readTimeline(h.deps.tables.catalog, dataset.id);
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const date = '2015-02-15'; // snapshot of 2015-01-01, supplements of January and February 2015
      const view = await viewOf(h.deps, dataset, date);
      expect(counter.calls.map((c) => c.operation)).toEqual(['BatchGetItemCommand']);
      expect(view.inForce).toEqual(inForce(dataset, full, date));
      expect(view.versions.map((v) => v.version_id)).toEqual([5060]);
      expect(view.gaps.map((g) => g.detail)).toEqual([
        expect.stringMatching(/version 1460/),
        expect.stringMatching(/version 5061/),
      ]);
    } finally {
      counter.stop();
    }
  });
});
