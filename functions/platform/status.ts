import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { SourceCatalog } from '../../shared/platform/catalog';
import { platformStats } from '../../shared/platform/stats';
import { platformStatus } from '../../shared/platform/status';
import { wantsHtml } from './html';
import { FormatQuery } from './my-usage';
import { renderStatusPage } from './pages';
import { StatsSchema, StatusSchema } from './schemas';

const status = createRoute({
  method: 'get',
  path: '/status',
  tags: ['Platform'],
  summary: 'Public traffic-light status',
  description:
    'Database, object storage, mail (configured or not) and pipeline freshness. Amber when a scheduled source is late; red, with status 503, when a dependency fails or any source is critical. Exempt sources never change the light. Browsers get an HTML page.',
  request: { query: FormatQuery },
  responses: {
    200: {
      description: 'Green or amber.',
      content: { 'application/json': { schema: StatusSchema }, 'text/html': { schema: z.string() } },
    },
    503: {
      description: 'Red: a dependency is failing or a source is critical.',
      content: { 'application/json': { schema: StatusSchema }, 'text/html': { schema: z.string() } },
    },
    ...problemResponses(400),
  },
});

const stats = createRoute({
  method: 'get',
  path: '/platform/stats',
  tags: ['Platform'],
  summary: 'Live platform counts',
  description:
    'Rows held per source and in total, sources registered and loaded, archive files, facility and clinician counts where a source holding them is loaded (null otherwise), and the last pipeline (fetch) run.',
  responses: { 200: jsonResponse(StatsSchema, 'Counts read live.'), ...problemResponses() },
});

export function mountStatus(router: ReturnType<typeof createRouter>, deps: Deps): void {
  const catalog = new SourceCatalog(deps);
  router.openapi(status, async (c) => {
    const report = await platformStatus(deps, catalog);
    const code = report.light === 'red' ? 503 : 200;
    if (wantsHtml(c, c.req.valid('query').format)) return c.html(renderStatusPage(report), code);
    return code === 503 ? c.json(report, 503) : c.json(report, 200);
  });
  router.openapi(stats, async (c) => c.json(await platformStats(deps, catalog), 200));
}
