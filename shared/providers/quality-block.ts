import { getDataset } from '../catalog/datasets';
import type { DossierBlock, DossierRead } from './dossier-block';
import { readerOf } from './dossier-block';
import { bestOf, scoresFrom } from './quality';
import { MIPS_DATASET } from './quality-rows';
import type { QualityBlockData } from './quality-schemas';

export { QualityBlockSchema } from './quality-schemas';

/**
 * The dossier's `quality_intelligence` block: the NPI's MIPS rows in the files in force (the view's
 * heads, one index entry per version in the dossier's batched get). No file in force: `data` null
 * and the gap naming cms_qpp_mips; an NPI the files do not list: empty scores.
 */
export const qualityRead: DossierRead<DossierBlock<QualityBlockData>> = {
  views(_deps, date) {
    const dataset = getDataset(MIPS_DATASET);
    return dataset ? [{ dataset, date }] : [];
  },
  lookups([view], npi) {
    return view?.versions.length ? [{ dataset: view.dataset, index: 'npi', keys: [npi], versions: view.versions }] : [];
  },
  async finish(_deps, npi, [view], [found]) {
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
    const scores = scoresFrom(view, found?.get(npi) ?? []);
    const { year, best } = bestOf(scores);
    return {
      sources: view.sourceVersions(),
      gaps: view.gaps,
      data: { best_final_score: best, performance_year: year, scores },
    };
  },
};

/** The block alone: two reads (the view's heads, the NPI's index entries). */
export const qualityDossierBlock = readerOf(qualityRead);
