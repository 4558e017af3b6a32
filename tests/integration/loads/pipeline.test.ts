import { runArchiveCommand } from '../../../scripts/archive';
import { defineDataset } from '../../../shared/catalog/dataset';
import { CATALOG_DATASETS, installDatasets } from '../../../shared/catalog/datasets';
import { lookupMany } from '../../../shared/catalog/lookup';
import { viewOf } from '../../../shared/catalog/view';
import { type MueRecord, mueParser } from '../../../shared/datasets/cms_ncci_mue/mue';
import { leieParser } from '../../../shared/datasets/oig_leie/parser';
import type { Clock } from '../../../shared/deps';
import { syncAll } from '../../../shared/derive/sync-all';
import { recordBudget } from '../../../shared/loads/budget';
import { JOB_LEASE_MS, LoadJob, readJob } from '../../../shared/loads/job';
import { type Engines, startEngines } from '../../../shared/local/engines';
import type { BlobStore } from '../../../shared/storage/blob';
import { ncciMue } from '../../../shared/warrant/rule-reads';
import { readFixture } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { scaledLeie, scaledPtp } from '../../helpers/scaled-files';
import { archive, fixedClock, stored } from './world';

const MUE_DME = 'MCR_MUE_DMESupplierServices_Eff_04-01-2025.csv';

