import { createRoute, z } from '@hono/zod-openapi';
import type { createRouter } from '../../shared/http/app';
import { NotFoundError } from '../../shared/http/errors';
import { problemResponses } from '../../shared/http/schemas';
import { esc, page, wantsHtml } from '../platform/html';
import { type ProblemType, problemTypes } from './problem-catalog';

const ProblemTypeSchema = z
  .object({
    code: z.string().openapi({ example: 'invalid-parameters' }),
    status: z.number().int(),
    title: z.string(),
    description: z.string(),
    type: z.string().openapi({ description: 'The `type` URI problems of this kind carry.' }),
  })
  .openapi('ProblemType');

const Format = z.object({ format: z.enum(['json', 'html']).optional() });

const list = createRoute({
  method: 'get',
  path: '/problems',
  tags: ['Meta'],
  summary: 'Problem types',
  description: 'Every problem type (RFC 9457 `type`) the service emits. JSON, or HTML for browsers.',
  request: { query: Format },
  responses: {
    200: {
      description: 'All problem types, by status.',
      content: {
        'application/json': { schema: z.object({ items: z.array(ProblemTypeSchema) }).openapi('ProblemTypeList') },
        'text/html': { schema: z.string() },
      },
    },
    ...problemResponses(400),
  },
});

const one = createRoute({
  method: 'get',
  path: '/problems/{code}',
  tags: ['Meta'],
  summary: 'What a problem type means',
  description: "The page a problem's `type` URI points to. HTML for browsers, JSON otherwise.",
  request: {
    params: z.object({
      code: z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,63}$/, 'a problem code such as invalid-parameters')
        .openapi({ param: { name: 'code', in: 'path' }, example: 'invalid-parameters' }),
    }),
    query: Format,
  },
  responses: {
    200: {
      description: 'The problem type.',
      content: { 'application/json': { schema: ProblemTypeSchema }, 'text/html': { schema: z.string() } },
    },
    ...problemResponses(400, 404),
  },
});

function describePage(p: ProblemType & { type: string }): string {
  return page(
    `${p.status} ${p.title}`,
    `<h1>${p.status} ${esc(p.title)}</h1>
<p><code>${esc(p.type)}</code></p>
<p id="description">${esc(p.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
<p class="muted">Problems are RFC 9457 <code>application/problem+json</code> bodies with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code> and <code>request_id</code>. <a href="/problems">All problem types</a>.</p>`,
  );
}

function listPage(items: (ProblemType & { type: string })[]): string {
  const rows = items
    .map(
      (p) =>
        `<tr><td class="num">${p.status}</td><td><a href="/problems/${esc(p.code)}">${esc(p.code)}</a></td><td>${esc(p.title)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Problem types',
    `<h1>Problem types</h1>
<table id="problems"><thead><tr><th class="num">status</th><th>code</th><th>title</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
  );
}

/** GET /problems and /problems/{code}: where every problem's `type` URI leads. */
export function mountProblems(router: ReturnType<typeof createRouter>): void {
  const withType = (base: string) => problemTypes().map((p) => ({ ...p, type: `${base}/problems/${p.code}` }));
  router.openapi(list, (c) => {
    const items = withType(c.get('publicBaseUrl'));
    if (wantsHtml(c, c.req.valid('query').format)) return c.html(listPage(items), 200);
    return c.json({ items }, 200);
  });
  router.openapi(one, (c) => {
    const { code } = c.req.valid('param');
    const p = withType(c.get('publicBaseUrl')).find((x) => x.code === code);
    if (!p) throw new NotFoundError(`No problem type '${code}'; GET /problems lists them.`);
    if (wantsHtml(c, c.req.valid('query').format)) return c.html(describePage(p), 200);
    return c.json(p, 200);
  });
}
