import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const kyHead: LayoutHead = {
  sourceId: 'state_exclusions_ky',
  state: 'KY',
  id: 'state_exclusions_ky/terminations-xlsx',
  match: /\.xlsx$/i,
  format: 'XLSX with a note row and Start/End Table markers; first and last name columns; Excel serial dates',
  fields: ['npi', 'license_number'],
};
