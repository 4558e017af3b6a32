import { defineDataset } from '../../catalog/dataset';
import { type FacilityRow, FacilityRowSchema, HOSPITAL_FACILITIES, placeKeys } from '../../facilities/facility-rows';
import { hospitalGeneralParser } from './source';

/**
 * The facility reference (shared/facilities): hospitals found by CCN and by ZIP or city, listed in CCN order whole and
 * per state (the matcher reads a state's hospitals). Each release is a snapshot.
 */
export const hospitalFacilitiesDataset = defineDataset<FacilityRow>({
  id: HOSPITAL_FACILITIES,
  title: 'Hospital General Information (facility reference)',
  loaderVersion: '2',
  docs: [{ sourceId: 'cms_hospital_general_information', docId: 'hgi:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_hospital_general_information' ? hospitalGeneralParser : undefined),
  schema: FacilityRowSchema,
  // `place`: ZIP and city blocks (facility-rows.ts `placeKeys`), so a page of construction signals
  // reads only the hospitals its matcher can score, not a whole state.
  indexes: [
    { name: 'ccn', unique: true, keys: (r) => [r.ccn] },
    { name: 'place', keys: (r) => placeKeys(r) },
  ],
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
