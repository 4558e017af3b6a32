import type { CatalogDataset } from './dataset';

/**
 * Every installed catalog dataset, in load order (installed once per process by the composition
 * root, shared/datasets/install.ts, from the generated list of dataset folders: the catalog engine
 * never imports a dataset). A live view, filled by `installDatasets`.
 */
const installed: CatalogDataset[] = [];
export const CATALOG_DATASETS: readonly CatalogDataset[] = installed;

/**
 * Install the datasets. The same dataset object offered by several folders (the state exclusion
 * lists contribute to one dataset) is installed once; two different datasets with one id are an error.
 */
export function installDatasets(list: readonly CatalogDataset[]): void {
  const byId = new Map<string, CatalogDataset>();
  for (const d of list) {
    const seen = byId.get(d.id);
    if (seen && seen !== d) throw new Error(`catalog: two datasets declare the id ${d.id}`);
    byId.set(d.id, d);
  }
  const ordered = [...byId.values()].sort((a, b) => (a.loadPriority ?? 1) - (b.loadPriority ?? 1));
  installed.splice(0, installed.length, ...ordered);
}

export function getDataset(id: string): CatalogDataset | undefined {
  return installed.find((d) => d.id === id);
}

/** The installed dataset of that id, for a read that cannot answer without it: throws when the composition root did not install it. */
export function requireDataset(id: string): CatalogDataset {
  const d = getDataset(id);
  if (!d) throw new Error(`catalog: the dataset ${id} is not installed`);
  return d;
}

/** The installed datasets of a group (`CatalogDataset.group`), in id order. */
export function datasetsInGroup(group: string): CatalogDataset[] {
  return installed.filter((d) => d.group === group).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
