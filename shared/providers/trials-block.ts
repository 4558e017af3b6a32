import { getDataset } from '../catalog/datasets';
import { viewOf } from '../catalog/view';
import type { DossierBlock, DossierBlockReader } from './dossier-block';
import { OPEN_PAYMENTS_DATASET } from './payment-rows';
import { researchLinks } from './trials';
import { OPEN_PAYMENTS_LINK_METHOD, type TrialsBlockData } from './trials-schemas';

export { TrialsBlockSchema } from './trials-schemas';

/** The block's method: the Open Payments links only (name matching would cost reads past the dossier's budget). */
export const TRIALS_BLOCK_METHOD = `${OPEN_PAYMENTS_LINK_METHOD} Name-and-site matches against ClinicalTrials.gov investigators are not in this block: they cost four storage reads more (the registry heads and record, the studies' investigator token search and its values), which the dossier's budget of eight leaves no room for; /provider/{npi}/clinical-trials lists them.`;

/**
 * The dossier's `clinical_trials` block: the studies Open Payments research rows tie to the NPI
 * (two reads: the view's heads, the NPI's research partition); name-and-site matches are left to
 * the route (TRIALS_BLOCK_METHOD). No publication in force: `data`
 * null and the gap naming cms_open_payments; an NPI with no research rows: an empty list.
 */
export const trialsDossierBlock: DossierBlockReader<TrialsBlockData> = async (
  deps,
  npi,
  date,
): Promise<DossierBlock<TrialsBlockData>> => {
  const dataset = getDataset(OPEN_PAYMENTS_DATASET);
  const view = dataset ? await viewOf(deps, dataset, date) : undefined;
  if (!view?.versions.length) {
    const gaps = view?.gaps.length
      ? view.gaps
      : [
          {
            source_id: OPEN_PAYMENTS_DATASET,
            doc_id: null,
            reason: 'not_loaded' as const,
            detail: 'No Open Payments publication is loaded.',
          },
        ];
    return { sources: [], gaps, data: null };
  }
  return {
    sources: view.sourceVersions(),
    gaps: view.gaps,
    data: { method: TRIALS_BLOCK_METHOD, trials: await researchLinks(deps, view, npi) },
  };
};
