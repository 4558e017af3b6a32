import { defineDataset } from '../../catalog/dataset';
import { BY_TABLE, OB_DATASET, OB_TABLES, type ObRow, type ObTable } from '../../rx/approvals-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import { OB_DOCS, OB_PARSERS } from './source';

const SOURCE = 'fda_orange_book';
const tableOf = new Map<string, ObTable>(OB_TABLES.map((t) => [OB_DOCS[t], t]));

/**
 * The three Orange Book files, each a snapshot (the release in force replaces the one before),
 * found by application number, and listed per table (`by_table`, partitioned by `table`): the
 * approved-products list and the launch radar read a release's products, patents and
 * exclusivities whole and join them by application and product number (shared/rx/approved-products.ts).
 */
export const orangeBookDataset = defineDataset<ObRow>({
  id: OB_DATASET,
  title: 'FDA Orange Book products, patents and exclusivities',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: OB_TABLES.map((t) => ({ sourceId: SOURCE, docId: OB_DOCS[t], mode: 'snapshot' as const })),
  parserFor: (f) => {
    const t = f.source_id === SOURCE ? tableOf.get(f.doc_id) : undefined;
    return t ? OB_PARSERS[t] : undefined;
  },
  // Listing items leave out the published row (the joins never read it; the index items keep it).
  listedValue: ({ source_row: _row, ...rest }) => rest,
  indexes: [{ name: 'appl_no', keys: (r) => [r.appl_no] }],
  listings: {
    [BY_TABLE]: {
      description: 'Every row of one file (partition `table`), by application number.',
      sort: { field: 'appl_no', type: 'string' },
      partitionBy: ['table'],
      partitionRequired: true,
    },
  },
});
