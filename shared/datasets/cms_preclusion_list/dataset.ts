import { defineDataset } from '../../catalog/dataset';
import { EXCLUSION_ROWS } from '../../exclusions/dataset-parts';
import { FEDERAL_LIST_GROUP } from '../../exclusions/datasets';
import type { ExclusionRecord } from '../../exclusions/record';

/**
 * The Preclusion List as a federal list the screen knows of but cannot search: no layout reads it
 * (its file and layout are not public), so on every date it is a coverage gap with its access rule
 * (/exclusions/state/coverage `federal_lists`), and it never blocks or clears a verdict.
 */
export const preclusionDataset = defineDataset<ExclusionRecord>({
  id: 'cms_preclusion_list',
  title: 'CMS Preclusion List',
  loaderVersion: '1',
  group: FEDERAL_LIST_GROUP,
  docs: [{ sourceId: 'cms_preclusion_list', docId: 'precl:1', mode: 'snapshot' }],
  parserFor: () => undefined,
  ...EXCLUSION_ROWS,
});
