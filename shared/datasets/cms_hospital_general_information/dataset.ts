import { defineDataset } from '../../catalog/dataset';
import { type FacilityRow, FacilityRowSchema, HOSPITAL_FACILITIES } from '../../facilities/facility-rows';
import { hospitalGeneralParser } from './parser';

/**
 * The facility reference (shared/facilities): hospitals found by CCN, listed in CCN order whole and
 * per state (the matcher reads a state's hospitals). Each release is a snapshot.
 */
export const hospitalFacilitiesDataset = defineDataset<FacilityRow>({
  id: HOSPITAL_FACILITIES,
  title: 'Hospital General Information (facility reference)',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_hospital_general_information', docId: 'hgi:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_hospital_general_information' ? hospitalGeneralParser : undefined),
  schema: FacilityRowSchema,
  indexes: [{ name: 'ccn', unique: true, keys: (r) => [r.ccn] }],
  listings: {
    facilities: {
      description: 'Hospitals in CCN order, whole and per state.',
      sort: { field: 'ccn', type: 'string' },
      partitionBy: ['state'],
      filters: { state: 'eq' },
    },
  },
  loadPriority: 0,
});
