import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const mtHead: LayoutHead = {
  sourceId: 'state_exclusions_mt',
  state: 'MT',
  id: 'state_exclusions_mt/terminated-excluded-xlsx',
  match: /\.xlsx$/i,
  format: 'XLSX, header in row 1 and an unlabeled action column; names Last, First; a.k.a. rows; Excel serial dates',
  fields: ['npi', 'provider_type'],
};
