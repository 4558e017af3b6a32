import { defineDataset } from '../catalog/dataset';
import { EXCLUSION_INDEXES, EXCLUSION_LISTING, exclusionTokens } from '../exclusions/dataset-parts';
import type { ExclusionRecord } from '../exclusions/record';
import { STATE_EXCLUSION_SOURCES } from '../sources/decl/state-exclusions';
import { stateLayoutFor } from './layouts';

export const STATE_EXCLUSIONS = 'state_exclusions';

/**
 * Every state list as one catalog dataset. Each state's documents are snapshots (a list is
 * republished whole); a file no layout reads is archived and reported as `no_layout`.
 */
export const stateExclusionsDataset = defineDataset<ExclusionRecord>({
  id: STATE_EXCLUSIONS,
  title: 'State Medicaid exclusion and termination lists',
  loaderVersion: '1',
  docs: STATE_EXCLUSION_SOURCES.flatMap((s) =>
    s.docs.map((d) => ({ sourceId: s.sourceId, docId: d.docId, mode: 'snapshot' as const })),
  ),
  parserFor: (f) => stateLayoutFor(f.source_id, f.name),
  indexes: EXCLUSION_INDEXES,
  tokens: exclusionTokens,
  listing: EXCLUSION_LISTING,
});

/** `state_exclusions_ny` -> `NY`. */
export function stateOfSource(sourceId: string): string {
  return sourceId.replace(/^state_exclusions_/, '').toUpperCase();
}
