import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import {
  AlertsSchema,
  DisciplinarySchema,
  DisciplineCoverageSchema,
  LicensesSchema,
  StateLicensesSchema,
} from '../../shared/providers/licenses/license-schemas';
import {
  ALERT_WINDOW_DAYS,
  disciplineCoverage,
  providerDisciplinary,
  providerLicenses,
  recentAlerts,
  stateLicenses,
} from '../../shared/providers/licenses/reads';
import { ALERTS_MAX_LIMIT, AlertsQuery, LicenseAsOfQuery, LicenseNpiPath, LicenseStatePath } from './license-schemas';

const tags = ['Providers and licenses'];
const held =
  'State board files are held for Washington (DOH credentials), Colorado (DORA licences with discipline) and New York (OPMC medical conduct actions); none of them carries NPIs, so rows are tied to an NPI through the licences the provider registered in NPPES (state and number) with the board\u2019s last name equal to the registry\u2019s (`match_rule`).';
const npiRule =
  'An NPI that is not 10 digits with a valid check digit is a 400 naming `npi`; an NPI the NPPES registry does not list is a 404; no registry loaded is a 503 naming nppes.';

const licensesRoute = createRoute({
  method: 'get',
  path: '/licenses/{npi}',
  tags,
  summary: 'A provider\u2019s state licences, with the board\u2019s record where held and where to verify',
  description: `One entry per licence (state and number): each licence the provider registered in NPPES, and each licence row of a held board file tied to the NPI. \`board_record\` is the board\u2019s row (type, status, issue and expiry dates, whether a public action is flagged) with its source; \`board_status\` says why it is null (\`no_bulk_data\`: no adapter for the state; \`actions_only_file\`; \`not_in_board_file\`). \`disciplinary_actions\` counts the held actions on the licence. Every licence carries \`verify_at\` (board lookup and disciplinary pages from the curated directory). ${held} ${npiRule}`,
  request: { params: LicenseNpiPath, query: LicenseAsOfQuery },
  responses: { 200: jsonResponse(LicensesSchema, 'The licences.'), ...problemResponses(400, 401, 404, 503) },
});

const disciplinaryRoute = createRoute({
  method: 'get',
  path: '/licenses/{npi}/disciplinary',
  tags,
  summary: 'Disciplinary actions against a provider in the held state board files',
  description: `The actions of the held state files tied to the NPI, newest first (undated last: Washington flags an action without dating it), each with the board\u2019s action text, date, case or misconduct text, its source row, how it was tied to the NPI and \`verify_at\`. \`states_not_held\` lists the states where the provider registered a licence but whose discipline is not held, with their \`verify_at\`: an empty \`actions\` is not a clean record there. ${held} ${npiRule}`,
  request: { params: LicenseNpiPath, query: LicenseAsOfQuery },
  responses: { 200: jsonResponse(DisciplinarySchema, 'The actions.'), ...problemResponses(400, 401, 404, 503) },
});

const alertsRoute = createRoute({
  method: 'get',
  path: '/licenses/alerts/recent',
  tags,
  summary: 'New disciplinary actions by date',
  description: `Dated actions of the held state files whose action date falls from \`since\` (default ${ALERT_WINDOW_DAYS} days before as_of) to as_of, newest first, then by version and record (unique). Filters \`state\` and \`profession\`; paged by \`limit\` (1 to ${ALERTS_MAX_LIMIT}, default 50) and \`cursor\`. Each alert carries \`verify_at\` and its NPI when tied to one. A malformed filter is a 400 naming it; since after as_of is a 400 naming \`since\`; no state file in force is a 503 naming the state sources.`,
  request: { query: AlertsQuery },
  responses: { 200: jsonResponse(AlertsSchema, 'A page of alerts.'), ...problemResponses(400, 401, 503) },
});

const stateRoute = createRoute({
  method: 'get',
  path: '/licenses/state/{state}',
  tags,
  summary: 'What this service holds of a state\u2019s licensing boards, and where to verify',
  description:
    'The `board_directory` block (the state\u2019s boards with lookup and disciplinary pages, from the curated directory; the national look-ups when it lists none) and, when a state adapter exists, its coverage and vintage record: professions, rows, history, publishing rhythm, whether it carries NPIs, what it omits, the layout it reads, the version in force and its licence and action counts (below 11 withheld). A state without an adapter answers 200 with `bulk_data_held: false`, `adapter: null`, a note saying no bulk data is held, and its `verify_at` links. A code that is not a USPS state or territory is a 400 naming `state`.',
  request: { params: LicenseStatePath, query: LicenseAsOfQuery },
  responses: { 200: jsonResponse(StateLicensesSchema, 'The state.'), ...problemResponses(400, 401) },
});

const coverageRoute = createRoute({
  method: 'get',
  path: '/accuracy/discipline-coverage',
  tags,
  summary: 'Per-state discipline coverage against the NPDB benchmark (no key needed)',
  description:
    'Per state: the action rows the held state file counts beside the NPDB public use file\u2019s adverse action reports of practitioners first licensed in that state, and their ratio. Counts below 11 are withheld (null, named in `withheld`) on both sides, with no ratio. `methodology_note` states why the two counts are not like for like. Unauthenticated. 503 naming the sources when neither a state file nor the NPDB file is loaded.',
  request: { query: LicenseAsOfQuery },
  responses: { 200: jsonResponse(DisciplineCoverageSchema, 'The comparison.'), ...problemResponses(400, 503) },
});

/** Licences and discipline (issue 21 points 5 and 6). */
export function registerLicenseRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(licensesRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await providerLicenses(deps, c.req.valid('param').npi, date), 200);
  });
  router.openapi(disciplinaryRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await providerDisciplinary(deps, c.req.valid('param').npi, date), 200);
  });
  router.openapi(alertsRoute, async (c) => {
    const { as_of, since, state, profession, limit, cursor } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    if (since && since > date) throw ValidationError.single('query', 'since', `must be on or before as_of (${date})`);
    return c.json(await recentAlerts(deps, date, { since, state, profession, limit, cursor }), 200);
  });
  router.openapi(stateRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await stateLicenses(deps, c.req.valid('param').state, date), 200);
  });
  router.openapi(coverageRoute, async (c) => {
    const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
    return c.json(await disciplineCoverage(deps, date), 200);
  });
}
