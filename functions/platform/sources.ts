import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { MAX_LIMIT, PageQuery } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { SourceCatalog } from '../../shared/platform/catalog';
import { wantsHtml } from './html';
import { FormatQuery } from './my-usage';
import { renderSourcesPage } from './pages';
import { CatalogEntrySchema, CatalogPage, LoadHistoryPage, SourceIdParam } from './schemas';

const tags = ['Platform'];

const list = createRoute({
  method: 'get',
  path: '/sources',
  tags,
  summary: 'Source catalog',
  description:
    'Every registered source: license, declared cadence, accuracy class, the warrant blocks it feeds, archive file count, last fetch, last change and latest publisher version, last load and row count, and freshness. Browsers get an HTML table (Accept: text/html or format=html) of every source, or of `limit` sources when it is given.',
  request: { query: PageQuery.extend(FormatQuery.shape) },
  responses: {
    200: {
      description: 'Sources ordered by source_id.',
      content: { 'application/json': { schema: CatalogPage }, 'text/html': { schema: z.string() } },
    },
    ...problemResponses(400),
  },
});

const one = createRoute({
  method: 'get',
  path: '/sources/{source_id}',
  tags,
  summary: 'One source',
  request: { params: SourceIdParam },
  responses: { 200: jsonResponse(CatalogEntrySchema, 'The catalog entry.'), ...problemResponses(400, 404) },
});

const history = createRoute({
  method: 'get',
  path: '/sources/{source_id}/history',
  tags,
  summary: 'Load attempts of a source',
  description: 'Newest first: timing, status, versions loaded and the row count before, after and the delta.',
  request: { params: SourceIdParam, query: PageQuery },
  responses: { 200: jsonResponse(LoadHistoryPage, 'Load attempts.'), ...problemResponses(400, 404) },
});

export function mountSources(router: ReturnType<typeof createRouter>, deps: Deps): void {
  const catalog = new SourceCatalog(deps);
  router.openapi(list, async (c) => {
    const { format, ...p } = c.req.valid('query');
    const html = wantsHtml(c, format);
    // The HTML page lists every source unless `limit` is given (the JSON list keeps its default page),
    // and says "n of total": the registry is in memory, so its total costs nothing.
    const limit = html && c.req.query('limit') === undefined ? MAX_LIMIT : p.limit;
    const page = await catalog.list(html ? { ...p, limit, include_total: true } : p);
    if (html) return c.html(renderSourcesPage(page.items, page.total), 200);
    return c.json(page, 200);
  });
  router.openapi(one, async (c) => c.json(await catalog.get(c.req.valid('param').source_id), 200));
  router.openapi(history, async (c) =>
    c.json(await catalog.history(c.req.valid('param').source_id, c.req.valid('query')), 200),
  );
}
