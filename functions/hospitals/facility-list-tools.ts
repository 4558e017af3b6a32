import { type ToolSpec, tool } from '../../shared/http/tool-spec';

const proves = (what: string) =>
  `Lists ${what} CMS lists on Care Compare (Provider Data Catalog) in the release in force on the date, by state, ZIP, county and ownership, in CCN order, each with its CCN, address, normalized and published ownership and certification date. Facilities an earlier release listed and the release in force does not are kept as terminated, with the start of the first release without them as end date (when CMS stopped listing them, not a termination date from CMS).`;

/** The facility-type lists as agent tools (shared/mcp). */
export const FACILITY_LIST_TOOLS: readonly ToolSpec[] = [
  tool({ name: 'hospice_list', method: 'get', path: '/hospice', proves: proves('the Medicare-certified hospices') }),
  tool({
    name: 'home_health_list',
    method: 'get',
    path: '/home-health',
    proves: proves('the Medicare-certified home health agencies'),
  }),
  tool({
    name: 'nursing_home_list',
    method: 'get',
    path: '/nursing-homes',
    proves: proves('the Medicare- and Medicaid-certified nursing homes'),
  }),
  tool({
    name: 'dialysis_facility_list',
    method: 'get',
    path: '/dialysis',
    proves: proves('the Medicare-certified dialysis facilities'),
  }),
  tool({ name: 'irf_list', method: 'get', path: '/irf', proves: proves('the inpatient rehabilitation facilities') }),
  tool({ name: 'ltch_list', method: 'get', path: '/ltch', proves: proves('the long-term care hospitals') }),
];
