import { getDataset } from '../catalog/datasets';
import { viewOf } from '../catalog/view';
import type { DossierBlock, DossierBlockReader } from './dossier-block';
import { bestOf, scoresOf } from './quality';
import { MIPS_DATASET } from './quality-rows';
import type { QualityBlockData } from './quality-schemas';

export { QualityBlockSchema } from './quality-schemas';

/**
 * The dossier's `quality_intelligence` block: the NPI's MIPS rows in the files in force (two
 * reads: the view's heads, one batched index lookup). No file in force: `data` null and the gap
 * naming cms_qpp_mips; an NPI the files do not list: empty scores.
 */
export const qualityDossierBlock: DossierBlockReader<QualityBlockData> = async (
  deps,
  npi,
  date,
): Promise<DossierBlock<QualityBlockData>> => {
  const dataset = getDataset(MIPS_DATASET);
  const view = dataset ? await viewOf(deps, dataset, date) : undefined;
  if (!view?.versions.length) {
    const gaps = view?.gaps.length
      ? view.gaps
      : [
          {
            source_id: 'cms_qpp_mips',
            doc_id: null,
            reason: 'not_loaded' as const,
            detail: 'No MIPS performance file is loaded.',
          },
        ];
    return { sources: [], gaps, data: null };
  }
  const scores = await scoresOf(deps, view, npi);
  const { year, best } = bestOf(scores);
  return {
    sources: view.sourceVersions(),
    gaps: view.gaps,
    data: { best_final_score: best, performance_year: year, scores },
  };
};
