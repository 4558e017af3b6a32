import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const caHead: LayoutHead = {
  sourceId: 'state_exclusions_ca',
  state: 'CA',
  id: 'state_exclusions_ca/suspended-ineligible-csv',
  match: /\.csv$/i,
  format: 'CSV, UTF-8 with BOM, two-line header, N/A placeholders; split name columns; NPIs inside Provider Number',
  fields: ['npi', 'license_number', 'provider_type'],
};
