import { type DatasetDoc, defineDataset } from '../catalog/dataset';
import { EXCLUSION_ROWS } from '../exclusions/dataset-parts';
import { STATE_EXCLUSIONS, STATE_SOURCE_PREFIX, stateSources } from '../exclusions/datasets';
import type { ExclusionRecord } from '../exclusions/record';
import { parserFor } from '../sources/registry';
import type { StateLayout } from './layout';

/**
 * Every state list as one catalog dataset, each state folder (shared/datasets/state_exclusions_<st>/)
 * contributing its source. The documents are those of the installed state sources, read from the
 * source registry whenever asked, so a new state folder needs no edit here. Each state's documents
 * are snapshots (a list is republished whole); a file no layout reads is archived and reported as
 * `no_layout`. A file is read by the parser its document declares.
 */
export const stateExclusionsDataset = defineDataset<ExclusionRecord>({
  id: STATE_EXCLUSIONS,
  title: 'State Medicaid exclusion and termination lists',
  loaderVersion: '1',
  get docs(): DatasetDoc[] {
    return stateSources().flatMap((s) =>
      s.docs.map((d) => ({ sourceId: s.sourceId, docId: d.docId, mode: 'snapshot' as const })),
    );
  },
  parserFor: (f) =>
    f.source_id.startsWith(STATE_SOURCE_PREFIX)
      ? (parserFor(f.source_id, f.name) as StateLayout | undefined)
      : undefined,
  ...EXCLUSION_ROWS,
});
