import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../shared/deps';
import { check } from '../../shared/exclusions/reads';
import { searchExclusions } from '../../shared/exclusions/search';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { CoverageSchema, exclusionCoverage } from '../../shared/state-exclusions/coverage';
import {
  AsOfQuery,
  CheckAnswer,
  CheckQuery,
  DEMO_MAX_ROWS,
  DemoSearchAnswer,
  DemoSearchQuery,
  namesSubject,
  SUBJECT_REQUIRED,
} from './schemas';

const tags = ['Exclusions (demo)'];

const checkRoute = createRoute({
  method: 'get',
  path: '/demo/exclusions/check',
  tags,
  summary: 'Check one provider without a key',
  description: 'By npi, or last_name with first_name, or organization_name (state and dob sharpen name matches).',
  request: { query: CheckQuery },
  responses: { 200: jsonResponse(CheckAnswer, 'The verdict with its hits.'), ...problemResponses(400) },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/demo/exclusions/search',
  tags,
  summary: `Search federal and state lists by name without a key (at most ${DEMO_MAX_ROWS} rows)`,
  description: `Returns at most ${DEMO_MAX_ROWS} rows whatever limit is asked; the answer says when it capped.`,
  request: { query: DemoSearchQuery },
  responses: { 200: jsonResponse(DemoSearchAnswer, 'Matching rows, capped.'), ...problemResponses(400) },
});

const coverageRoute = createRoute({
  method: 'get',
  path: '/demo/exclusions/coverage',
  tags,
  summary: 'Exclusion list coverage without a key',
  request: { query: AsOfQuery },
  responses: {
    200: jsonResponse(CoverageSchema, 'Coverage per state and of the federal list.'),
    ...problemResponses(400),
  },
});

/** The unauthenticated demo reads (spec Limits: unauthenticated screening search capped at 25 rows). */
export function mountDemo(
  router: ReturnType<typeof createRouter>,
  deps: Deps,
  asOf: (q: { as_of?: string }) => string,
): void {
  router.openapi(checkRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    if (!namesSubject(q)) throw ValidationError.single('query', 'npi', SUBJECT_REQUIRED, 'missing');
    return c.json(await check(deps, q, asOf({ as_of })), 200);
  });
  router.openapi(searchRoute, async (c) => {
    const { limit, offset, cursor, include_total, as_of, ...q } = c.req.valid('query');
    const capped = Math.min(limit, DEMO_MAX_ROWS);
    const page = await searchExclusions(
      deps,
      { lists: 'all', ...q, as_of: asOf({ as_of }) },
      { limit: capped, offset, cursor, include_total },
    );
    return c.json(
      {
        ...page,
        limit_requested: limit,
        max_rows: DEMO_MAX_ROWS,
        capped: limit > DEMO_MAX_ROWS,
        note: `Unauthenticated search returns at most ${DEMO_MAX_ROWS} rows per request${limit > DEMO_MAX_ROWS ? ` (asked ${limit})` : ''}; use /exclusions/state/search with an API key for more.`,
      },
      200,
    );
  });
  router.openapi(coverageRoute, async (c) => c.json(await exclusionCoverage(deps, asOf(c.req.valid('query'))), 200));
}
