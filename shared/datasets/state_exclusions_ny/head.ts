import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const nyHead: LayoutHead = {
  sourceId: 'state_exclusions_ny',
  state: 'NY',
  id: 'state_exclusions_ny/omig-txt',
  match: /\.txt$/i,
  format: 'tab-delimited text, no quoting; one name field LAST FIRST MI; dates MM/DD/YYYY',
  fields: ['npi', 'license_number', 'provider_type'],
};
