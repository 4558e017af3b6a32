import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const maHead: LayoutHead = {
  sourceId: 'state_exclusions_ma',
  state: 'MA',
  id: 'state_exclusions_ma/exclusions-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX, two sheets (the list; reinstated providers); one name field FIRST M LAST; provider type; Excel serial dates',
  fields: ['npi', 'license_number', 'provider_type'],
};
