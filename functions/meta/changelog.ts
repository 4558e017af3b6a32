import { createRoute, z } from '@hono/zod-openapi';
import type { createRouter } from '../../shared/http/app';
import { problemResponses } from '../../shared/http/schemas';
import { contentFile } from './content';

export const MARKDOWN = 'text/markdown; charset=utf-8';

const changelog = createRoute({
  method: 'get',
  path: '/changelog',
  tags: ['Meta'],
  summary: 'Change log (raw markdown)',
  description:
    'CHANGELOG.md as kept in the repository: one `## YYYY-MM-DD` section per release date (UTC), grouped under Added, Changed, Fixed, Deprecated, Removed and Security.',
  responses: {
    200: { description: 'Markdown.', content: { 'text/markdown': { schema: z.string() } } },
    ...problemResponses(),
  },
});

/** GET /changelog: served verbatim, so what is published is exactly what the repository holds. */
export function mountChangelog(router: ReturnType<typeof createRouter>): void {
  router.openapi(changelog, (c) => c.body(contentFile('CHANGELOG.md') ?? '', 200, { 'content-type': MARKDOWN }));
}
