import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { TrialDetailSchema, TrialListSchema } from '../../shared/trials/schemas';
import { listTrials, trialDetail } from '../../shared/trials/trials';
import { AsOfQuery, NctPath, TrialsListQuery } from './schemas';
import { TRIALS_TOOLS } from './tools';

const tags = ['Clinical trials'];
const source =
  'Read from the ClinicalTrials.gov set (source `nlm_ctgov`: a complete walk of API v2 GET /studies, archived page by page) in force on `as_of`; `sources` names the set version (its manifest sha256) and each study its page and byte offset. No set in force: a 503 problem naming nlm_ctgov.';

const listRoute = createRoute({
  method: 'get',
  path: '/clinical-trials',
  tags,
  summary: 'Search clinical trials',
  description: `Studies filtered by \`condition\`, \`status\`, \`phase\`, \`sponsor\` (lead or collaborator), a site's \`state\`, \`city\` or \`zip\`, and \`updated_since\`/\`updated_until\` (last update posted). Filters combine (AND). Word filters (condition, sponsor) match every word given. Sorted by NCT id, or \`sort=last_update\` newest first, always ending on a unique key; paged by \`limit\` and \`cursor\`, with \`total\`, the exact count of the whole search on every page. Limit: condition, sponsor, phase, state, city and zip are one word search driven by its longest word; when that word alone is on more than 20,000 studies the search is a 400 (\`too_broad\`, naming the parameters) asking for more words or filters, rather than a partial list or count. Status and the update window alone are never too broad. ${source}`,
  request: { query: TrialsListQuery },
  responses: { 200: jsonResponse(TrialListSchema, 'Matching studies.'), ...problemResponses(400, 401, 503) },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/clinical-trials/{nct_id}',
  tags,
  summary: 'One clinical trial',
  description: `The study with its status, phases, conditions, interventions, sponsor and collaborators, dates (as published, with ACTUAL/ESTIMATED), enrollment, sites (facility, city, state, USPS state code, ZIP, country, site investigators) and overall officials as given. \`npi_links\`: each official and site investigator searched for in the NPPES registry by name and place (the site's state, city and ZIP), with scored candidates and the method; an NPI is claimed (\`linked\`) only when exactly one candidate reaches 0.8, ambiguous names list their candidates and claim none; a study searches 40 name-state pairs at most. No registry loaded: \`npi_links.status\` is \`not_loaded\` with its gap, the study still answers. \`ccn_links\`: each US site (facility name, city, state, ZIP) matched to a hospital CCN by the shared facility matcher against the hospital general information file (\`cms_hospital_general_information\`) in force on \`as_of\`, one entry per US site with its status, confidence, method and candidates: \`matched\` (a CCN) only when one hospital of the site's ZIP or city reaches 0.8 and the next is at least 0.1 below (trial sites give no street address: the same normalized name scores 0.85, \`name_city\`), \`ambiguous\` lists candidates and claims none, \`unmatched\` has none; only the hospitals under the sites' ZIP and city keys are read (a site naming no facility is \`not_searched\`). No reference in force on the date: \`ccn_links.status\` is \`not_loaded\` with a gap naming it, the study still answers. \`sources\` adds the registry versions searched and the hospital reference version matched against. An NCT number is \`NCT\` and 8 digits, any case; one not in the set is a 404. ${source}`,
  request: { params: NctPath, query: AsOfQuery },
  responses: { 200: jsonResponse(TrialDetailSchema, 'The study.'), ...problemResponses(400, 401, 404, 503) },
});

/** Clinical-trial reads (issue 23): ClinicalTrials.gov studies. */
export const trialsGroup: RouteGroup = {
  name: 'trials',
  description: '/clinical-trials: ClinicalTrials.gov study search and detail',
  tools: TRIALS_TOOLS,
  build(deps) {
    const router = createRouter();
    router.openapi(listRoute, async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      return c.json(await listTrials(deps, q, asOfOrToday(deps.clock, as_of)), 200);
    });
    router.openapi(detailRoute, async (c) =>
      c.json(
        await trialDetail(deps, c.req.valid('param').nct_id, asOfOrToday(deps.clock, c.req.valid('query').as_of)),
        200,
      ),
    );
    return router;
  },
};
