import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  PRICE_LIST_DATASET,
  PRICE_LIST_SERIES,
  PRICING_FORMULA_DATASET,
  type PriceListRow,
  PriceListRowSchema,
  type PricingFormulaRow,
  PricingFormulaRowSchema,
} from '../../rx/price-list-rows';
import { formulaParser, listingParser } from './source';

const SOURCE = 'costplus_price_list';

/**
 * The price-list snapshots: each archived listing replaces the previous one. Rows are found by
 * slug (lower-cased) and ndc11; the `products` listing holds a snapshot whole (a few thousand
 * products: /rx/price-list reads it once per snapshot through the listing cache and filters, sorts
 * and pages in memory); the `unit_price` series follows each slug across snapshots, computed at
 * load (the change-only history of /rx/price-list/{slug}).
 */
export const priceListDataset = defineDataset<PriceListRow>({
  id: PRICE_LIST_DATASET,
  title: 'Cost Plus Drugs price-list snapshots',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'costplus:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'costplus:1' ? listingParser : undefined),
  schema: PriceListRowSchema,
  indexes: [
    { name: 'slug', keys: (r) => [r.slug_key] },
    { name: 'ndc11', keys: (r) => (r.ndc11 ? [r.ndc11] : r.ndc_candidate ? [r.ndc_candidate] : []) },
  ],
  listings: {
    products: {
      description: 'Every product of a snapshot, by slug (read whole, filtered and sorted in memory).',
      sort: { field: 'slug_key', type: 'string' },
    },
  },
  series: {
    [PRICE_LIST_SERIES]: {
      description: 'The published unit price of each product (by slug) across snapshots: its dated history.',
      key: ['slug_key'],
      value: 'unit_price',
      type: 'number',
    },
  },
});

/**
 * The curated table of the vendor's published pricing formula (./costplus-pricing-formula.json),
 * one row per formula version with its effective window and citations. Read as loaded whatever
 * its age (`identity`): a formula statement does not lapse; a new one is a new archived version.
 */
export const pricingFormulaDataset = defineDataset<PricingFormulaRow>({
  id: PRICING_FORMULA_DATASET,
  title: 'Cost Plus Drugs pricing formula by date (curated)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'costplus:2', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'costplus:2' ? formulaParser : undefined),
  schema: PricingFormulaRowSchema,
  indexes: [{ name: 'formula_version', unique: true, keys: (r) => [r.formula_version] }],
  listings: {
    versions: {
      description: 'Formula versions by effective date.',
      sort: { field: 'effective_from', type: 'date' },
    },
  },
  freshness: 'identity',
});
