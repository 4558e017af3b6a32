import type { CatalogLoadOutcome } from '../../shared/catalog/load';

/** `npm start` lines for the catalog versions one load pass loaded (none after the first start). */
export function catalogLines(outcomes: readonly CatalogLoadOutcome[], ms: number): string[] {
  const loaded = outcomes.filter((o) => o.status === 'loaded');
  const failed = outcomes
    .filter((o) => o.status === 'failed')
    .map((o) => `  could not load ${o.dataset} ${o.doc_id} v${o.version_id} (${o.name}): ${o.error}`);
  if (!loaded.length) return ['Catalog up to date.', ...failed];
  const rows = loaded.reduce((n, o) => n + o.rows, 0);
  return [`Loaded ${loaded.length} catalog versions (${rows} rows) in ${ms} ms.`, ...failed];
}
