import { versionIndexPk } from '../../../shared/facts/keys';
import { FactWriter } from '../../../shared/facts/store';
import type { TimelineVersion } from '../../../shared/facts/timeline';
import type { Item, Table } from '../../../shared/storage/table';
import { type Harness, startHarness } from '../../helpers/harness';

const version: TimelineVersion = {
  version_id: 7,
  doc_id: 'ptp:1',
  title: 'PTP',
  sha256: 'a'.repeat(64),
  name: 'ccipra-v322r0-f1.TXT',
  publisher_version: null,
  publisher_effective_from: null,
  publisher_effective_to: null,
  observed_from: '2026-01-01T00:00:00.000Z',
};

const row = (i: number) => ({
  key: { kind: 'code' as const, value: `C${String(i).padStart(4, '0')}` },
  kind: 'ptp_edit',
  value: { n: i },
  record: { locator: { line: i + 7, record: i + 1 } },
});

describe('putMany (BatchWriteItem calls in parallel, against dynalite)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('writes every item exactly once, whatever the number of batches in flight', async () => {
    const table = h.deps.tables.catalog;
    const items: Item[] = Array.from({ length: 1013 }, (_, i) => ({
      pk: 'PUTMANY#1',
      sk: String(i).padStart(5, '0'),
      n: i,
      payload: 'x'.repeat(i % 300),
    }));
    await table.putMany(items);
    const back = await table.queryAll('PUTMANY#1', { consistent: true });
    expect(back).toHaveLength(1013);
    expect(back.map((it) => it.n)).toEqual(items.map((it) => it.n));
    expect(back.every((it) => it.payload === 'x'.repeat(Number(it.n) % 300))).toBe(true);
    // Writing the same items again rewrites them: still one item per key.
    await table.putMany(items.slice(0, 60));
    expect(await table.count('PUTMANY#1')).toBe(1013);
  });

  it('FactWriter writes each fact once into DynamoDB and counts it once flushed', async () => {
    const writer = new FactWriter(h.deps.tables.facts, 'cms_ncci_ptp', version);
    for (let i = 0; i < 950; i++) await writer.add(row(i));
    await writer.flush();
    expect(writer.written).toBe(950);
    const items = await h.deps.tables.facts.queryAll(versionIndexPk(7), { index: 'gsi1' });
    expect(items).toHaveLength(950);
    expect(new Set(items.map((it) => `${it.pk}|${it.sk}`)).size).toBe(950);
  });
});

describe('FactWriter (a fake Table port)', () => {
  /** Records putMany calls; each resolves when the test lets it. */
  function slowTable() {
    const calls: { items: Item[]; done: () => void; fail: (e: Error) => void }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const table = {
      putMany: (items: Item[]) =>
        new Promise<void>((resolve, reject) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          calls.push({
            items,
            done: () => {
              inFlight--;
              resolve();
            },
            fail: (e) => {
              inFlight--;
              reject(e);
            },
          });
        }),
    } as unknown as Table;
    return { table, calls, maxInFlight: () => maxInFlight };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('keeps one batch in flight while the next fills, and counts only what was written', async () => {
    const t = slowTable();
    const writer = new FactWriter(t.table, 'cms_ncci_ptp', version);
    for (let i = 0; i < 200; i++) await writer.add(row(i));
    expect(t.calls).toHaveLength(1); // the first batch is sent; add did not wait for it
    expect(writer.written).toBe(0);
    // The second full batch waits for the first to be written before it is sent.
    let added = false;
    const adding = (async () => {
      for (let i = 200; i < 400; i++) await writer.add(row(i));
      added = true;
    })();
    await tick();
    expect(added).toBe(false);
    expect(t.calls).toHaveLength(1);
    t.calls[0]!.done();
    await adding;
    expect(t.calls).toHaveLength(2);
    expect(writer.written).toBe(200);
    const flushing = writer.flush();
    await tick();
    t.calls[1]!.done();
    await flushing;
    expect(writer.written).toBe(400);
    expect(t.maxInFlight()).toBe(1);
    const sks = t.calls.flatMap((c) => c.items.map((it) => it.sk));
    expect(new Set(sks).size).toBe(400);
  });

  it('reports a failed write on the next flush', async () => {
    const t = slowTable();
    const writer = new FactWriter(t.table, 'cms_ncci_ptp', version);
    for (let i = 0; i < 250; i++) await writer.add(row(i));
    t.calls[0]!.fail(new Error('throttled for good'));
    await expect(writer.flush()).rejects.toThrow('throttled for good');
    expect(writer.written).toBe(0);
  });
});
