import { createRoute, z } from '@hono/zod-openapi';
import type { createRouter } from '../../shared/http/app';
import { NotFoundError } from '../../shared/http/errors';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { docsSecurityHeaders, scriptHash } from '../../shared/http/security-headers';
import { contractDocument, DOCS_ASSETS, type DocsAsset, docsAsset } from './docs-assets';

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

/**
 * The docs page: Swagger UI (script and styles served by this deployment, no CDN) loading the
 * contract from this deployment (relative URLs, any host).
 */
const DOCS_SCRIPT = `
window.onload = () => {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    persistAuthorization: true,
    displayRequestDuration: true,
    // No badge from validator.swagger.io: the page's policy allows images from this host only.
    validatorUrl: null,
  });
};
`;

function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warrant service API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>${DOCS_SCRIPT}</script>
</body></html>
`;
}

/**
 * GET /docs and GET /openapi.json. The contract and Swagger UI's files are read on the first request
 * that serves them (functions/meta/docs-assets.ts), not carried in the bundle.
 */
export function mountDocs(router: ReturnType<typeof createRouter>): void {
  const html = docsPage();
  // The page's policy: Swagger UI's file from this host and this page's one inline script, by hash.
  router.use('/docs', docsSecurityHeaders([scriptHash(DOCS_SCRIPT)]));
  router.openapi(openapi, (c) => c.json(contractDocument(), 200));
  router.openapi(docs, (c) => c.html(html, 200));
  // Static files of the docs page: not part of the API contract (plain route, public by policy).
  router.get('/docs/assets/:file', (c) => {
    const file = c.req.param('file');
    if (!Object.hasOwn(DOCS_ASSETS, file)) throw new NotFoundError(`No docs asset named ${file}.`);
    const name = file as DocsAsset;
    return c.body(new Uint8Array(docsAsset(name)), 200, {
      'content-type': DOCS_ASSETS[name],
      'cache-control': 'public, max-age=86400',
    });
  });
}
