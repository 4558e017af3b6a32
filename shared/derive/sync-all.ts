import { syncCatalog } from '../catalog/sync';
import type { Deps } from '../deps';
import { syncFacts } from '../facts/pipeline';

export interface SyncAllOptions {
  /** Only versions of these sources (default: every source). */
  sourceIds?: readonly string[];
  log?: (line: string) => void;
}

/**
 * Everything derived from the archive, brought up to date: the warrant facts (shared/facts) and
 * the catalog datasets (shared/catalog). Run after imports and fetch runs; idempotent.
 */
export async function syncAll(deps: Deps, opts: SyncAllOptions = {}) {
  const facts = await syncFacts(deps, opts);
  const catalog = await syncCatalog(deps, opts);
  return { facts, catalog };
}
