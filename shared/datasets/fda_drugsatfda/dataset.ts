import { defineDataset } from '../../catalog/dataset';
import { BY_TABLE, DAF_DATASET, DAF_LOOKUP_KEY, DAF_TABLES, type DafRow, type DafTable } from '../../rx/approvals-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import { DAF_DOCS, DAF_PARSERS } from './source';

const SOURCE = 'fda_drugsatfda';
const tableOf = new Map<string, DafTable>(DAF_TABLES.map((t) => [DAF_DOCS[t], t]));

/**
 * The Drugs@FDA tables, each a snapshot (the weekly release in force replaces the one before),
 * found by application number (`appl_no`: every row of an application across tables, one batch
 * read for /rx/approvals/{appl_no}), and listed per table (`by_table`, partitioned by `table`):
 * the approvals list reads applications, products and submissions whole and joins them
 * (shared/rx/approvals.ts).
 */
export const drugsAtFdaDataset = defineDataset<DafRow>({
  id: DAF_DATASET,
  title: 'FDA Drugs@FDA applications, products, submissions, marketing status and TE codes',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: DAF_TABLES.map((t) => ({ sourceId: SOURCE, docId: DAF_DOCS[t], mode: 'snapshot' as const })),
  parserFor: (f) => {
    const t = f.source_id === SOURCE ? tableOf.get(f.doc_id) : undefined;
    return t ? DAF_PARSERS[t] : undefined;
  },
  // Listing items leave out the published row (the joins never read it; the index items keep it).
  listedValue: ({ source_row: _row, ...rest }) => rest,
  indexes: [{ name: 'appl_no', keys: (r) => [r.appl_no ?? DAF_LOOKUP_KEY] }],
  listings: {
    [BY_TABLE]: {
      description: 'Every row of one table (partition `table`), by application number.',
      sort: { field: 'appl_no', type: 'string' },
      partitionBy: ['table'],
      partitionRequired: true,
    },
  },
});
