import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const scHead: LayoutHead = {
  sourceId: 'state_exclusions_sc',
  state: 'SC',
  id: 'state_exclusions_sc/sanctioned-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX, two title rows above the header; one name column (people Last, First M.); NPI or Not Found; Excel serial dates',
  fields: ['npi', 'provider_type'],
};
