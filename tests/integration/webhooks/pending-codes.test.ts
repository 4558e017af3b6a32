import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChangeRecord } from '../../../shared/archive/change-record';
import { Archive } from '../../../shared/archive/ingest';
import { VERSION_COUNTER } from '../../../shared/archive/keys';
import { loadedKey } from '../../../shared/facts/keys';
import { hasLoader } from '../../../shared/facts/load-version';
import { syncFacts } from '../../../shared/facts/pipeline';
import { listChanges } from '../../../shared/feed/query';
import { createLogger } from '../../../shared/log';
import { runDelivery } from '../../../shared/webhooks/run';
import { fixturePath } from '../../helpers/fixtures';
import { change, seedChanges } from './fixtures';
import { startWorld, type World } from './world';

const MUE_DME = 'cms_ncci_mue/MCR_MUE_DMESupplierServices_Eff_01-01-2025.csv';
const MCD_LCD = 'cms_mcd/2025-01/lcd.csv';

type Sent = { version_id: number; affected_codes: string[]; affected_codes_status: string };
const sent = (r: { raw: Buffer }): Sent[] => JSON.parse(r.raw.toString('utf8')).changes;
const ids = (r: { raw: Buffer }) => sent(r).map((c) => c.version_id);

/**
 * Issue 6 point 3: a change whose affected_codes are not known yet (archived, facts not loaded)
 * must not be passed by a code-scoped subscription; it is delivered by the run after the load.
 */
