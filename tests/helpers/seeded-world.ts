import { copyOf, madeOnce } from '../../scripts/made-once';
import type { Env } from '../../shared/config';
import type { Clock } from '../../shared/deps';
import { startEngines } from '../../shared/local/engines';
import { type Harness, startHarness } from './harness';
import { seedFixtures } from './seed';

/** Which fixtures a shared world holds: all of them, or all but the NPPES registry. */
export type SeededWorld = 'all' | 'without-nppes';

const FILTERS: Record<SeededWorld, Parameters<typeof seedFixtures>[1]> = {
  all: () => true,
  'without-nppes': (e) => e.source_id !== 'nppes',
};

/** The tables and bucket every copy of a seeded world names. */
const STORAGE = { TABLE_PREFIX: 'tseed-', ARCHIVE_BUCKET: 'archive-seed' };

/**
 * A harness over a private copy of a world with the fixtures archived and loaded (facts and
 * catalog) by seedFixtures, the same path as `seedFixtures(h.deps, filter)` on a fresh harness:
 * the world is seeded once per content of the tree (scripts/made-once.ts) in engines persisting to a
 * folder, and each suite gets a copy of that folder under its own engines, so suites never share
 * state. `close()` stops the engines and removes the copy.
 */
export async function startSeededHarness(
  world: SeededWorld,
  opts: { env?: Env; clock?: Clock } = {},
): Promise<Harness> {
  const made = await madeOnce(`world-${world}`, { fixtures: true }, async (dir) => {
    const engines = await startEngines({ dataDir: dir });
    const h = await startHarness({ engines, env: STORAGE });
    try {
      await seedFixtures(h.deps, FILTERS[world]);
    } finally {
      await h.close();
      await engines.stop();
    }
  });
  const copy = copyOf(made, `world-${world}`);
  const engines = await startEngines({ dataDir: copy.dir });
  const h = await startHarness({ engines, clock: opts.clock, env: { ...opts.env, ...STORAGE } });
  return {
    ...h,
    async close() {
      await h.close();
      await engines.stop();
      copy.remove();
    },
  };
}

/**
 * The hook timeout of a suite whose set-up is shared (a seeded world or data folder, the bundles):
 * it may wait for another suite to make it on a loaded machine before copying its own.
 */
export const SHARED_SETUP_TIMEOUT_MS = 300_000;
