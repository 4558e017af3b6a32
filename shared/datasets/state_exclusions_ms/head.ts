import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const msHead: LayoutHead = {
  sourceId: 'state_exclusions_ms',
  state: 'MS',
  id: 'state_exclusions_ms/sanctioned-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX with title and legend rows; split name columns, organizations in their own column; address, DOB, Medicaid ID; Excel serial dates',
  fields: ['npi', 'license_number', 'dob', 'provider_type'],
};
