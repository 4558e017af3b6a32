import type { Deps } from '../../shared/deps';
import { syncAll } from '../../shared/derive/sync-all';
import { catalogLines } from '../catalog/startup';
import { factsLines } from '../warrant/facts-startup';

/**
 * `npm start` step: load the warrant facts and catalog rows of every archived version not loaded
 * yet by the current loaders (none after the first start), in one pass over each file.
 */
export async function loadArchivedStep(deps: Deps): Promise<string[]> {
  if (!deps.config.loadFactsAtStart)
    return ['Warrant facts and catalog: start-up load off (LOAD_FACTS_AT_START=false); run `npm run archive -- load`.'];
  const started = Date.now();
  const { facts, catalog } = await syncAll(deps);
  const ms = Date.now() - started;
  return [...(await factsLines(deps, facts, ms)), ...catalogLines(catalog, ms)];
}
