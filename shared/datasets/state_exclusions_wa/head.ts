import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const waHead: LayoutHead = {
  sourceId: 'state_exclusions_wa',
  state: 'WA',
  id: 'state_exclusions_wa/termination-exclusion-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX, three preamble rows; names Last, First CREDENTIAL, several per cell on separate lines; NPI or P1 numbers; Excel serial dates',
  fields: ['npi', 'license_number', 'provider_type'],
};
