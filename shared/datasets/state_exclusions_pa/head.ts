import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const paHead: LayoutHead = {
  sourceId: 'state_exclusions_pa',
  state: 'PA',
  id: 'state_exclusions_pa/medicheck-csv',
  match: /\.(csv|txt)$/i,
  format: 'CSV with NAM_* name columns; UTF-8 (2026 .csv) or Latin-1 (2016 medicheck.txt); dates M/D/YYYY',
  fields: ['npi', 'license_number', 'provider_type'],
};
