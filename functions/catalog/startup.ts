import { syncCatalog } from '../../shared/catalog/sync';
import type { Deps } from '../../shared/deps';

/** `npm start` step: load every archived catalog version not loaded yet (none after the first start). */
export async function loadCatalogStep(deps: Deps): Promise<string[]> {
  if (!deps.config.loadFactsAtStart)
    return ['Catalog: start-up load off (LOAD_FACTS_AT_START=false); run `npm run archive -- load`.'];
  const started = Date.now();
  const outcomes = await syncCatalog(deps);
  const loaded = outcomes.filter((o) => o.status === 'loaded');
  const failed = outcomes
    .filter((o) => o.status === 'failed')
    .map((o) => `  could not load ${o.dataset} ${o.doc_id} v${o.version_id} (${o.name}): ${o.error}`);
  if (!loaded.length) return ['Catalog up to date.', ...failed];
  const rows = loaded.reduce((n, o) => n + o.rows, 0);
  return [`Loaded ${loaded.length} catalog versions (${rows} rows) in ${Date.now() - started} ms.`, ...failed];
}
