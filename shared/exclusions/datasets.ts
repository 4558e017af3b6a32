import type { CatalogDataset } from '../catalog/dataset';
import { datasetsInGroup, requireDataset } from '../catalog/datasets';
import { SOURCES, type SourceDecl } from '../sources/registry';

/**
 * The exclusion lists this domain screens, each a catalog dataset it reads by id from the installed
 * datasets and never imports: the federal list (the OIG LEIE, folder shared/datasets/oig_leie/) and
 * the state lists (one dataset, shared/state-exclusions/dataset.ts, fed by every folder
 * shared/datasets/state_exclusions_<st>/). Which state lists exist is read from the source registry
 * when asked, so a new state folder needs no edit here.
 */
export const FEDERAL_EXCLUSIONS = 'oig_leie';
export const STATE_EXCLUSIONS = 'state_exclusions';

/**
 * The group of the federal exclusion lists (`CatalogDataset.group`): the OIG LEIE and every other
 * federal list a folder declares (shared/datasets/gsa_sam_exclusions/), each its own dataset. The
 * screen searches every dataset of the group; a new federal list is one folder.
 */
export const FEDERAL_LIST_GROUP = 'federal_exclusions';

/** Every installed federal exclusion list, the OIG LEIE first. */
export function federalDatasets(): CatalogDataset[] {
  const group = datasetsInGroup(FEDERAL_LIST_GROUP);
  return [...group.filter((d) => d.id === FEDERAL_EXCLUSIONS), ...group.filter((d) => d.id !== FEDERAL_EXCLUSIONS)];
}

/** The installed exclusion dataset of that id; throws when the composition root did not install it. */
export function exclusionDataset(id: typeof FEDERAL_EXCLUSIONS | typeof STATE_EXCLUSIONS): CatalogDataset {
  return requireDataset(id);
}

/** State list sources are named `state_exclusions_<st>` (USPS code, lower case). */
export const STATE_SOURCE_PREFIX = 'state_exclusions_';

/** `NY` -> `state_exclusions_ny`. */
export const stateSourceId = (st: string) => `${STATE_SOURCE_PREFIX}${st.toLowerCase()}`;

/** `state_exclusions_ny` -> `NY`. */
export function stateOfSource(sourceId: string): string {
  return sourceId.slice(STATE_SOURCE_PREFIX.length).toUpperCase();
}

/** Every installed state list (read from the source registry at call time), in source id order. */
export function stateSources(): SourceDecl[] {
  return SOURCES.filter((s) => s.sourceId.startsWith(STATE_SOURCE_PREFIX)).sort((a, b) =>
    a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0,
  );
}
