import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const azHead: LayoutHead = {
  sourceId: 'state_exclusions_az',
  state: 'AZ',
  id: 'state_exclusions_az/exclusions-xlsx',
  match: /\.xlsx$/i,
  format: 'XLSX, one name field (people FIRST LAST); Excel serial dates; end date or Permanent; NPI, SSN or N/A',
  fields: ['npi'],
};
