import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const vtHead: LayoutHead = {
  sourceId: 'state_exclusions_vt',
  state: 'VT',
  id: 'state_exclusions_vt/for-cause-xlsx',
  match: /\.xlsx$/i,
  format:
    'XLSX, title row above the header, space-padded LAST,FIRST MI names; Excel serial dates, 2382-12-31 for no end; notes below',
  fields: ['npi', 'provider_type'],
};
