import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { clinicianQuality, leaderboard } from '../../shared/providers/quality';
import { ClinicianQualitySchema, LeaderboardSchema } from '../../shared/providers/quality-schemas';
import { AFFILIATION_ROWS_CAP } from '../../shared/providers/system-affiliates';
import { systemQuality } from '../../shared/providers/system-quality';
import { SystemQualitySchema } from '../../shared/providers/system-quality-schemas';
import { SCORE_BANDS } from '../../shared/providers/system-quality-stats';
import {
  LeaderboardQuery,
  QualityNpiPath,
  QualityNpiQuery,
  SpecialtyPath,
  SystemQualityPath,
  SystemQualityQuery,
} from './quality-schemas';

const tags = ['Providers and licenses'];
const common =
  'Read from the CMS MIPS performance files (source `cms_qpp_mips`: the Doctors and Clinicians Overall MIPS Performance file and the QPP Experience file) in force on `as_of`; specialty and state are placed at load through the NPPES registry (see methodology_note). No MIPS file in force is a 503 naming cms_qpp_mips.';
/** The spec: "quality router also under /provider and /mips". `/provider/{npi}` stays the dossier. */
const ALIAS_NOTE =
  'The quality router is also served under `/mips` (`/mips/{npi}`, `/mips/leaderboards/{specialty}`, `/mips/systems/{system_id}`) and `/provider` (`/provider/leaderboards/{specialty}`, `/provider/systems/{system_id}`; `/provider/{npi}` is the dossier, whose `quality_intelligence` block carries the same scores).';

const npiRoute = (path: string) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary: "A clinician's MIPS final and category scores",
    description: `Every MIPS row of the NPI in the files in force: final score, quality, Promoting Interoperability, Improvement Activities and cost category scores, the practice (PAC ID) scored, the published row and its source; \`best_final_score\` is the highest final score of the newest year. A malformed NPI is a 400 naming \`npi\`; an NPI no file in force lists is a 404. ${common} ${ALIAS_NOTE}`,
    request: { params: QualityNpiPath, query: QualityNpiQuery },
    responses: { 200: jsonResponse(ClinicianQualitySchema, 'The scores.'), ...problemResponses(400, 401, 404, 503) },
  });

const leaderboardRoute = (path: string) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary: 'MIPS leaderboard of a specialty',
    description: `Clinicians of the specialty ranked by MIPS final score (descending), ties ordered by NPI then PAC ID, so the order ends on a unique key; \`rank\` is the position, \`tie_rank\` the competition rank (ties share it). One entry per published row (a clinician scored under two practices appears twice). Filters: \`state\`, \`min_volume\` (Medicare patients). Built at load as one partition per specialty; paged by \`limit\` (at most 1000) and \`next_cursor\`, which carries the rank. A specialty no file in force lists is a 404 (unfiltered first page). ${common} ${ALIAS_NOTE}`,
    request: { params: SpecialtyPath, query: LeaderboardQuery },
    responses: { 200: jsonResponse(LeaderboardSchema, 'The leaderboard.'), ...problemResponses(400, 401, 404, 503) },
  });

/**
 * The published path; the /mips and /provider aliases answer the same but stay out of the contract
 * (described on it): with them the contract passed 134 operations, and Swagger UI 5.35 on /docs then
 * renders only its first tag (tests/e2e/pages.test.ts; cause not found yet, see README Known gaps).
 */
const SYSTEM_PATH = '/quality/systems/{system_id}';

const systemRoute = (path: string) =>
  createRoute({
    method: 'get',
    path,
    hide: path !== SYSTEM_PATH,
    tags,
    summary: "MIPS quality of a health system's clinicians",
    description: `Rolls up the clinicians of an AHRQ Compendium health system (the id of \`/systems/{id}\`): its hospitals are the Compendium hospital linkage rows in force (source \`ahrq_compendium\`), their clinicians the Doctors and Clinicians facility-affiliation rows of type hospital with each hospital's CCN (source \`cms_dac\`), and each clinician's score its highest MIPS final score of \`performance_year\`, the newest performance year of the MIPS files in force. A clinician of two of the system's hospitals is counted once (and in each hospital's row). Answers the counts (hospitals linked, read; clinicians affiliated, with a MIPS row, scored), the mean, median, min and max final score, the clinicians per score band (${SCORE_BANDS.map((b) => b.band).join(', ')}), per-specialty and per-hospital figures, and a page of clinicians ranked by final score (descending, unscored last, ties ending on NPI; \`rank\` the position, \`tie_rank\` the competition rank), paged by \`limit\` (at most 1000) and \`next_cursor\`. Computed per request (a join of three sources' files, not a load-time rollup) and bounded: at most ${AFFILIATION_ROWS_CAP} facility-affiliation rows are read; a larger system is answered for its first hospitals in Compendium hospital-id order, the others marked \`not_read_cap\` with \`cap.truncated\` true. No facility-affiliation file in force: 200 with the hospitals, clinician figures null and a gap naming cms_dac; no MIPS file in force: clinicians listed unscored, score figures null, a gap naming cms_qpp_mips. A malformed id is a 400 naming \`system_id\`; an id the Compendium in force lacks is a 404; no Compendium in force is a 503 naming ahrq_compendium. ${ALIAS_NOTE}`,
    request: { params: SystemQualityPath, query: SystemQualityQuery },
    responses: { 200: jsonResponse(SystemQualitySchema, 'The rollup.'), ...problemResponses(400, 401, 404, 503) },
  });

/** Registers /quality/{npi}, /quality/leaderboards/{specialty} and /quality/systems/{system_id}, and their /mips and /provider aliases. */
export function registerQualityRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  for (const path of [SYSTEM_PATH, '/mips/systems/{system_id}', '/provider/systems/{system_id}']) {
    router.openapi(systemRoute(path), async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await systemQuality(deps, c.req.valid('param').system_id, date, q), 200);
    });
  }
  for (const path of [
    '/quality/leaderboards/{specialty}',
    '/mips/leaderboards/{specialty}',
    '/provider/leaderboards/{specialty}',
  ]) {
    router.openapi(leaderboardRoute(path), async (c) => {
      const { as_of, ...q } = c.req.valid('query');
      const date = asOfOrToday(deps.clock, as_of);
      return c.json(await leaderboard(deps, c.req.valid('param').specialty, date, q), 200);
    });
  }
  for (const path of ['/quality/{npi}', '/mips/{npi}']) {
    router.openapi(npiRoute(path), async (c) => {
      const date = asOfOrToday(deps.clock, c.req.valid('query').as_of);
      return c.json(await clinicianQuality(deps, c.req.valid('param').npi, date), 200);
    });
  }
}
