import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { demand } from '../../shared/rx/demand';
import { DemandAnswerSchema } from '../../shared/rx/demand-schemas';
import { DemandQuery } from './demand-schemas';

const demandRoute = createRoute({
  method: 'get',
  path: '/rx/demand',
  tags: ['Drug economics'],
  summary: 'Medicare Part D prescriber demand by county or metro (CBSA) and drug',
  description:
    "Claims, 30-day fills, days' supply, gross drug cost and beneficiaries of Medicare Part D prescriptions, summed per data year, state, county and drug (`level=county`) or per data year, CBSA and drug (`level=cbsa`) from CMS's \"Medicare Part D Prescribers - by Provider and Drug\" release in force on `as_of` (source cms_partd_prescribers). **Placement** (decided where the spec is silent): each prescriber is placed by the practice-location ZIP of its NPPES record, then in the county and the CBSA holding the largest share of that ZIP's business addresses in HUD's USPS ZIP crosswalk (source hud_usps_zip_crosswalk); prescribers not found keep null county and CBSA. Rollups are computed when the file loads, never per request. **Suppression**: CMS publishes a prescriber-drug row only from 11 claims and blanks beneficiary counts under 11 (and flags the 65-and-over columns `*`/`#`); a row's sum of such a column is null and flagged suppressed whenever any prescriber row it adds had it suppressed (never a partial sum), so no difference of published rows recovers a suppressed cell. Filters: `generic`, `brand` (exact, case ignored), `state` and `county_fips` (county rows), `cbsa` (CBSA rows; the others for the wrong level are a 400 naming them), `year`. Ordered by claims, largest first, then group number (unique); paged by `limit` (at most 1000) and `cursor`. 503 naming cms_partd_prescribers when no release is loaded and in force. `methodology_note` states coverage, lag, placement and suppression.",
  request: { query: DemandQuery },
  responses: { 200: jsonResponse(DemandAnswerSchema, 'The demand rows.'), ...problemResponses(400, 401, 503) },
});

/** /rx/demand (issue 18 point 6): registered on the rx group's router. */
export function registerDemandRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  router.openapi(demandRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await demand(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
