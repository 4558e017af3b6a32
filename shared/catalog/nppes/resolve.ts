import type { Deps } from '../../deps';
import { startOf } from '../in-force';
import { lookupMany } from '../lookup';
import type { CatalogVersion } from '../timeline';
import { type DatasetView, viewOf } from '../view';
import { nppesDataset, type RegistryProvider } from './dataset';

export interface ResolvedProvider {
  provider: RegistryProvider;
  version: CatalogVersion;
}

/**
 * NPIs to their registry records, in one batched read. The registry is read as currently loaded
 * (the full file in force today plus later weekly updates), whatever date a screen asks about:
 * an NPI is permanent and its names are what lists of any date are matched on. Of the versions,
 * the latest one that lists the NPI wins (a weekly update supersedes the monthly file).
 */
export async function resolveNpis(
  deps: Deps,
  npis: Iterable<string>,
): Promise<{ view: DatasetView; providers: Map<string, ResolvedProvider> }> {
  const v = await registryView(deps);
  const found = await lookupMany(deps, nppesDataset, 'npi', npis, v.versions);
  const providers = new Map<string, ResolvedProvider>();
  const order = (x: CatalogVersion) => `${startOf(x)}#${String(x.version_id).padStart(12, '0')}`;
  for (const [npi, rows] of found) {
    let best: ResolvedProvider | undefined;
    for (const r of rows) {
      const version = v.version(r.version_id);
      if (!version) continue;
      if (!best || order(version) > order(best.version))
        best = { provider: r.value as unknown as RegistryProvider, version };
    }
    if (best) providers.set(npi, best);
  }
  return { view: v, providers };
}

/** The registry as loaded today. */
function registryView(deps: Deps): Promise<DatasetView> {
  return viewOf(deps, nppesDataset, deps.clock.now().toISOString().slice(0, 10));
}
