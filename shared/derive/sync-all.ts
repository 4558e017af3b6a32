import { rebuildSourceStats } from '../archive/source-stats';
import type { CatalogLoadOutcome } from '../catalog/load';
import { catalogProvider } from '../catalog/sync';
import type { Deps } from '../deps';
import type { LoadOutcome } from '../facts/load-version';
import { factsProvider } from '../facts/pipeline';
import type { LoadFile } from '../loads/consumer';
import { type RunOptions, runLoads } from '../loads/pipeline';
import { SOURCES } from '../sources/registry';

export type SyncAllOptions = RunOptions & {
  /** Count every source's archive counters again, even those already built (source-stats.ts). */
  recount?: boolean;
};

export interface SyncAllResult {
  facts: LoadOutcome[];
  catalog: CatalogLoadOutcome[];
  /** The version the budget cut short (checkpoint stored; the next run resumes it). */
  suspended?: LoadFile;
  /** Versions not started because the budget ran out. */
  deferred: number;
}

/**
 * Everything derived from the archive, brought up to date in one pass over each file: the warrant
 * facts (shared/facts) and the catalog datasets (shared/catalog) of every archived version not
 * loaded yet by the current loaders, each file parsed once for all of them
 * (shared/loads/pipeline.ts). Run after imports and fetch runs, by `npm start` and by
 * `npm run archive -- load` (which also reloads what an earlier loader version wrote, moves
 * timelines of the earlier layout, shared/facts/timeline-legacy.ts, and builds the per-source
 * counters missing, shared/archive/source-stats.ts);
 * idempotent, and resumable: with a budget, a load cut short goes on at the next call.
 */
export async function syncAll(deps: Deps, opts: SyncAllOptions = {}): Promise<SyncAllResult> {
  const { recount, ...runOpts } = opts;
  // The per-source counters are built from the archive once (then kept at ingest): a query when built.
  await rebuildSourceStats(
    deps.tables.archive,
    SOURCES.map((s) => s.sourceId).filter((id) => !opts.sourceIds || opts.sourceIds.includes(id)),
    { force: recount },
  );
  const run = await runLoads(deps, [factsProvider, catalogProvider()], runOpts);
  const of = <T>(kind: string) => run.outcomes.filter((o) => o.kind === kind).map((o) => o.outcome as T);
  return {
    facts: of<LoadOutcome>('facts'),
    catalog: of<CatalogLoadOutcome>('catalog'),
    suspended: run.suspended,
    deferred: run.deferred,
  };
}
