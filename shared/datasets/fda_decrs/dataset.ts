import { defineDataset } from '../../catalog/dataset';
import {
  ESTABLISHMENTS_DATASET,
  ESTABLISHMENTS_LISTING,
  type EstablishmentRow,
  EstablishmentRowSchema,
  OPERATIONS_ROLLUP,
} from '../../rx/establishment-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import { decrsParser } from './source';

/**
 * The registration file as a catalog dataset: each download a snapshot (about 10,000 lines), its
 * establishment rows listed (partition `kind`) for /rx/establishments, which reads them whole once
 * per file and filters in memory (shared/rx/establishments.ts), and its operation rows counted per
 * operation when the file loads (the `operations` rollup, /rx/establishments/operations).
 */
export const establishmentsDataset = defineDataset<EstablishmentRow>({
  id: ESTABLISHMENTS_DATASET,
  title: 'FDA registered drug establishments (DECRS)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'fda_decrs', docId: 'decrs:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'fda_decrs' ? decrsParser : undefined),
  schema: EstablishmentRowSchema,
  indexes: [],
  listings: {
    [ESTABLISHMENTS_LISTING]: {
      description: 'Every row of one kind (partition `kind`: establishment or operation), by FEI.',
      sort: { field: 'fei_number', type: 'string' },
      partitionBy: ['kind'],
      partitionRequired: true,
    },
  },
  rollups: {
    [OPERATIONS_ROLLUP]: {
      description:
        'Registration lines per business operation (operation rows; establishment rows form the null group).',
      groupBy: ['kind', 'operation'],
      measures: { establishments: { op: 'count' } },
      listing: {
        sort: { field: 'establishments', type: 'number' },
        direction: 'desc',
        partitionBy: ['kind'],
        partitionRequired: true,
      },
    },
  },
});
