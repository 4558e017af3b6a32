import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { investigatorTrials } from '../../shared/providers/trials';
import { InvestigatorTrialsSchema } from '../../shared/providers/trials-schemas';
import { ProviderNpiPath, TrialsQuery } from './financial-schemas';

const trialsRoute = createRoute({
  method: 'get',
  path: '/provider/{npi}/clinical-trials',
  tags: ['Providers and licenses'],
  summary: "An investigator's clinical trials",
  description:
    'Studies tied to the NPI by Open Payments research rows (source `cms_open_payments`): a record naming the NPI as principal investigator or recipient with a ClinicalTrials.gov identifier, confidence 1.0, with the linking Record_IDs, payers, years and dollars; each completed from the ClinicalTrials.gov set in force (`nlm_ctgov`; `trial` null when that set lacks the study). Ordered by NCT id (unique). Name-and-site matching to ClinicalTrials.gov investigators is not built yet (`method` says so): a study without a manufacturer-reported research payment is not listed. A malformed NPI is a 400 naming `npi`; no Open Payments publication in force is a 503 naming cms_open_payments; an NPI with no research rows is an empty list.',
  request: { params: ProviderNpiPath, query: TrialsQuery },
  responses: { 200: jsonResponse(InvestigatorTrialsSchema, 'The trials.'), ...problemResponses(400, 401, 503) },
});

/** Registers /provider/{npi}/clinical-trials. */
export function registerTrialsRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(trialsRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await investigatorTrials(deps, c.req.valid('param').npi, date), 200);
  });
}
