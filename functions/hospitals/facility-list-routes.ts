import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { FACILITY_LIST_METHODOLOGY, FacilityListSchema } from '../../shared/facilities/facility-list-schemas';
import { listFacilities } from '../../shared/facilities/facility-lists';
import type { FacilityType } from '../../shared/facilities/pdc-rows';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { FacilityListQuery } from './facility-list-schemas';

const tags = ['Organizations, hospitals, finance'];

/**
 * The facility-type lists (issue 22 point 7; the spec row "/hospice and other facility-type lists"):
 * `/hospice` as the spec names it, and one path per other Care Compare facility file, named for the
 * facility type in plural kebab case (`/nursing-homes`, `/home-health`, `/dialysis`) or by its CMS
 * acronym (`/irf`, `/ltch`). Each reads its own document of cms_pdc_facilities.
 */
export const FACILITY_LISTS: readonly { path: string; type: FacilityType; what: string; file: string }[] = [
  { path: '/hospice', type: 'hospice', what: 'Hospices', file: 'Hospice General Information' },
  { path: '/home-health', type: 'home_health', what: 'Home health agencies', file: 'Home Health Care Agencies' },
  {
    path: '/nursing-homes',
    type: 'nursing_home',
    what: 'Nursing homes',
    file: 'Nursing Home Provider Information (NH_ProviderInfo)',
  },
  {
    path: '/dialysis',
    type: 'dialysis',
    what: 'Dialysis facilities',
    file: 'Dialysis Facility listing (DFC_FACILITY)',
  },
  {
    path: '/irf',
    type: 'irf',
    what: 'Inpatient rehabilitation facilities (IRF)',
    file: 'Inpatient Rehabilitation Facility General Information',
  },
  {
    path: '/ltch',
    type: 'ltch',
    what: 'Long-term care hospitals (LTCH)',
    file: 'Long-Term Care Hospital General Information',
  },
];

const PATHS_NOTE =
  'The spec names `/hospice` and "other facility-type lists"; the others are `/home-health`, `/nursing-homes`, `/dialysis`, `/irf` and `/ltch`, one per Care Compare facility file.';

function routeOf(l: (typeof FACILITY_LISTS)[number]) {
  return createRoute({
    method: 'get',
    path: l.path,
    tags,
    summary: `${l.what}: Medicare-certified facility list`,
    description: `${l.what} from the CMS Provider Data Catalog file ${l.file} (source \`cms_pdc_facilities\`), as listed by the release in force on \`as_of\`, terminated ones kept. Filters: \`state\`, \`zip\` (5 digits), \`county\` (any case), \`ownership\` (normalized), \`status\` (active, terminated, all). Ordered by CCN (unique per release); paged by \`limit\` (at most 1000) and \`next_cursor\`. A state filter reads that state's partition; the other filters are applied while reading (a page reads at most 5,000 rows, so a rare filter may return a short page with a cursor). Each row names its source; bad parameters are 400 naming them; no release of the file in force is a 503 naming cms_pdc_facilities. ${PATHS_NOTE} ${FACILITY_LIST_METHODOLOGY}`,
    request: { query: FacilityListQuery },
    responses: { 200: jsonResponse(FacilityListSchema, `${l.what}.`), ...problemResponses(400, 401, 503) },
  });
}

/** Registers the six facility-type lists on the hospitals group's router. */
export function registerFacilityListRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  for (const l of FACILITY_LISTS) {
    router.openapi(routeOf(l), async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await listFacilities(deps, l.type, date, q), 200);
    });
  }
}
