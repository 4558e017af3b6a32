import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const njHead: LayoutHead = {
  sourceId: 'state_exclusions_nj',
  state: 'NJ',
  id: 'state_exclusions_nj/exclusion-csv',
  match: /\.csv$/i,
  format: 'CSV, ASCII; one name field "LAST, FIRST M."; dates M/D/YYYY; expiration date, PERMANENT or DECEASED',
  fields: ['npi', 'provider_type'],
};
