import { defineDataset } from '../../catalog/dataset';
import { type LicenseRow, LicenseRowSchema, STATE_LICENSES, SUPPRESS_BELOW } from './rows';

/**
 * Every state licensing board's bulk file as one catalog dataset, each state folder
 * (shared/datasets/state_licenses_<st>/) feeding its own documents and layout (`feedDataset`), so a
 * new state is one folder and no edit here. A board's file is republished whole: each document is a
 * snapshot. Rows are licences and disciplinary actions (rows.ts); those without an NPI in the file
 * get one at load through the NPPES registry's licence numbers (./place.ts), which loads first.
 *
 * - `npi` and `license` (state#number, shared/providers/license-key.ts) find a provider's rows;
 * - `actions`: rows by action date, newest first, one copy per kind (`kind=action` is the alert
 *   feed; licence rows sort last, undated), filtered by state, profession and a date window;
 * - `by_state`: licence and action counts per state and kind, counts below 11 withheld.
 */
export const stateLicensesDataset = defineDataset<LicenseRow>({
  id: STATE_LICENSES,
  title: 'State licensing board licence and discipline files',
  loaderVersion: '1',
  docs: [],
  parserFor: () => undefined,
  schema: LicenseRowSchema,
  indexes: [
    { name: 'npi', keys: (r) => (r.npi ? [r.npi] : []) },
    { name: 'license', keys: (r) => [r.license_key] },
  ],
  // After the NPPES registry (loadPriority 0), whose licence index the placer matches against.
  loadPriority: 1,
  placer: async (deps, version) => (require('./place') as typeof import('./place')).openLicensePlacer(deps, version),
  listings: {
    actions: {
      description: 'Rows by action date, newest first (undated last), per kind; the alert feed is kind=action.',
      sort: { field: 'action_date', type: 'date' },
      direction: 'desc',
      partitionBy: ['kind'],
      partitionRequired: true,
      filters: { state: 'eq', profession: 'eq', action_date: 'range' },
    },
  },
  rollups: {
    by_state: {
      description: 'Licence and action rows per state and kind (counts below 11 withheld).',
      groupBy: ['state', 'kind'],
      measures: { rows: { op: 'count' } },
      listing: { sort: { field: 'state', type: 'string' }, filters: { state: 'eq', kind: 'eq' } },
      suppressBelow: SUPPRESS_BELOW,
    },
  },
});
