import { syncCatalog } from '../../shared/catalog/sync';
import type { Clock } from '../../shared/deps';
import { type Harness, startHarness } from './harness';
import { createTestKey, type TestKey } from './keys';
import { seedFixtures } from './seed';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

/** A harness with some sources' fixtures archived and loaded into the catalog, and a key to read it. */
export interface CatalogWorld {
  readonly h: Harness;
  readonly key: TestKey;
  /** GET with the key: status and JSON body. */
  get(path: string): Promise<{ status: number; body: Json }>;
}

/**
 * The set-up every catalog group's integration test shares: inside a `describe`, registers the
 * `beforeAll` that starts a harness on `clock`, archives the fixtures of `sourceIds` through the
 * real ingest path and loads them with `syncCatalog` (real SDK, embedded engines), and the
 * `afterAll` that closes it.
 */
export function catalogWorld(sourceIds: readonly string[], clock: Clock, timeoutMs = 120_000): CatalogWorld {
  let h: Harness | undefined;
  let key: TestKey | undefined;
  beforeAll(async () => {
    h = await startHarness({ clock });
    await seedFixtures(h.deps, (e) => sourceIds.includes(e.source_id), { catalog: false });
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, timeoutMs);
  afterAll(() => h?.close());
  const world: CatalogWorld = {
    get h() {
      if (!h) throw new Error('catalogWorld: used before its beforeAll ran');
      return h;
    },
    get key() {
      if (!key) throw new Error('catalogWorld: used before its beforeAll ran');
      return key;
    },
    async get(path) {
      const r = await world.h.request(path, { headers: world.key.headers });
      return { status: r.status, body: (await r.json()) as Json };
    },
  };
  return world;
}
