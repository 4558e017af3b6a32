import { federalExclusionsDataset } from '../exclusions/federal-dataset';
import { stateExclusionsDataset } from '../state-exclusions/dataset';
import type { CatalogDataset } from './dataset';
import { nppesDataset } from './nppes/dataset';

/**
 * Every catalog dataset, in load order (the provider registry first: exclusion screening resolves
 * NPIs through it). syncCatalog loads them all; each is declared beside its domain.
 */
export const CATALOG_DATASETS: readonly CatalogDataset[] = [
  nppesDataset,
  federalExclusionsDataset,
  stateExclusionsDataset,
];

export function getDataset(id: string): CatalogDataset | undefined {
  return CATALOG_DATASETS.find((d) => d.id === id);
}
