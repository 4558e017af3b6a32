import { getDataset } from '../catalog/datasets';
import { CCN_DATASET, type CcnLinks } from './link-schemas';
import type { TrialStudyRow } from './study-rows';

export const CCN_METHOD =
  'A US site’s facility to a hospital’s CCN by name and ZIP against the CMS hospital general information file, scored like the NPI links; linked only when one hospital alone reaches the threshold.';

/**
 * The CCN links of a study's sites. The hospital general information file (dataset
 * `cms_hospital_general_information`, with its facility matcher) is added separately; until this
 * deployment installs and wires it, the block is an honest gap naming it, with no link and no
 * guess. The shape is the filled block's: a later change sets `status: 'searched'` and `links`.
 */
export function ccnLinksOf(row: TrialStudyRow): CcnLinks {
  const installed = getDataset(CCN_DATASET) !== undefined;
  const usSites = row.sites.filter((s) => s.state_code).length;
  return {
    status: 'not_loaded',
    dataset: CCN_DATASET,
    method: CCN_METHOD,
    links: [],
    sources: [],
    gaps: [
      {
        source_id: CCN_DATASET,
        doc_id: null,
        reason: 'not_loaded',
        detail: installed
          ? `${CCN_DATASET} is installed but its facility matcher is not wired into trial reads yet: none of the study's ${usSites} US site(s) is linked to a CCN.`
          : `${CCN_DATASET} (CMS hospital general information) is not loaded: none of the study's ${usSites} US site(s) is linked to a CCN.`,
      },
    ],
  };
}
