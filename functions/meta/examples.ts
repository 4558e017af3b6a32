import { createRoute, z } from '@hono/zod-openapi';
import type { createRouter } from '../../shared/http/app';
import { NotFoundError } from '../../shared/http/errors';
import { PageQuery, pageArray, pageOf } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { listExamples } from './documents';

const Lang = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'a lowercase sample name such as curl, typescript, python or agent')
  .openapi({ param: { name: 'lang', in: 'path' }, example: 'python' });

const ExampleSummary = z
  .object({
    lang: z.string().openapi({ example: 'python' }),
    title: z.string(),
    filename: z.string().openapi({ example: 'python.py' }),
    url: z.string().openapi({ description: 'Where the source text is served.' }),
  })
  .openapi('ExampleSummary');

const list = createRoute({
  method: 'get',
  path: '/examples',
  tags: ['Meta'],
  summary: 'Code samples',
  description:
    "curl, TypeScript with the typed client, Python verifying a signed response offline, and an agent (an MCP client calling the tools at /mcp with its key). `lang` is the sample's name: its language, or `agent`. Each sample is run by the test suite against the local server.",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ExampleSummary, 'ExamplePage'), 'A page of samples.'),
    ...problemResponses(400),
  },
});

const one = createRoute({
  method: 'get',
  path: '/examples/{lang}',
  tags: ['Meta'],
  summary: 'One code sample (source text)',
  request: { params: z.object({ lang: Lang }) },
  responses: {
    200: { description: 'The sample source as plain text.', content: { 'text/plain': { schema: z.string() } } },
    ...problemResponses(400, 404),
  },
});

/** GET /examples and /examples/{lang}: the files of examples/, the same ones the e2e tests run. */
export function mountExamples(router: ReturnType<typeof createRouter>): void {
  router.openapi(list, (c) => {
    const base = c.get('publicBaseUrl');
    const all = listExamples().map((e) => ({
      lang: e.lang,
      title: e.title,
      filename: e.filename,
      url: `${base}/examples/${e.lang}`,
    }));
    return c.json(pageArray(all, c.req.valid('query'), { list: 'examples', key: (e) => e.lang }), 200);
  });
  router.openapi(one, (c) => {
    const { lang } = c.req.valid('param');
    const ex = listExamples().find((e) => e.lang === lang);
    if (!ex) throw new NotFoundError(`No example for '${lang}'; GET /examples lists the languages.`);
    return c.text(ex.text, 200);
  });
}
