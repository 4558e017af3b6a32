import { asOfOrToday } from '../catalog/as-of';
import type { CatalogDataset } from '../catalog/dataset';
import { getDataset } from '../catalog/datasets';
import { startOf } from '../catalog/in-force';
import { lookupMany } from '../catalog/lookup';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { PROVIDER_REGISTRY, type RegistryProvider } from './record';

export interface ResolvedProvider {
  provider: RegistryProvider;
  version: CatalogVersion;
}

/**
 * NPIs to their registry records, in one batched read (after the registry's view, read here unless
 * the caller passes it, viewed on `registryDate`). The registry is read as currently loaded
 * (the full file in force today plus later weekly updates), whatever date a screen asks about:
 * an NPI is permanent and its names are what lists of any date are matched on. Of the versions,
 * the latest one that lists the NPI wins (a weekly update supersedes the monthly file).
 */
export async function resolveNpis(
  deps: Deps,
  npis: Iterable<string>,
  view?: DatasetView,
): Promise<{ view: DatasetView; providers: Map<string, ResolvedProvider> }> {
  const dataset = registryDataset();
  const v = view ?? (await registryView(deps, dataset));
  const found = await lookupMany(deps, dataset, 'npi', npis, v.versions);
  return { view: v, providers: providersOf(v, found) };
}

/** The registry's `npi` index rows (read in the view's versions) to records: the latest version listing an NPI wins. */
export function providersOf(view: DatasetView, found: ReadonlyMap<string, readonly StoredRow[]>) {
  const providers = new Map<string, ResolvedProvider>();
  const order = (x: CatalogVersion) => `${startOf(x)}#${String(x.version_id).padStart(12, '0')}`;
  for (const [npi, rows] of found) {
    let best: ResolvedProvider | undefined;
    for (const r of rows) {
      const version = view.version(r.version_id);
      if (!version) continue;
      if (!best || order(version) > order(best.version))
        best = { provider: r.value as unknown as RegistryProvider, version };
    }
    if (best) providers.set(npi, best);
  }
  return providers;
}

/**
 * The registry dataset, as installed by the composition root (the NPPES folder declares it): found
 * by id, so this domain never imports a dataset folder.
 */
export function registryDataset(): CatalogDataset {
  const dataset = getDataset(PROVIDER_REGISTRY);
  if (!dataset) throw new Error(`providers: the registry dataset ${PROVIDER_REGISTRY} is not installed`);
  return dataset;
}

/** The registry as loaded today. */
function registryView(deps: Deps, dataset: CatalogDataset): Promise<DatasetView> {
  return viewOf(deps, dataset, registryDate(deps));
}

/** The date the registry is viewed on: today (see resolveNpis). */
export function registryDate(deps: Deps): string {
  return asOfOrToday(deps.clock);
}
