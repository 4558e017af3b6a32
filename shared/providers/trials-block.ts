import { getDataset } from '../catalog/datasets';
import { readWholeListing } from '../catalog/query';
import { MAX_ROWS_PER_KEY } from '../catalog/writer';
import type { DossierBlock, DossierRead } from './dossier-block';
import { readerOf } from './dossier-block';
import { OPEN_PAYMENTS_DATASET, PAYMENTS_LISTING, type PaymentRow, RESEARCH_NPI_INDEX } from './payment-rows';
import { researchLinksOf } from './trials';
import { OPEN_PAYMENTS_LINK_METHOD, type TrialsBlockData } from './trials-schemas';

export { TrialsBlockSchema } from './trials-schemas';

/** The block's method: the Open Payments links only (name matching would cost reads past the dossier's budget). */
export const TRIALS_BLOCK_METHOD = `${OPEN_PAYMENTS_LINK_METHOD} Name-and-site matches against ClinicalTrials.gov investigators are not in this block: they cost four storage reads more (the registry heads and record, the studies' investigator token search and its values), which the dossier's budget of eight leaves no room for; /provider/{npi}/clinical-trials lists them.`;

/**
 * The dossier's `clinical_trials` block: the studies Open Payments research rows tie to the NPI,
 * read from the `research_npi` index (one entry per version in force, in the dossier's batched
 * get), grouped as /provider/{npi}/clinical-trials groups them. An entry holding the index's cap
 * of rows (MAX_ROWS_PER_KEY: an investigator with that many research payments in one program
 * year's file) may have been cut at load: that version's rows are read whole from the
 * `research_npi` listing instead (two queries per such version), so the answer never loses a row.
 * No publication in force: `data` null and the gap naming cms_open_payments; an NPI with no
 * research rows: an empty list.
 */
export const trialsRead: DossierRead<DossierBlock<TrialsBlockData>> = {
  views(_deps, date) {
    const dataset = getDataset(OPEN_PAYMENTS_DATASET);
    return dataset ? [{ dataset, date }] : [];
  },
  lookups([view], npi) {
    return view?.versions.length
      ? [{ dataset: view.dataset, index: RESEARCH_NPI_INDEX, keys: [npi], versions: view.versions }]
      : [];
  },
  async finish(deps, npi, [view], [found]) {
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
    const indexed = found?.get(npi) ?? [];
    const perVersion = new Map<number, number>();
    for (const r of indexed) perVersion.set(r.version_id, (perVersion.get(r.version_id) ?? 0) + 1);
    const full = new Set([...perVersion].filter(([, n]) => n >= MAX_ROWS_PER_KEY).map(([v]) => v));
    const rows = indexed.filter((r) => !full.has(r.version_id)).map((r) => r.value as unknown as PaymentRow);
    if (full.size) {
      const listed = await readWholeListing(deps, view.dataset, PAYMENTS_LISTING, {
        versions: view.versions.filter((v) => full.has(v.version_id)),
        filters: { research_npi: { eq: npi } },
      });
      rows.push(...listed.map((it) => it.value as unknown as PaymentRow));
    }
    return {
      sources: view.sourceVersions(),
      gaps: view.gaps,
      data: { method: TRIALS_BLOCK_METHOD, trials: researchLinksOf(rows) },
    };
  },
};

/** The block alone: two reads (the view's heads, the NPI's research index entries). */
export const trialsDossierBlock = readerOf(trialsRead);
