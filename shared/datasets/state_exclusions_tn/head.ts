import { RENDERER_VERSIONS } from '../../archive/text';
import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const tnHead: LayoutHead = {
  sourceId: 'state_exclusions_tn',
  state: 'TN',
  id: 'state_exclusions_tn/terminated-pdf',
  // Rows are rebuilt from the pdf renderer's output: a new renderer version is a new reading.
  version: `1+${RENDERER_VERSIONS.pdf}`,
  match: /terminated.*provider.*\.pdf$/i,
  format: 'PDF printed from a workbook, read via the archive text rendering; Last/First Name columns; dates M/D/YYYY',
  fields: ['npi'],
};
