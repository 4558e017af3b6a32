import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Swagger UI's script and stylesheet, served from this deployment (GET /docs/assets/{file}) so
 * the docs page works without any CDN, offline too. In a Lambda bundle `npm run build` copies the
 * two files next to index.js (scripts/build.mjs); from the checkout they are read from the
 * swagger-ui-dist package. Read once, on first request: none of it is parsed at a cold start.
 */
export const DOCS_ASSETS = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
} as const;
export type DocsAsset = keyof typeof DOCS_ASSETS;

/** Where the build puts the files beside a bundle (relative to its index.js). */
export const BUNDLED_ASSET_DIR = 'swagger-ui';

const cache = new Map<DocsAsset, Buffer>();

export function docsAsset(name: DocsAsset): Buffer {
  let body = cache.get(name);
  if (!body) {
    const bundled = path.join(__dirname, BUNDLED_ASSET_DIR, name);
    body = fs.readFileSync(fs.existsSync(bundled) ? bundled : require.resolve(`swagger-ui-dist/${name}`));
    cache.set(name, body);
  }
  return body;
}

/** The contract's file beside a bundle (scripts/build.mjs copies contract/openapi.json there). */
export const BUNDLED_CONTRACT = 'openapi.json';

let contract: Record<string, unknown> | undefined;

/**
 * The committed contract, parsed once on the first GET /openapi.json: beside the bundle, else
 * contract/openapi.json in the checkout. It is a file rather than a JSON import so the meta Lambda
 * does not parse about 290 KB of it at every cold start for a route few requests take.
 */
export function contractDocument(): Record<string, unknown> {
  if (!contract) {
    const bundled = path.join(__dirname, BUNDLED_CONTRACT);
    const file = fs.existsSync(bundled) ? bundled : path.resolve(__dirname, '../../contract/openapi.json');
    contract = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  }
  return contract;
}
