import { defineDataset } from '../../catalog/dataset';
import {
  ASP_CROSSWALK,
  ASP_LIMITS,
  type AspCrosswalkRow,
  AspCrosswalkRowSchema,
  type AspLimitRow,
  AspLimitRowSchema,
} from '../../rx/asp-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import { ASP_DOCS, aspCrosswalkParser, aspLimitsParser } from './source';

const SOURCE = 'cms_asp_pricing';

/**
 * The quarterly payment limits, each file a snapshot in force for its quarter (about 900 codes):
 * found by HCPCS code and listed whole in code order (/rx/asp reads the quarter's list whole, from
 * the process's listing cache, to search descriptions).
 */
export const aspLimitsDataset = defineDataset<AspLimitRow>({
  id: ASP_LIMITS,
  title: 'CMS ASP payment limits',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: ASP_DOCS.limits, mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === ASP_DOCS.limits ? aspLimitsParser : undefined),
  schema: AspLimitRowSchema,
  indexes: [{ name: 'hcpcs', unique: true, keys: (r) => [r.hcpcs] }],
  listings: {
    limits: {
      description: 'The quarter’s payment limits in HCPCS code order.',
      sort: { field: 'hcpcs', type: 'string' },
      filters: { hcpcs: 'eq' },
    },
  },
});

/** The quarterly NDC-HCPCS crosswalk, each file a snapshot: found by ndc11 (an NDC may map to several codes) and by code. */
export const aspCrosswalkDataset = defineDataset<AspCrosswalkRow>({
  id: ASP_CROSSWALK,
  title: 'CMS ASP NDC-HCPCS crosswalk',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: ASP_DOCS.crosswalk, mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === ASP_DOCS.crosswalk ? aspCrosswalkParser : undefined),
  schema: AspCrosswalkRowSchema,
  indexes: [
    { name: 'ndc11', keys: (r) => (r.ndc11 ? [r.ndc11] : []) },
    { name: 'hcpcs', keys: (r) => [r.hcpcs] },
  ],
});
