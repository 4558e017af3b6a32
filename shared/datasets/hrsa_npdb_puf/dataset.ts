import { defineDataset } from '../../catalog/dataset';
import { NPDB_DATASET, type NpdbRow, NpdbRowSchema, SUPPRESS_BELOW } from '../../providers/licenses/rows';
import { npdbParser } from './source';

/**
 * The NPDB public use file: each version replaces the previous one (a whole file since 1990). No
 * row is read alone (the file identifies no practitioner); the `by_state` rollup counts reports per
 * licence state and report class at load (counts below 11 withheld), the benchmark of
 * /accuracy/discipline-coverage.
 */
export const npdbDataset = defineDataset<NpdbRow>({
  id: NPDB_DATASET,
  title: 'NPDB public use data file',
  loaderVersion: '1',
  docs: [{ sourceId: 'hrsa_npdb_puf', docId: 'npdb_puf:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'hrsa_npdb_puf' && f.doc_id === 'npdb_puf:1' ? npdbParser : undefined),
  schema: NpdbRowSchema,
  indexes: [],
  rollups: {
    by_state: {
      description: 'Reports per licence state and report class (counts below 11 withheld).',
      groupBy: ['license_state', 'report_class'],
      measures: { reports: { op: 'count' } },
      listing: {
        sort: { field: 'license_state', type: 'string' },
        filters: { license_state: 'eq', report_class: 'eq' },
      },
      suppressBelow: SUPPRESS_BELOW,
    },
  },
  // A benchmark of counts since 1990: a version does not lapse with the publisher's half-yearly rhythm.
  freshness: 'identity',
});
