import type { LayoutHead } from '../../state-exclusions/layout';

/**
 * What the declaration (./source.ts) and the coverage report know of the list's layout without its
 * reading code (./layout.ts, a lazy file of the API bundles: shared/state-exclusions/layout.ts, lazyLayout).
 */
export const laHead: LayoutHead = {
  sourceId: 'state_exclusions_la',
  state: 'LA',
  id: 'state_exclusions_la/adverse-actions-csv',
  match: /\.csv$|^GetCsv$/i,
  format:
    'CSV, UTF-8, a created-on line above a comma-and-space header; first and last (or entity) name; DOB; dates M/D/YYYY 12:00:00 AM, 12/31/9999 none',
  fields: ['npi', 'dob', 'provider_type'],
};
