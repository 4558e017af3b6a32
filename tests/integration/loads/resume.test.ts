import { syncAll } from '../../../shared/derive/sync-all';
import { DependencyUnavailableError } from '../../../shared/http/errors';
import { recordBudget } from '../../../shared/loads/budget';
import { type Engines, startEngines } from '../../../shared/local/engines';
import type { Item, Table } from '../../../shared/storage/table';
import { startHarness } from '../../helpers/harness';
import { scaledLeie, scaledNppes, scaledPtp } from '../../helpers/scaled-files';
import { archive, fixedClock, loadJobs, stored } from './world';

/**
 * Issue 15 point 4: a load cut short (the run's budget ran out, or storage failed mid-record)
 * and resumed from its checkpoints stores exactly the facts and rows, markers and mapped codes of
 * an uninterrupted load of the same bytes: PTP warrant facts, NPPES registry rows (a unique
 * index) and LEIE exclusion rows (non-unique index entries, one of them past its row cap, whose
 * per-key counters a resumed writer does not have).
 */
const CASES = [
  {
    label: 'PTP facts (a flush every 100 edits)',
    source: 'cms_ncci_ptp',
    name: 'ccipra-v310r0-f1.TXT',
    bytes: scaledPtp(1000),
    records: 1000,
    // 100, 200: right after the writer's flush; 137: mid-batch; 999/1000: the checkpoint at the last record or at the end.
    cuts: [100, 137, 200, 999, 1000],
    failAt: 9,
  },
  {
    label: 'NPPES registry rows (UTF-8, records over two lines)',
    source: 'nppes',
    name: 'npidata_pfile_20050523-20250209.csv',
    bytes: scaledNppes(400, { bom: true }),
    records: 400,
    cuts: [50, 123, 399],
    failAt: 5,
  },
  {
    label: 'LEIE exclusion rows (a name entry past MAX_ROWS_PER_KEY)',
    source: 'oig_leie',
    name: 'UPDATED.csv',
    bytes: scaledLeie(700),
    records: 700,
    cuts: [97, 250, 601, 699],
    failAt: 9,
  },
];

describe('a resumed load', () => {
  let engines: Engines;
  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(() => engines.stop());

  const fresh = () => startHarness({ engines, clock: fixedClock });
  const archived = async (c: (typeof CASES)[number]) => {
    const h = await fresh();
    await archive(h, c.source, c.name, c.bytes, c.source === 'oig_leie' ? { publisherVersion: '06-2025' } : {});
    return h;
  };

  describe.each(CASES)('$label', (c) => {
    let reference: Awaited<ReturnType<typeof stored>>;
    beforeAll(async () => {
      const h = await archived(c);
      try {
        const r = await syncAll(h.deps, { sourceIds: [c.source] });
        expect([...r.facts, ...r.catalog].map((o) => o.status)).toEqual(['loaded']);
        reference = await stored(h);
        expect(reference.facts.length + reference.catalog.length).toBeGreaterThan(300);
      } finally {
        await h.close();
      }
    }, 120_000);

    it.each(c.cuts)(
      'cut after every %i records gives the uninterrupted load',
      async (cut) => {
        const h = await archived(c);
        try {
          let runs = 0;
          for (;;) {
            runs++;
            const r = await syncAll(h.deps, { sourceIds: [c.source], budget: recordBudget(cut) });
            if (!r.suspended) break;
            // Never served half-loaded: the version has no marker while a checkpoint stands.
            expect((await stored(h)).markers).toEqual([]);
            expect(runs).toBeLessThan(20);
          }
          expect(runs).toBe(Math.floor(c.records / cut) + 1);
          expect(await stored(h)).toEqual(reference);
          // The checkpoint and its side items are gone; the lease is free.
          const jobs = await loadJobs(h);
          expect(jobs.filter((j) => j.sk !== 'JOB' || j.checkpoint !== undefined)).toEqual([]);
          expect(jobs.every((j) => Number(j.lease_until) === 0)).toBe(true);
        } finally {
          await h.close();
        }
      },
      120_000,
    );

    it('cut after its first record, then loaded to the end by the next run', async () => {
      const h = await archived(c);
      try {
        expect((await syncAll(h.deps, { sourceIds: [c.source], budget: recordBudget(1) })).suspended).toBeDefined();
        const r = await syncAll(h.deps, { sourceIds: [c.source] });
        expect([...r.facts, ...r.catalog].map((o) => o.status)).toEqual(['loaded']);
        expect(await stored(h)).toEqual(reference);
      } finally {
        await h.close();
      }
    }, 120_000);

    it('a storage failure mid-record resumes from the last checkpoint and gives the uninterrupted load', async () => {
      const h = await archived(c);
      try {
        const kind = c.source === 'cms_ncci_ptp' ? 'facts' : 'catalog';
        // Checkpoints every 90 records; a later batch write fails (records written past the checkpoint, one half).
        const failing = failOnPutMany(h.deps.tables[kind], c.failAt);
        const deps = { ...h.deps, tables: { ...h.deps.tables, [kind]: failing } };
        await expect(syncAll(deps, { sourceIds: [c.source], checkpointEvery: { records: 90 } })).rejects.toBeInstanceOf(
          DependencyUnavailableError,
        );
        const job = (await loadJobs(h)).find((j) => j.sk === 'JOB')!;
        expect(job.checkpoint).toMatchObject({ runs: 1 });
        expect(Number((job.checkpoint as { records: number }).records) % 90).toBe(0);
        const r = await syncAll(h.deps, { sourceIds: [c.source] });
        expect([...r.facts, ...r.catalog].map((o) => o.status)).toEqual(['loaded']);
        expect(await stored(h)).toEqual(reference);
      } finally {
        await h.close();
      }
    }, 120_000);
  });
});

/** The table, except that its n-th batch write fails as an unreachable DynamoDB does (a 503). */
function failOnPutMany(table: Table, n: number): Table {
  let calls = 0;
  return Object.assign(Object.create(table) as Table, {
    name: table.name,
    async putMany(items: Item[]) {
      if (++calls === n) {
        // Half the batch lands first: the failure falls in the middle of records.
        await table.putMany(items.slice(0, Math.floor(items.length / 2)));
        throw new DependencyUnavailableError('DynamoDB is unreachable; retry later.', { dependency: 'DynamoDB' });
      }
      return table.putMany(items);
    },
  });
}
