import { z } from '@hono/zod-openapi';
import { defineDataset } from '../../catalog/dataset';
import { CHOW_DATASET, CHOW_FACILITY_TYPES, type ChowRow } from '../../companies/chow-rows';
import { CHOW_DOC, chowParsers } from './source';

const byDoc = new Map(CHOW_FACILITY_TYPES.map((t) => [CHOW_DOC[t], chowParsers[t]]));

/**
 * The CHOW files as one dataset: each facility type's file is a cumulative snapshot; its `events`
 * listing is in effective-date order (newest first, then version and record: unique), filtered by
 * facility type and date range; rows are found by the buyer's or seller's CCN.
 */
export const chowDataset = defineDataset<ChowRow>({
  id: CHOW_DATASET,
  title: 'CMS change of ownership (Hospital and SNF CHOW)',
  loaderVersion: '1',
  docs: CHOW_FACILITY_TYPES.map((t) => ({ sourceId: 'cms_chow', docId: CHOW_DOC[t], mode: 'snapshot' as const })),
  parserFor: (f) => (f.source_id === 'cms_chow' ? byDoc.get(f.doc_id) : undefined),
  schema: z.object({
    facility_type: z.string(),
    effective_date: z.string().nullable(),
    chow_type_code: z.string().nullable(),
  }),
  indexes: [
    {
      name: 'ccn',
      keys: (r) => [...new Set([r.buyer.ccn, r.seller.ccn].filter((x): x is string => !!x))],
    },
  ],
  listings: {
    events: {
      description: 'Ownership changes, newest effective date first.',
      sort: { field: 'effective_date', type: 'date' },
      direction: 'desc',
      filters: { facility_type: 'eq', chow_type_code: 'eq', effective_date: 'range' },
    },
  },
});
