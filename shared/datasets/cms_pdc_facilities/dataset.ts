import { defineDataset } from '../../catalog/dataset';
import {
  FACILITY_DOC,
  FACILITY_TYPES,
  PDC_FACILITIES,
  type PdcFacilityRow,
  PdcFacilityRowSchema,
} from '../../facilities/pdc-rows';
import { pdcParsers } from './source';

const byDoc = new Map(FACILITY_TYPES.map((t) => [FACILITY_DOC[t], pdcParsers[t]]));

/**
 * The facility lists (shared/facilities/facility-lists.ts): each facility file's release is a
 * snapshot; its `facilities` listing is in CCN order (unique per release), whole and per state,
 * filtered by ZIP, county, ownership and status. Facilities a release no longer lists are carried
 * into it as terminated when it loads (`carry`, shared/catalog/carry.ts), with the start of the
 * first release without them as their end date.
 */
export const pdcFacilitiesDataset = defineDataset<PdcFacilityRow>({
  id: PDC_FACILITIES,
  title: 'Provider Data Catalog facility files',
  loaderVersion: '1',
  docs: FACILITY_TYPES.map((t) => ({ sourceId: 'cms_pdc_facilities', docId: FACILITY_DOC[t], mode: 'snapshot' })),
  parserFor: (f) => (f.source_id === 'cms_pdc_facilities' ? byDoc.get(f.doc_id) : undefined),
  schema: PdcFacilityRowSchema,
  indexes: [],
  listings: {
    facilities: {
      description: 'Facilities of a release in CCN order (terminated ones carried in), whole and per state.',
      sort: { field: 'ccn', type: 'string' },
      partitionBy: ['state'],
      filters: { state: 'eq', zip: 'eq', county_key: 'eq', ownership: 'eq', status: 'eq' },
    },
  },
  carry: {
    listing: 'facilities',
    status: { field: 'status', ended: 'terminated' },
    end: 'end_date',
    last: 'last_release',
  },
});
