import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const ohHead: LayoutHead = {
  sourceId: 'state_exclusions_oh',
  state: 'OH',
  id: 'state_exclusions_oh/exclusion-suspension-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX, every sheet with the header (one sheet, or Individuals and Organizations); split name columns; Excel serial dates',
  fields: ['npi', 'dob', 'provider_type'],
};
