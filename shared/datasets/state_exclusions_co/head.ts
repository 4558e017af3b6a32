import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const coHead: LayoutHead = {
  sourceId: 'state_exclusions_co',
  state: 'CO',
  id: 'state_exclusions_co/termination-xlsx',
  match: /\.xlsx$/i,
  format: 'XLSX, one name column (LAST CREDENTIAL, FIRST M; First Last; firms) with a DBA column; Excel serial dates',
  fields: ['npi', 'provider_type'],
};
