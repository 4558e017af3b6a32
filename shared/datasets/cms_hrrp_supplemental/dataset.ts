import { defineDataset } from '../../catalog/dataset';
import { HRRP_SUPPLEMENTAL, type HrrpSupplementalRow, listedHrrpSupplemental } from '../../vbc/hrrp-rows';
import { supplementalParser } from './source';

/**
 * The HRRP supplemental file as a catalog dataset: one row per hospital with its payment
 * adjustment factor and `payment_reduction_pct`, found by CCN and listed in CCN order (listing
 * items hold the factor and penalty only; the conditions and published row are read by CCN).
 */
export const hrrpSupplementalDataset = defineDataset<HrrpSupplementalRow>({
  id: HRRP_SUPPLEMENTAL,
  title: 'HRRP supplemental file (payment adjustment factors)',
  loaderVersion: '2',
  docs: [{ sourceId: 'cms_hrrp_supplemental', docId: 'hrrpsupp:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_hrrp_supplemental' ? supplementalParser(f.name) : undefined),
  indexes: [{ name: 'ccn', unique: true, keys: (r) => [r.ccn] }],
  listedValue: listedHrrpSupplemental,
  listings: {
    hospitals: {
      description: 'Hospitals in CCN order.',
      sort: { field: 'ccn', type: 'string' },
      filters: { penalized: 'eq' },
      types: { penalized: 'boolean' },
    },
  },
});