describe('the one load pipeline', () => {
  let engines: Engines;
  const open: Harness[] = [];
  const fresh = async (clock: Clock = fixedClock) => {
    const h = await startHarness({ engines, clock });
    open.push(h);
    return h;
  };
  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(async () => {
    for (const h of open) await h.close();
    await engines.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  describe('a version cut short is never answered', () => {
    it('the warrant says source_not_loaded until the last record is stored', async () => {
      const h = await fresh();
      await archive(h, 'cms_ncci_mue', MUE_DME, readFixture('cms_ncci_mue', MUE_DME));
      const q = { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never;
      const cut = await syncAll(h.deps, { sourceIds: ['cms_ncci_mue'], budget: recordBudget(2) });
      expect(cut.suspended).toMatchObject({ doc_id: 'mue:3' });
      expect(cut.facts.map((o) => o.status)).toEqual(['suspended']);
      const during = await ncciMue(h.deps, q);
      expect(during.result.facts).toEqual([]);
      expect(during.result.gaps.map((g) => g.reason)).toContain('source_not_loaded');

      const rest = await syncAll(h.deps, { sourceIds: ['cms_ncci_mue'] });
      expect(rest.facts.map((o) => o.status)).toEqual(['loaded']);
      const after = await ncciMue(h.deps, q);
      expect(after.result.facts.map((f) => f.value.mue_value)).toEqual([1]);
    });

    it('the exclusion screen says "not known" (a not_loaded gap) until the list is complete', async () => {
      const h = await fresh();
      await archive(h, 'oig_leie', 'UPDATED.csv', scaledLeie(300), { publisherVersion: '06-2025' });
      const check = async () =>
        (await (
          await h.request('/demo/exclusions/check?last_name=FENWICK&first_name=HAROLD&state=MA&as_of=2025-06-10')
        ).json()) as { excluded: boolean | null; excluded_reason: string | null };
      const cut = await syncAll(h.deps, { sourceIds: ['oig_leie'], budget: recordBudget(150) });
      expect(cut.catalog.map((o) => o.status)).toEqual(['suspended']);
      // Rows 1-150 are stored, HAROLD FENWICK among them: still never answered from half a list.
      const during = await check();
      expect(during.excluded).toBeNull();
      expect(during.excluded_reason).toMatch(/oig_leie not_loaded/);

      await syncAll(h.deps, { sourceIds: ['oig_leie'] });
      expect((await check()).excluded).toBe(true);
    });
  });

  describe('parses each file once', () => {
    it('the LEIE: one parse per version, none once loaded', async () => {
      const h = await fresh();
      await archive(h, 'oig_leie', 'UPDATED.csv', scaledLeie(50), { publisherVersion: '06-2025' });
      await archive(h, 'oig_leie', '2506EXCL.csv', scaledLeie(20));
      await archive(h, 'oig_leie', '2506REIN.csv', scaledLeie(5));
      const parse = jest.spyOn(leieParser, 'parse');
      const r = await syncAll(h.deps);
      expect(r.catalog.map((o) => [o.doc_id, o.status])).toEqual([
        ['leie:1', 'loaded'],
        ['leie:2', 'loaded'],
        ['leie:3', 'loaded'],
      ]);
      expect(parse).toHaveBeenCalledTimes(3);
      parse.mockClear();
      await syncAll(h.deps);
      expect(parse).not.toHaveBeenCalled();
    });

    describe('a document that feeds both warrant facts and a catalog dataset', () => {
      // A catalog dataset over the MUE DME table beside its warrant facts (none is declared today).
      const mueRows = defineDataset<MueRecord>({
        id: 'test_mue_rows',
        title: 'MUE rows (test)',
        loaderVersion: '1',
        docs: [{ sourceId: 'cms_ncci_mue', docId: 'mue:3', mode: 'snapshot' }],
        parserFor: (f) => (f.doc_id === 'mue:3' ? mueParser : undefined),
        indexes: [{ name: 'code', unique: true, keys: (r) => [r.code] }],
      });
      let installed: typeof CATALOG_DATASETS;
      beforeAll(() => {
        installed = [...CATALOG_DATASETS];
        installDatasets([...installed, mueRows]);
      });
      afterAll(() => installDatasets(installed));

      it('is parsed once and loaded into both stores', async () => {
        const h = await fresh();
        await archive(h, 'cms_ncci_mue', MUE_DME, readFixture('cms_ncci_mue', MUE_DME));
        const parse = jest.spyOn(mueParser, 'parse');
        const r = await syncAll(h.deps, { sourceIds: ['cms_ncci_mue'] });
        expect(parse).toHaveBeenCalledTimes(1);
        expect(r.facts.map((o) => o.status)).toEqual(['loaded']);
        expect(r.catalog.map((o) => [o.dataset, o.status])).toEqual([['test_mue_rows', 'loaded']]);
        const view = await viewOf(h.deps, mueRows, '2025-04-10');
        const rows = await lookupMany(h.deps, mueRows, 'code', ['E0601'], view.versions);
        expect(rows.get('E0601')?.map((x) => x.value.mue_value)).toEqual([1]);
        const facts = await ncciMue(h.deps, { hcpcs: 'E0601', asOf: '2025-04-10', setting: 'dme_supplier' } as never);
        expect(facts.result.facts.map((f) => f.value.mue_value)).toEqual([1]);
        // One load attempt recorded for the source, the version once.
        const history = await (
          await h.request('/sources/cms_ncci_mue/history', { headers: await keyHeaders(h) })
        ).json();
        expect(history.items.map((a: { version_ids: number[] }) => a.version_ids)).toEqual([[1]]);
      });
    });
  });

  it('a parser without resume support is read again from the first byte, skipping what is stored', async () => {
    const name = 'DMEPOS_JAN.csv';
    const opts = { publisherVersion: 'JAN 2025', effectiveFrom: '2025-01-01' };
    const ref = await fresh();
    await archive(ref, 'cms_dmepos_fee_schedule', name, readFixture('cms_dmepos_fee_schedule', name), opts);
    expect((await syncAll(ref.deps)).facts.map((o) => o.status)).toEqual(['loaded']);

    const h = await fresh();
    await archive(h, 'cms_dmepos_fee_schedule', name, readFixture('cms_dmepos_fee_schedule', name), opts);
    const ranges: unknown[] = [];
    const blobs: BlobStore = Object.assign(Object.create(h.deps.blobs) as BlobStore, {
      get: (key: string, range?: { start: number }) => {
        ranges.push(range);
        return h.deps.blobs.get(key, range);
      },
    });
    const deps = { ...h.deps, blobs };
    let runs = 0;
    for (;;) {
      runs++;
      const r = await syncAll(deps, { budget: recordBudget(3) });
      if (!r.suspended) break;
      const job = await readJob(h.deps.tables.archive, r.suspended.version_id);
      expect(job?.checkpoint).toMatchObject({ records: 3 * runs, at: { offset: 0 } });
    }
    expect(runs).toBeGreaterThan(2);
    expect(ranges.every((r) => r === undefined)).toBe(true);
    expect(await stored(h)).toEqual(await stored(ref));
  });

  describe('one loader per version', () => {
    it('two syncs at once load each version once; the other reports it busy or already loaded', async () => {
      const ref = await fresh();
      await archive(ref, 'cms_ncci_ptp', 'ccipra-v310r0-f1.TXT', scaledPtp(2000));
      await syncAll(ref.deps);

      const h = await fresh();
      await archive(h, 'cms_ncci_ptp', 'ccipra-v310r0-f1.TXT', scaledPtp(2000));
      const [a, b] = await Promise.all([syncAll(h.deps), syncAll(h.deps)]);
      const statuses = [...a.facts, ...b.facts].map((o) => o.status).sort();
      // Which one the second sync sees depends on how the two interleave (the in-process caches let
      // one run ahead): the lease held (busy) or the load finished (already_loaded). Never two loads.
      // The busy answer itself is pinned by the next test, with a lease held on purpose.
      expect([
        ['busy', 'loaded'],
        ['already_loaded', 'loaded'],
      ]).toContainEqual(statuses);
      const busy = [...a.facts, ...b.facts].find((o) => o.status === 'busy');
      if (busy) expect(busy.error).toMatch(/another process/);
      expect(await stored(h)).toEqual(await stored(ref));
    });

    it('a lease held by a live loader is respected; a lapsed one is taken over and its checkpoint resumed', async () => {
      let now = new Date('2025-06-15T12:00:00Z');
      const h = await fresh({ now: () => now });
      const id = await archive(h, 'cms_ncci_ptp', 'ccipra-v310r0-f1.TXT', scaledPtp(500));
      // A loader stores a checkpoint, then another process takes the lease and crashes holding it.
      expect((await syncAll(h.deps, { budget: recordBudget(200) })).suspended?.version_id).toBe(id);
      const file = { source_id: 'cms_ncci_ptp', doc_id: 'ptp:1', version_id: id, sha256: '', name: '' };
      expect(await LoadJob.take(h.deps.tables.archive, file, 'crashed', now)).toBeDefined();

      const lines: string[] = [];
      expect(await runArchiveCommand(['load'], h.deps, (l) => lines.push(l))).toBe(0);
      expect(lines.join('\n')).toMatch(/ptp:1 v\d+ \(.*\): busy \(another process is loading this version\)/);
      expect(lines.join('\n')).toMatch(/1 version\(s\) busy/);

      now = new Date(now.getTime() + JOB_LEASE_MS + 1);
      const cp = (await readJob(h.deps.tables.archive, id))?.checkpoint as { records: number; at: { offset: number } };
      expect(cp.records).toBe(200);
      const ranges: unknown[] = [];
      const blobs: BlobStore = Object.assign(Object.create(h.deps.blobs) as BlobStore, {
        get: (key: string, range?: { start: number }) => {
          ranges.push(range);
          return h.deps.blobs.get(key, range);
        },
      });
      const out: string[] = [];
      expect(await runArchiveCommand(['load'], { ...h.deps, blobs }, (l) => out.push(l))).toBe(0);
      // Read on from the checkpoint's record boundary (an S3 ranged GET), not from the first byte.
      expect(ranges).toEqual([{ start: cp.at.offset }]);
      expect(out.join('\n')).toMatch(/ptp:1 v\d+ \(.*\): loaded, 1000 facts/);
      expect(out.at(-1)).toBe('Loaded 1 warrant fact version(s) and 0 catalog version(s).');
      const job = await readJob(h.deps.tables.archive, id);
      expect(job?.checkpoint).toBeUndefined();
    });
  });
});

async function keyHeaders(h: Harness): Promise<Record<string, string>> {
  const { createTestKey } = await import('../../helpers/keys');
  return (await createTestKey(h.deps, 'free', [])).headers;
}
