import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { MEPS_ORDER, mepsMix } from '../../shared/rx/meps-mix';
import { MEPS_MIN_SAMPLE } from '../../shared/rx/meps-rows';
import { MepsMixAnswerSchema } from '../../shared/rx/meps-schemas';
import { MEPS_MAX_LIMIT, MepsMixQuery } from './meps-schemas';

const mixRoute = createRoute({
  method: 'get',
  path: '/rx/meps/mix',
  tags: ['Drug economics'],
  summary: 'Weighted outpatient drug mix by data year, payer segment and drug (MEPS)',
  description: `National estimates of prescribed-medicine acquisitions, persons and payments per drug for a data year and a person segment, from AHRQ's Medical Expenditure Panel Survey (source ahrq_meps_pmed): the prescribed-medicines file (HC-xxxA) joined to the same year's full-year consolidated file (HC-xxx) by DUPERSID when the file loaded, weighted with the person weight PERWTyyF (the methodology note says so). **Segments** (decided where the spec is silent): 65 and over is \`age_65_plus\`; under 65, INSCOVyy decides \`private_under_65\` (any private coverage), \`public_only_under_65\`, \`uninsured_under_65\`; \`all\` is everyone. **Precision**: a row from fewer than ${MEPS_MIN_SAMPLE} sample persons is withheld (\`suppressed\`, every estimate null), following AHRQ's summary-table rule; standard errors are not computed. Each row carries its share of the segment's acquisitions and the median generic acquisition cost (NADAC in force on \`as_of\`) of the RxNorm ingredient with the same name, \`status\` saying whether the name matched. \`year\` defaults to the latest loaded (a year not loaded is a 404 listing those that are); \`drug\` keeps one drug (exact name). Rollups are computed when the file loads, never per request. Ordered by ${MEPS_ORDER}; paged by \`limit\` (at most ${MEPS_MAX_LIMIT}) and \`cursor\`. 503 naming ahrq_meps_pmed when no file is loaded and released by \`as_of\`.`,
  request: { query: MepsMixQuery },
  responses: {
    200: jsonResponse(MepsMixAnswerSchema, 'The weighted mix.'),
    ...problemResponses(400, 401, 404, 503),
  },
});

/** /rx/meps/mix (issue 18 point 6): registered on the rx group's router. */
export function registerMepsRoutes(router: OpenAPIHono<AppEnv>, deps: Deps): void {
  router.openapi(mixRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await mepsMix(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
