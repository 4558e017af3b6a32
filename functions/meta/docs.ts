import { SwaggerUI } from '@hono/swagger-ui';
import { createRoute, z } from '@hono/zod-openapi';
import contract from '../../contract/openapi.json';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';

const OpenApiDocument = z
  .record(z.string(), z.unknown())
  .openapi('OpenApiDocument', { description: 'The committed OpenAPI 3.1 contract (contract/openapi.json).' });

const openapi = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags: ['Meta'],
  summary: 'The published contract',
  description:
    'The OpenAPI 3.1 document committed as contract/openapi.json, byte for byte what the typed client is generated from. Admin routes are not in it.',
  responses: { 200: jsonResponse(OpenApiDocument, 'The contract.'), ...problemResponses() },
});

const docs = createRoute({
  method: 'get',
  path: '/docs',
  tags: ['Meta'],
  summary: 'Interactive API documentation',
  description: 'Swagger UI over /openapi.json; "Try it out" sends requests to this deployment.',
  responses: {
    200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
    ...problemResponses(),
  },
});

/** The docs page: Swagger UI loading the contract from this deployment (relative URL, any host). */
function docsPage(): string {
  const ui = SwaggerUI({ url: '/openapi.json', persistAuthorization: true, displayRequestDuration: true });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warrant service API</title></head>
<body>${ui}</body></html>
`;
}

/** GET /docs and GET /openapi.json: the contract is bundled (JSON import), so both answer without I/O. */
export function mountDocs(router: ReturnType<typeof createRouter>): void {
  const html = docsPage();
  router.openapi(openapi, (c) => c.json(contract as Record<string, unknown>, 200));
  router.openapi(docs, (c) => c.html(html, 200));
}
