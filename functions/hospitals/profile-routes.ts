import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { hospitalTrials } from '../../shared/hospitals/hospital-trials';
import { HospitalTrialsSchema } from '../../shared/hospitals/hospital-trials-schemas';
import { cbsaPopulation } from '../../shared/hospitals/population';
import { caseMixIndex, hospitalProfile, hospitalServices } from '../../shared/hospitals/profile';
import {
  CaseMixIndexSchema,
  CbsaPopulationSchema,
  HospitalProfileSchema,
  HospitalServicesSchema,
} from '../../shared/hospitals/profile-schemas';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { CbsaPath, HospitalTrialsQuery, ProfileQuery } from './profile-schemas';
import { CcnPath } from './schemas';

const tags = ['Organizations, hospitals, finance'];
const ccnRule =
  'A CCN is 6 characters with its leading zeros (5 digits get their leading zero back); anything else is a 400 naming `ccn`.';

const profileRoute = createRoute({
  method: 'get',
  path: '/hospitals/{ccn}',
  tags,
  summary: "A hospital's profile: general information, accreditation, teaching status, CBSA population, case mix index",
  description: `Joins, by CCN, CMS Hospital General Information (\`general\`), the CMS Provider of Services file (\`accreditation_agency\`, \`accreditation_expiration_date\`, \`medical_school_affiliation\`, \`termination\`, \`cbsa_code\`), the latest IPPS final rule case mix index in force (\`case_mix_index\`) and the Census population estimate of the POS CBSA from the latest vintage in force (\`cbsa_population\`). Each block carries \`source\`, the archived row it came from (source_id, version_id, sha256, publisher_version, locator); \`links\` says how each was joined. A block is null when its source lacks the CCN or has no version in force (\`gaps\` names it). ${ccnRule} 404 when no source in force lists the CCN; 503 naming the sources when none of General Information, POS and the CMI files is in force. Built from at most five storage reads.`,
  request: { params: CcnPath, query: ProfileQuery },
  responses: { 200: jsonResponse(HospitalProfileSchema, 'The profile.'), ...problemResponses(400, 401, 404, 503) },
});

const cmiRoute = createRoute({
  method: 'get',
  path: '/hospitals/{ccn}/case-mix-index',
  tags,
  summary: "A hospital's IPPS case mix index by fiscal year",
  description: `Every fiscal year's case mix index of the CCN in the IPPS final rule files in force (source \`cms_ipps_cmi\`), newest first: the index, the cases it is computed from, the published column it was read from (the CMI file's \`Case Mix Index\`, the impact file's \`TACMIV<grouper>\`), the published row and its source. Of two releases of one year (a correction notice) the later in force answers. ${ccnRule} 404 when no file in force lists the CCN (only IPPS hospitals have an index); 503 naming cms_ipps_cmi when no file is in force.`,
  request: { params: CcnPath, query: ProfileQuery },
  responses: { 200: jsonResponse(CaseMixIndexSchema, 'The history.'), ...problemResponses(400, 401, 404, 503) },
});

const servicesRoute = createRoute({
  method: 'get',
  path: '/hospitals/{ccn}/services',
  tags,
  summary: 'Services a hospital reported in the Provider of Services file',
  description: `Every service indicator (\`*_SRVC_CD\`) of the CCN's row in the POS file in force (source \`cms_pos\`), in the file's column order: its name, code and whether it is provided by staff, under arrangement, both, or not; \`provided_count\` counts the provided ones. A whole row's services (a few dozen), not paged. ${ccnRule} 404 when the POS file in force lacks the CCN; 503 naming cms_pos when no quarter is in force.`,
  request: { params: CcnPath, query: ProfileQuery },
  responses: { 200: jsonResponse(HospitalServicesSchema, 'The services.'), ...problemResponses(400, 401, 404, 503) },
});

const populationRoute = createRoute({
  method: 'get',
  path: '/market-intelligence/cbsa/{cbsa_code}/population',
  tags,
  summary: 'Population history of a metropolitan or micropolitan area',
  description:
    "July 1 population estimates of the CBSA (or metropolitan division) by year, oldest first, from the Census Bureau vintages in force (source `census_pep_cbsa`): each year from the latest vintage that estimates it, named in `vintage`, with `superseded`, the earlier vintages' figures it revised, and `source`. `estimates_base` is the April 1 base of the latest vintage. A code not of five digits is a 400 naming `cbsa_code`; a code in no vintage in force a 404; no vintage in force a 503 naming census_pep_cbsa. A whole history (about a decade), not paged.",
  request: { params: CbsaPath, query: ProfileQuery },
  responses: { 200: jsonResponse(CbsaPopulationSchema, 'The history.'), ...problemResponses(400, 401, 404, 503) },
});

const trialsRoute = createRoute({
  method: 'get',
  path: '/hospitals/{ccn}/clinical-trials',
  tags,
  summary: 'Clinical trials with a site at the hospital, matched by site name and ZIP',
  description: `Studies of the ClinicalTrials.gov set in force (source \`nlm_ctgov\`) with a US site in the hospital's ZIP, each such site matched to the hospital by the shared facility matcher against Hospital General Information (source \`cms_hospital_general_information\`): listed when a site is \`matched\` to the CCN, or \`ambiguous\` with the CCN among its candidates (not claimed). \`match\` gives the site, status, confidence, method and every candidate; \`method\` states the rule. Ordered by confidence (matched first), then NCT id; paged by \`limit\` (default 50, at most 100) and \`offset\`, with \`total\`. At most 1,000 studies with a site in the ZIP are read (\`searched.truncated\`). ${ccnRule} 404 when Hospital General Information in force lacks the CCN; 503 naming the source when either set has no version in force.`,
  request: { params: CcnPath, query: HospitalTrialsQuery },
  responses: { 200: jsonResponse(HospitalTrialsSchema, 'The trials.'), ...problemResponses(400, 401, 404, 503) },
});

/** Hospital profiles (issue 22 points 1 and 6): profile, case mix index, services, metro population. */
export function registerProfileRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(profileRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await hospitalProfile(deps, c.req.valid('param').ccn, date), 200);
  });
  router.openapi(cmiRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await caseMixIndex(deps, c.req.valid('param').ccn, date), 200);
  });
  router.openapi(servicesRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await hospitalServices(deps, c.req.valid('param').ccn, date), 200);
  });
  router.openapi(trialsRoute, async (c) => {
    const { as_of, limit, offset } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    return c.json(await hospitalTrials(deps, c.req.valid('param').ccn, date, { limit, offset }), 200);
  });
  router.openapi(populationRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await cbsaPopulation(deps, c.req.valid('param').cbsa_code, date), 200);
  });
}
