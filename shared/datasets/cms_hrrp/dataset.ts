import { defineDataset } from '../../catalog/dataset';
import { HRRP_HOSPITALS, type HrrpHospitalRow, listedHrrpHospital } from '../../vbc/hrrp-rows';
import { hrrpHospitalParser } from './source';

/**
 * The HRRP hospital file as a catalog dataset: one row per hospital (its measure rows grouped),
 * found by CCN, listed by state in CCN order (the state of the row is the file's own `State`). Each
 * fiscal year's file is a snapshot in force for that fiscal year. Listing items hold what
 * `/vbc/hrrp` reads (CCN, name, state); the measures are read by CCN.
 */
export const hrrpHospitalsDataset = defineDataset<HrrpHospitalRow>({
  id: HRRP_HOSPITALS,
  title: 'HRRP hospital file',
  loaderVersion: '2',
  docs: [{ sourceId: 'cms_hrrp', docId: 'hrrp:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_hrrp' ? hrrpHospitalParser : undefined),
  indexes: [{ name: 'ccn', unique: true, keys: (r) => [r.ccn] }],
  listedValue: listedHrrpHospital,
  listings: {
    hospitals: {
      description: 'Hospitals in CCN order, whole and per state.',
      sort: { field: 'ccn', type: 'string' },
      partitionBy: ['state'],
      filters: { state: 'eq' },
    },
  },
});
