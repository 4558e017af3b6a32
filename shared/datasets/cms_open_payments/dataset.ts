import { defineDataset } from '../../catalog/dataset';
import {
  OPEN_PAYMENTS_DATASET,
  PAYMENT_SUMMARY,
  PAYMENTS_LISTING,
  type PaymentRow,
  PaymentRowSchema,
  RESEARCH_NPI_INDEX,
} from '../../providers/payment-rows';
import { mapParser } from '../../publishers/common/resume';
import type { PaymentRecord } from './parser';
import { OPEN_PAYMENTS_DOC_IDS, openPaymentsParser } from './source';

const rowParser = mapParser<PaymentRecord, PaymentRow>(openPaymentsParser, {
  id: 'cms_open_payments/rows',
  version: `${openPaymentsParser.version}.1`,
  map: (r) => ({ ...r, research_npi: r.kind === 'research' && r.nct_id ? r.npi : null }),
});

/**
 * The Open Payments detail files as a catalog dataset, one snapshot per file type and program year
 * (the general file is about 10 million rows a year), keyed by NPI and streamed. `payments` lists
 * an NPI's rows newest first (partition `npi`; research rows naming a study are also in partition
 * `research_npi`, read by /provider/{npi}/clinical-trials), and `by_payer` sums them per NPI, year,
 * kind, role, payer and nature at load (bounded memory: the rollup is sorted by storage). Two
 * listing items and one rollup input a row. The research rows naming a study are also indexed by
 * `research_npi` (loader version 2): the dossier reads an NPI's studies in every version in force
 * with one batched get instead of a listing query per version; the index's only per-key state is
 * the writer's count per research NPI (the research file is far smaller than the general one).
 */
export const openPaymentsDataset = defineDataset<PaymentRow>({
  id: OPEN_PAYMENTS_DATASET,
  title: 'Open Payments (general, research, ownership)',
  loaderVersion: '2',
  docs: OPEN_PAYMENTS_DOC_IDS.map((docId) => ({ sourceId: 'cms_open_payments', docId, mode: 'snapshot' as const })),
  parserFor: (f) => (f.source_id === 'cms_open_payments' ? rowParser : undefined),
  schema: PaymentRowSchema,
  indexes: [{ name: RESEARCH_NPI_INDEX, keys: (r) => (r.research_npi ? [r.research_npi] : []) }],
  listings: {
    [PAYMENTS_LISTING]: {
      description: "An NPI's payment rows, newest first; research rows with an NCT id also per research_npi.",
      sort: { field: 'date', type: 'date' },
      direction: 'desc',
      partitionBy: ['npi', 'research_npi'],
      partitionRequired: true,
      filters: { program_year: 'eq', kind: 'eq', payer: 'eq', nature: 'eq', role: 'eq' },
    },
  },
  rollups: {
    [PAYMENT_SUMMARY]: {
      description: 'Payments and dollars per NPI, program year, kind, role, payer and nature.',
      groupBy: ['npi', 'program_year', 'kind', 'role', 'payer', 'nature'],
      measures: { payments: { op: 'count' }, total_usd: { op: 'sum', field: 'amount' } },
      listing: {
        sort: { field: 'total_usd', type: 'number' },
        direction: 'desc',
        partitionBy: ['npi'],
        partitionRequired: true,
        filters: { npi: 'eq', program_year: 'eq', kind: 'eq' },
      },
    },
  },
});