describe('delivery of changes whose affected codes are not known yet', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterEach(() => w.deactivateAll());
  afterAll(() => w.close());

  /** Archive a fixture file through the real ingest path, observed now (live). */
  async function archive(rel: string): Promise<ChangeRecord> {
    const [sourceId, ...parts] = rel.split('/');
    const r = await new Archive(w.h.deps).ingest({
      sourceId: sourceId as string,
      name: path.basename(rel),
      body: fs.readFileSync(fixturePath(sourceId as string, ...parts)),
    });
    const versionId = r.files[0]?.versionId as number;
    const page = await listChanges(w.h.deps.tables.archive, { limit: 1, afterVersionId: versionId - 1 });
    const record = page.items[0];
    if (record?.version_id !== versionId) throw new Error(`no change record for ${rel}`);
    return record;
  }

  /** Change records written directly, with version ids from the archive's own counter (feed order). */
  async function seed(specs: { daysAgo?: number; over?: Partial<ChangeRecord> }[]): Promise<ChangeRecord[]> {
    const now = w.clock.now().getTime();
    const made: ChangeRecord[] = [];
    for (const s of specs) {
      const id = await w.h.deps.tables.archive.increment(VERSION_COUNTER, 'value');
      made.push(change(id, new Date(now - (s.daysAgo ?? 0.01) * 86_400_000).toISOString(), s.over));
    }
    await seedChanges(w.h.deps.tables.archive, made);
    return made;
  }

  it('holds an unloaded change for code subscribers, delivers it once after the load', async () => {
    const byCode = await w.subscribe('/code', { codes: ['E0601'] });
    const otherCode = await w.subscribe('/other', { codes: ['J9999'] });
    const bySource = await w.subscribe('/source', { source_ids: ['cms_ncci_mue'] });
    const start = (await w.cursor(byCode.subscription_id)) as number;

    const mue = await archive(MUE_DME);
    expect(mue).toMatchObject({ affected_codes: [], affected_codes_status: 'pending' });
    const [later] = await seed([{ over: { affected_codes: ['E0601'] } }]);
    if (!later) throw new Error('seed failed');

    const first = await w.run();
    expect(first).toMatchObject({ held: 2, delivered: 2, idle: 1 });
    // The source subscriber needs no codes: it gets the change now.
    expect(w.at('/source').map(ids)).toEqual([[mue.version_id, later.version_id]]);
    expect(await w.cursor(bySource.subscription_id)).toBe(later.version_id);
    // The code subscribers neither get it nor pass it; known in-scope changes after it still go out.
    expect(w.at('/code').map(ids)).toEqual([[later.version_id]]);
    expect(w.at('/other')).toHaveLength(0);
    expect(await w.cursor(byCode.subscription_id)).toBe(mue.version_id - 1);
    expect(await w.cursor(otherCode.subscription_id)).toBe(mue.version_id - 1);
    expect(start).toBeLessThanOrEqual(mue.version_id - 1);

    // Still not loaded: still held, nothing lost.
    await w.run();
    expect(await w.cursor(byCode.subscription_id)).toBe(mue.version_id - 1);

    const outcomes = await syncFacts(w.h.deps, { sourceIds: ['cms_ncci_mue'] });
    expect(outcomes).toContainEqual(expect.objectContaining({ version_id: mue.version_id, status: 'loaded' }));

    const n = w.at('/code').length;
    const after = await w.run();
    expect(after.held).toBe(0);
    const [delivery, ...more] = w.at('/code').slice(n);
    expect(more).toHaveLength(0);
    if (!delivery) throw new Error('no delivery after the load');
    const loaded = sent(delivery).find((c) => c.version_id === mue.version_id);
    expect(loaded?.affected_codes_status).toBe('mapped');
    expect(loaded?.affected_codes).toEqual(expect.arrayContaining(['E0601', 'K0001']));
    expect(await w.cursor(byCode.subscription_id)).toBe(later.version_id);
    // Decided out of scope for J9999: passed now, never sent.
    expect(w.at('/other')).toHaveLength(0);
    expect(await w.cursor(otherCode.subscription_id)).toBe(later.version_id);
    expect(w.at('/source')).toHaveLength(1);

    await w.run();
    const toCode = w.at('/code').flatMap(ids);
    expect(toCode.filter((v) => v === mue.version_id)).toHaveLength(1);
    expect(toCode.filter((v) => v === later.version_id).length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('a change of a document without a loader never holds a code subscriber', async () => {
    const sub = await w.subscribe('/no-loader', { codes: ['E0601'] });
    const lcd = await archive(MCD_LCD);
    expect(hasLoader(lcd.doc_id)).toBe(false);
    expect(lcd).toMatchObject({ affected_codes: [], affected_codes_status: 'none' });
    // A record from before the status existed, of a document without a loader: also none.
    const [legacy, inScope] = await seed([
      { over: { doc_id: lcd.doc_id, source_id: 'cms_mcd', affected_codes_status: undefined } },
      { over: { affected_codes: ['E0601'] } },
    ]);
    const stats = await w.run();
    expect(stats).toMatchObject({ held: 0, delivered: 1 });
    expect(w.at('/no-loader').map(ids)).toEqual([[inScope?.version_id]]);
    expect(await w.cursor(sub.subscription_id)).toBe(inScope?.version_id);
    expect(legacy?.version_id).toBeGreaterThan(lcd.version_id);
  });

  it('records from before the status: a loaded version with no codes is not held, an unloaded one is', async () => {
    const sub = await w.subscribe('/legacy', { codes: ['E0601'] });
    const [loaded, unloaded] = await seed([
      { over: { affected_codes_status: undefined } },
      { over: { affected_codes_status: undefined } },
    ]);
    if (!loaded || !unloaded) throw new Error('seed failed');
    await w.h.deps.tables.facts.put({ ...loadedKey(loaded.version_id), facts: 0, codes: 0 });
    expect(await w.run()).toMatchObject({ held: 1, attempted: 0 });
    expect(await w.cursor(sub.subscription_id)).toBe(unloaded.version_id - 1);
  });

  it('a change still pending after 14 days is passed with a warning', async () => {
    const sub = await w.subscribe('/expired', { codes: ['E0601'] });
    const [stale, fresh] = await seed([
      { daysAgo: 15, over: { affected_codes_status: 'pending' } },
      { daysAgo: 1, over: { affected_codes: ['E0601'] } },
    ]);
    const lines: string[] = [];
    const logger = createLogger('warn', {}, (l) => lines.push(l));
    const stats = await runDelivery(
      { ...w.h.deps, logger },
      { resolver: w.resolver, transport: w.transport, concurrency: 2 },
    );
    expect(stats).toMatchObject({ held: 0, expired_unmapped: 1, delivered: 1 });
    expect(w.at('/expired').map(ids)).toEqual([[fresh?.version_id]]);
    expect(await w.cursor(sub.subscription_id)).toBe(fresh?.version_id);
    const warned = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 'warn');
    expect(warned).toEqual([expect.objectContaining({ version_id: stale?.version_id, source_id: 'cms_ncci_mue' })]);
  });
});
