import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import { comprehensive, crossref, screenBatch, stateForNpi } from '../../shared/exclusions/reads';
import { searchExclusions } from '../../shared/exclusions/search';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { CoverageSchema, exclusionCoverage } from '../../shared/state-exclusions/coverage';
import { mountDemo } from './demo';
import {
  AsOfQuery,
  ComprehensiveAnswer,
  CrossrefAnswer,
  NpiPath,
  ScreenAnswer,
  ScreenRequest,
  SearchAnswer,
  StateAnswer,
  StateSearchQuery,
} from './schemas';
import { EXCLUSION_TOOLS } from './tools';

const tags = ['Exclusions'];
const asOfDesc = 'as_of (YYYY-MM-DD, default today) answers from the list versions in force on that date.';

const comprehensiveRoute = createRoute({
  method: 'get',
  path: '/exclusions/comprehensive/{npi}',
  tags,
  summary: 'Federal plus all state exclusion lists in one call',
  description: `Top-level \`excluded\` covers the OIG LEIE and every loaded state list. Rows are matched by NPI, else by the NPPES registry's names for the NPI plus state. ${asOfDesc}`,
  request: { params: NpiPath, query: AsOfQuery },
  responses: { 200: jsonResponse(ComprehensiveAnswer, 'The verdict with its hits.'), ...problemResponses(400, 401) },
});

const stateNpiRoute = createRoute({
  method: 'get',
  path: '/exclusions/state/{npi}',
  tags,
  summary: 'State exclusion lists for an NPI',
  description: `\`state_excluded\` lists the state exclusions in force on the date. ${asOfDesc}`,
  request: { params: NpiPath, query: AsOfQuery },
  responses: { 200: jsonResponse(StateAnswer, 'State hits.'), ...problemResponses(400, 401) },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/exclusions/state/search',
  tags,
  summary: 'Search the state exclusion lists',
  description:
    'By name (every distinctive word must appear), state and entity type; without a name, a state list in name order. Ordered by state, name, source, version and record; paged.',
  request: { query: StateSearchQuery },
  responses: { 200: jsonResponse(SearchAnswer, 'Matching rows.'), ...problemResponses(400, 401) },
});

const coverageRoute = createRoute({
  method: 'get',
  path: '/exclusions/state/coverage',
  tags,
  summary: 'Which state lists are loaded, as of when, with row counts',
  request: { query: AsOfQuery },
  responses: {
    200: jsonResponse(CoverageSchema, 'Coverage per state and of the federal list.'),
    ...problemResponses(400, 401),
  },
});

const screenRoute = createRoute({
  method: 'post',
  path: '/exclusions/screen',
  tags,
  summary: 'Screen up to 1,000 people or entities',
  description: `Each item: an NPI, or last and first name, or an organization name (state and date of birth sharpen name matches). Returns each item's federal hits and \`state_excluded\` hits, in input order. ${asOfDesc}`,
  request: { body: { content: { 'application/json': { schema: ScreenRequest } }, required: true } },
  responses: {
    200: jsonResponse(ScreenAnswer, 'One result per item, in input order.'),
    ...problemResponses(400, 401, 415),
  },
});

const crossrefRoute = createRoute({
  method: 'get',
  path: '/exclusions/crossref/{npi}',
  tags,
  summary: 'Cross-reference an NPI against every exclusion record',
  description: `Every matching federal row and \`state_exclusion_records\` (in force or not), with a risk flag and its reason. ${asOfDesc}`,
  request: { params: NpiPath, query: AsOfQuery },
  responses: { 200: jsonResponse(CrossrefAnswer, 'Records and risk flag.'), ...problemResponses(400, 401) },
});

/**
 * Exclusion reads (issue 11): federal (OIG LEIE) and state Medicaid lists from the catalog, with
 * the versions each answer was built from. /exclusions/* need a key (free tier included); the
 * /demo/exclusions/* reads are public (shared/auth/policy.ts).
 */
export const exclusionsGroup: RouteGroup = {
  name: 'exclusions',
  description: '/exclusions, /demo/exclusions: federal and state exclusion screening, search and coverage',
  tools: EXCLUSION_TOOLS,
  build(deps) {
    const router = createRouter();
    const asOf = (q: { as_of?: string }) => asOfOrToday(deps.clock, q.as_of);
    router.openapi(comprehensiveRoute, async (c) =>
      c.json(await comprehensive(deps, c.req.valid('param').npi, asOf(c.req.valid('query'))), 200),
    );
    router.openapi(searchRoute, async (c) => {
      const { limit, offset, cursor, include_total, as_of, ...q } = c.req.valid('query');
      return c.json(
        await searchExclusions(
          deps,
          { lists: 'state', ...q, as_of: asOf({ as_of }) },
          { limit, offset, cursor, include_total },
        ),
        200,
      );
    });
    router.openapi(coverageRoute, async (c) => c.json(await exclusionCoverage(deps, asOf(c.req.valid('query'))), 200));
    router.openapi(stateNpiRoute, async (c) =>
      c.json(await stateForNpi(deps, c.req.valid('param').npi, asOf(c.req.valid('query'))), 200),
    );
    router.openapi(screenRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json(await screenBatch(deps, body.items, asOf(body)), 200);
    });
    router.openapi(crossrefRoute, async (c) =>
      c.json(await crossref(deps, c.req.valid('param').npi, asOf(c.req.valid('query'))), 200),
    );
    mountDemo(router, deps, asOf);
    return router;
  },
};
