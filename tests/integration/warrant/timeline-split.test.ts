import { countRequests } from '../../../bench/sdk-counter';
import { addDays, decideAsOf } from '../../../shared/archive/as-of';
import { asOfPolicy } from '../../../shared/archive/policy';
import { timelinePk } from '../../../shared/facts/keys';
import { FactWriter } from '../../../shared/facts/store';
import { readTimelines, type TimelineVersion } from '../../../shared/facts/timeline';
import { HEAD_VERSIONS } from '../../../shared/facts/timeline-head';
import { readHistory } from '../../../shared/facts/timeline-history';
import { markLoaded, putVersionItem, rebuildHead, registerVersion } from '../../../shared/facts/timeline-write';
import type { Item, Table } from '../../../shared/storage/table';
import { receiptContext, receiptOf } from '../../../shared/warrant/receipt';
import { withRelatedVersions } from '../../../shared/warrant/related-versions';
import { factsInForce, inForce, type SourceInForce, timelinesOn } from '../../../shared/warrant/resolve';
import { type Harness, startHarness } from '../../helpers/harness';

/**
 * Issue 16 point 2: timelines are split per document and no item grows with history; a date older
 * than a head decides alone is decided over every version; facts are read only for the versions
 * in force.
 */
const SOURCE = 'cms_ncci_mue';
const DOC = 'mue:3';

/** Quarterly windows from 1900 on: version i starts i quarters after 1900-01-01 (ids follow starts). */
function quarterly(i: number): TimelineVersion {
  const from = `${1900 + Math.floor(i / 4)}-${String((i % 4) * 3 + 1).padStart(2, '0')}-01`;
  return {
    version_id: 1000 + i,
    doc_id: DOC,
    title: 'MUE DME supplier',
    sha256: (1000 + i).toString(16).padStart(64, 'a'),
    name: `MCR_MUE_DMESupplierServices_${i}.csv`,
    publisher_version: `${from} release`,
    publisher_effective_from: from,
    publisher_effective_to: null,
    observed_from: `${from}T10:00:00.000Z`,
  };
}

const sizeOf = (it: Item) => Buffer.byteLength(JSON.stringify(it));

describe('per-document timelines', () => {
  let h: Harness;
  const all: TimelineVersion[] = [];
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('write no item that grows with the versions: 500 versions keep every item bounded', async () => {
    const table = h.deps.tables.facts;
    const largest: number[] = [];
    for (let i = 0; i < 500; i++) {
      const v = quarterly(i);
      all.push(v);
      // The first versions one by one as ingest registers them, the rest in bulk with one rebuild.
      if (i < HEAD_VERSIONS + 8) await registerVersion(table, SOURCE, v);
      else await putVersionItem(table, SOURCE, v);
      if (i === 99 || i === 299 || i === 499) {
        await rebuildHead(table, SOURCE, DOC);
        largest.push(Math.max(...(await table.queryAll(timelinePk(SOURCE))).map(sizeOf)));
      }
    }
    // Loaded markers of a recent and an old version land on their own items (and the head's copy).
    await markLoaded(table, SOURCE, quarterly(499), '9');
    await markLoaded(table, SOURCE, quarterly(3), '9');
    const items = await table.queryAll(timelinePk(SOURCE));
    expect(items).toHaveLength(501); // 500 version items and one head
    largest.push(Math.max(...items.map(sizeOf)));
    expect(Math.max(...largest)).toBeLessThan(40_000);
    // The largest item (the head) is the same size at 100 versions as at 500.
    expect(Math.max(...largest) - Math.min(...largest)).toBeLessThan(1_000);
  }, 120_000);

  it('answer a recent date from the heads alone, in one batch read', async () => {
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const date = '2024-05-15';
      const timelines = await timelinesOn(h.deps, [SOURCE], [date]);
      expect(counter.calls.map((c) => c.operation)).toEqual(['BatchGetItemCommand']);
      const tl = timelines.get(SOURCE)!;
      expect(tl.versions.length).toBe(HEAD_VERSIONS);
      expect(tl.loaded.has(quarterly(499).version_id)).toBe(false); // loader '9' is not mue:3's loader
      const s = inForce(tl, SOURCE, date, (d) => d === DOC);
      const want = decideAsOf(all, date, asOfPolicy(SOURCE));
      expect(want.status).toBe('resolved');
      expect(s.docs[0]).toMatchObject({ status: 'in_force', version: { version_id: 1000 + 497 } });
    } finally {
      counter.stop();
    }
  });

  it('decide a date older than the head over every version: one more query, the same answer', async () => {
    const date = '1950-02-10';
    const heads = await readTimelines(h.deps.tables.facts, [SOURCE]);
    expect((heads.get(SOURCE)!.partial?.get(DOC)?.from ?? '') > date).toBe(true);
    // The head alone must never decide it (it would find no version before its oldest start).
    expect(() => inForce(heads.get(SOURCE), SOURCE, date, (d) => d === DOC)).toThrow(/readHistory/);

    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const full = await readHistory(h.deps.tables.facts, heads, [date]);
      expect(counter.calls.map((c) => c.operation)).toEqual(['QueryCommand']);
      const s = inForce(full.get(SOURCE), SOURCE, date, (d) => d === DOC);
      const want = decideAsOf(all, date, asOfPolicy(SOURCE));
      expect(want).toMatchObject({ status: 'resolved', version: { version_id: 1000 + 200 } });
      expect(s.docs[0]).toMatchObject({
        status: 'in_force',
        version: { version_id: 1000 + 200 },
        timeline: 'windowed',
      });
      // The heads read first are left as they were (a cache may hold them).
      expect(heads.get(SOURCE)!.versions.length).toBe(HEAD_VERSIONS);
      // Loaded markers of old versions are on their items.
      expect(full.get(SOURCE)!.outdated.has(quarterly(3).version_id)).toBe(true);
    } finally {
      counter.stop();
    }
  });

  it('give receipts of joined rows from versions left out of a head their own labels (one batch read)', async () => {
    const timelines = await timelinesOn(h.deps, [SOURCE], ['2024-05-15']);
    const old = quarterly(3);
    expect(timelines.get(SOURCE)!.versions.some((v) => v.version_id === old.version_id)).toBe(false);
    const ref = { source_id: SOURCE, doc_id: DOC, version_id: old.version_id, sha256: old.sha256, name: old.name };
    const fact = {
      key: 'E0601',
      kind: 'lcd',
      ...ref,
      value: {},
      origin: { ...ref, locator: { line: 2, record: 1 } },
      related: [{ ...ref, locator: { line: 5, record: 4 } }],
    };
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const cited = await withRelatedVersions(h.deps, timelines, [[fact]]);
      expect(counter.calls.map((c) => c.operation)).toEqual(['BatchGetItemCommand']);
      const receipt = receiptOf(fact.related[0]!, receiptContext('http://x', cited, []));
      expect(receipt).toMatchObject({
        publisher_version: old.publisher_version,
        publisher_effective_from: old.publisher_effective_from,
        as_of_rule: 'publisher_effective_window',
      });
      counter.reset();
      // Joined rows of listed versions cost nothing.
      await withRelatedVersions(h.deps, timelines, [
        [{ ...fact, related: [{ ...fact.related[0]!, version_id: 1499 }] }],
      ]);
      expect(counter.calls).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  it('answer gaps before the first version from the history too', async () => {
    const date = addDays('1900-01-01', -1);
    const full = await readHistory(h.deps.tables.facts, await readTimelines(h.deps.tables.facts, [SOURCE]), [date]);
    expect(inForce(full.get(SOURCE), SOURCE, date, (d) => d === DOC).docs[0]).toMatchObject({
      status: 'gap',
      reason: 'no_version_in_force',
    });
  });
});

