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
    "Trials tied to the NPI, in two steps, each item saying how (`link.method`) and with a `confidence`. First, Open Payments research rows (source `cms_open_payments`): a record naming the NPI as principal investigator or recipient with a ClinicalTrials.gov identifier, confidence 1.0, with the linking Record_IDs, payers, years and dollars. Then, name and site (`name_and_site`): the NPI's NPPES record (source `nppes`, as loaded today; individuals only) gives the name and practice place; the ClinicalTrials.gov set in force (`nlm_ctgov`) is searched by its `inv:<last name>_<first initial>_<state>` token in the practice state (site investigators at their US site; overall officials at the sites whose facility names their affiliation, else in every US site's state), newest update first, at most 25 studies (`name_search.capped` beyond); a full first name that differs is no match (no nicknames). Confidence: full first name and site ZIP5 = practice ZIP5 0.95, same city 0.85, same state only 0.6; first initial only 0.75, 0.6, 0.35; a middle initial given on both sides that differs takes 0.15 off; listed from 0.5. The item names the matched person (name as registered, role, official or site investigator), the site that agreed and the fields that agreed (`matched_on`) or differ. One item per study: a study Open Payments links is not listed again; a study with several matching persons shows the best. A name match agrees with this NPI's record only: other registry individuals of the same name are not weighed (a study's `npi_links` are). Order: Open Payments links by NCT id, then name matches by confidence, best first, then NCT id. Each item is completed from the set in force (`trial` null when it lacks the study). `name_search` says what was searched or why nothing was (`not_searched`: not in the registry, an organization, no US practice state; `not_loaded`; `too_common`). A malformed NPI is a 400 naming `npi`; no Open Payments publication in force answers the name-and-site matches alone, with a gap naming `cms_open_payments` saying its research links are missing; a 503 names both sources only when neither part can answer (no Open Payments publication and no ClinicalTrials.gov set in force); an NPI with neither kind of link is an empty list.",
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
