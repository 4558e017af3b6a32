import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { EMPLOYER_NPI_RULE, EmploymentSchema, HospitalAffiliatesSchema } from '../../shared/providers/dac-schemas';
import { providerDossier } from '../../shared/providers/dossier';
import { ProviderDossierSchema } from '../../shared/providers/dossier-schemas';
import { providerEmployment } from '../../shared/providers/employment';
import { hospitalAffiliates } from '../../shared/providers/hospital-affiliates';
import { AffiliatesQuery, HospitalCcnPath, NpiPath, ProviderQuery } from './dac-schemas';

const tags = ['Providers, licenses, exclusions'];
const npiRule = 'An NPI that is not 10 digits or fails its check digit is a 400 naming `npi`.';

const dossierRoute = createRoute({
  method: 'get',
  path: '/provider/{npi}',
  tags,
  summary: 'Provider dossier: identity, licences, quality, employment, trials, facility and hospital affiliations',
  description: `The NPI's dossier on \`as_of\`: \`identity\` (the NPPES registry record) and the blocks \`license_intelligence\`, \`quality_intelligence\`, \`employment_intelligence\`, \`clinical_trials\`, \`facility_affiliations\` (hospital, home health, hospice, nursing home, dialysis, IRF and LTCH, each with its CCN and type) and \`hospital_affiliations\`. Each block is \`{sources, gaps, data}\`: the archived versions it read, a gap per source that could not answer (\`not_loaded\` names a source not loaded yet), and \`data\` (null only when none of its sources could answer). Employment and affiliations come from the CMS Doctors and Clinicians files (source \`cms_dac\`) and the Medicare reassignment list (\`cms_pecos_reassignment\`), linked by NPI; each group's \`employer_npi\` from the Public Provider Enrollment file (\`cms_ppef\`), as /provider/{npi}/employment fills it. ${npiRule} 404 when neither the registry nor those files list the NPI; 503 naming the sources when none of them is in force. At most eight storage reads.`,
  request: { params: NpiPath, query: ProviderQuery },
  responses: { 200: jsonResponse(ProviderDossierSchema, 'The dossier.'), ...problemResponses(400, 401, 404, 503) },
});

const employmentRoute = createRoute({
  method: 'get',
  path: '/provider/{npi}/employment',
  tags,
  summary: "A provider's employment: attribution signals with employer_npi and how each was derived",
  description: `\`attribution_signals[]\` of the NPI on \`as_of\`, each with \`derivation\` (\`reassignment\`: the Revalidation Reassignment List; \`group_practice\`: the DAC national file's org_pac_id; \`facility_affiliation\`: the DAC facility-affiliation file), the employer's identifiers (PAC ID, enrollment ID, CCN), name and state, \`corroborated_by\` (the other derivation naming the same PAC ID) and \`source\` (the archived row). ${EMPLOYER_NPI_RULE} Ordered reassignments, group practices, facility affiliations, each in file order. Not paged: one NPI's rows, at most 2,000 (\`truncated\` says when cut). Four storage reads at most: the timeline heads of NPPES, the links and the enrollments (one batch), the NPPES entry, the links query, and one batched get of every signal's enrollment ID and PAC ID in the PPEF release in force (none when cms_ppef is not in force: the basis says so and a gap names cms_ppef). The dossier's \`employment_intelligence\` block does not make that lookup (its read budget): its \`employer_npi\` stays null. ${npiRule} 404 when no source in force lists the NPI; 503 naming the sources when none is in force.`,
  request: { params: NpiPath, query: ProviderQuery },
  responses: { 200: jsonResponse(EmploymentSchema, 'The signals.'), ...problemResponses(400, 401, 404, 503) },
});

const affiliatesRoute = createRoute({
  method: 'get',
  path: '/dac/hospital/{ccn}/affiliates',
  tags,
  summary: 'Clinicians affiliated with a hospital (DAC facility affiliations)',
  description: `The clinicians the Doctors and Clinicians facility-affiliation file in force on \`as_of\` (source \`cms_dac\`) affiliates with the hospital CCN (rows of facility type Hospital), in NPI order ending on the file version and record (unique). Paged by \`limit\` (at most 1000) and \`next_cursor\`; a page is one storage query of the CCN's partition. A CCN is 6 characters (5 digits get their leading zero back); anything else is a 400 naming \`ccn\`. 404 when the file lists no clinician for the CCN; 503 naming cms_dac when no facility-affiliation file is in force.`,
  request: { params: HospitalCcnPath, query: AffiliatesQuery },
  responses: { 200: jsonResponse(HospitalAffiliatesSchema, 'One page.'), ...problemResponses(400, 401, 404, 503) },
});

/** Registers the dossier, employment and hospital-affiliates reads on the providers group's router. */
export function registerDacRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(dossierRoute, async (c) => {
    const { npi } = c.req.valid('param');
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await providerDossier(deps, npi, date), 200);
  });
  router.openapi(employmentRoute, async (c) => {
    const { npi } = c.req.valid('param');
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await providerEmployment(deps, npi, date), 200);
  });
  router.openapi(affiliatesRoute, async (c) => {
    const { ccn } = c.req.valid('param');
    const { as_of, ...q } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    return c.json(await hospitalAffiliates(deps, ccn, date, q), 200);
  });
}
