import { createRoute, z } from '@hono/zod-openapi';
import type { createRouter } from '../../shared/http/app';
import { NotFoundError } from '../../shared/http/errors';
import { PageQuery, pageArray, pageOf } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { MARKDOWN } from './changelog';
import { listResources } from './documents';

const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lowercase letters, digits and hyphens')
  .openapi({ param: { name: 'slug', in: 'path' }, example: 'warrant-method' });

const ResourceSummary = z
  .object({
    slug: z.string().openapi({ example: 'warrant-method' }),
    title: z.string(),
    url: z.string().openapi({ description: 'Where the markdown text is served.' }),
    media_type: z.literal('text/markdown'),
  })
  .openapi('ResourceSummary');

const list = createRoute({
  method: 'get',
  path: '/resources',
  tags: ['Meta'],
  summary: 'Methodology documents',
  description: 'How the archive, the as-of resolver, the warrant, attestation and freshness work, in slug order.',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ResourceSummary, 'ResourcePage'), 'A page of documents.'),
    ...problemResponses(400),
  },
});

const one = createRoute({
  method: 'get',
  path: '/resources/{slug}',
  tags: ['Meta'],
  summary: 'One methodology document (markdown)',
  request: { params: z.object({ slug: Slug }) },
  responses: {
    200: { description: 'Markdown.', content: { 'text/markdown': { schema: z.string() } } },
    ...problemResponses(400, 404),
  },
});

/** GET /resources and /resources/{slug}: the markdown files of docs/resources/, titled by their heading. */
export function mountResources(router: ReturnType<typeof createRouter>): void {
  router.openapi(list, (c) => {
    const base = c.get('publicBaseUrl');
    const all = listResources().map((r) => ({
      slug: r.slug,
      title: r.title,
      url: `${base}/resources/${r.slug}`,
      media_type: 'text/markdown' as const,
    }));
    return c.json(pageArray(all, c.req.valid('query'), { list: 'resources', key: (r) => r.slug }), 200);
  });
  router.openapi(one, (c) => {
    const { slug } = c.req.valid('param');
    const doc = listResources().find((r) => r.slug === slug);
    if (!doc) throw new NotFoundError(`No methodology document '${slug}'; GET /resources lists them.`);
    return c.body(doc.text, 200, { 'content-type': MARKDOWN });
  });
}