describe('facts of the versions in force', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h.close());

  /** Facts of a code in versions 10..13 of a source; 10 and 12 in force, 11 and 13 not. */
  async function seed() {
    for (const id of [10, 11, 12, 13]) {
      const v = { ...quarterly(id), version_id: id, doc_id: `mue:${id === 12 ? 2 : 3}` };
      const writer = new FactWriter(h.deps.tables.facts, SOURCE, v);
      for (let r = 1; r <= 50; r++) {
        await writer.add({
          key: { kind: 'code', value: 'E0601' },
          kind: 'mue',
          value: { mue_value: id, row: r },
          record: { locator: { line: r + 1, record: r } },
        } as never);
      }
      await writer.flush();
    }
  }

  it('reads only the versions in force, one query per run of them', async () => {
    await seed();
    const s: SourceInForce = {
      source_id: SOURCE,
      registered: true,
      known: [10, 11, 12, 13],
      docs: [10, 12].map((id) => ({
        doc_id: `mue:${id === 12 ? 2 : 3}`,
        status: 'in_force',
        version: { ...quarterly(id), version_id: id },
        rule: 'publisher_effective_window',
        timeline: 'windowed',
        freshness: null,
        loaded: true,
      })),
    };
    const read: Item[] = [];
    const facts = h.deps.tables.facts;
    const spy: Table = Object.assign(Object.create(facts) as Table, {
      queryAll: async (pk: string, opts?: Parameters<Table['queryAll']>[1]) => {
        const items = await facts.queryAll(pk, opts);
        read.push(...items);
        return items;
      },
    });
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const got = await factsInForce(
        { ...h.deps, tables: { ...h.deps.tables, facts: spy } },
        { kind: 'code', value: 'E0601' },
        s,
      );
      expect(new Set(got.map((f) => f.version_id))).toEqual(new Set([10, 12]));
      expect(got).toHaveLength(100);
      // Nothing of versions 11 and 13 was read: the range between 10 and 12 is split at 11.
      expect(read).toHaveLength(100);
      expect(counter.calls.filter((c) => c.operation === 'QueryCommand')).toHaveLength(2);
      // The stored fact carries each field once; the read rebuilds the full shape.
      const item = read[0]!;
      expect(item).not.toHaveProperty('origin');
      expect(item).not.toHaveProperty('key');
      expect(item).not.toHaveProperty('version_id');
      expect(got[0]).toMatchObject({
        key: 'E0601',
        kind: 'mue',
        source_id: SOURCE,
        origin: { source_id: SOURCE, version_id: got[0]!.version_id, sha256: got[0]!.sha256, locator: { record: 1 } },
        related: [],
      });
    } finally {
      counter.stop();
    }
  });

  it('reads one range when no other version lies between the versions in force', async () => {
    const s = (ids: number[], known: number[]): SourceInForce => ({
      source_id: SOURCE,
      registered: true,
      known,
      docs: ids.map((id) => ({
        doc_id: `mue:${id}`,
        status: 'in_force',
        version: { ...quarterly(id), version_id: id },
        rule: 'publisher_effective_window',
        timeline: 'windowed',
        freshness: null,
        loaded: true,
      })),
    });
    const counter = countRequests([h.deps.clients.dynamodb]);
    try {
      const got = await factsInForce(h.deps, { kind: 'code', value: 'E0601' }, s([12, 13], [10, 11, 12, 13]));
      expect(new Set(got.map((f) => f.version_id))).toEqual(new Set([12, 13]));
      expect(counter.calls).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });
});
