import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type ContentSecurityPolicyOptions = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']
>;

/**
 * Security headers for every response, through Hono's secure-headers middleware:
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` with CSP `frame-ancestors 'none'`,
 * `Referrer-Policy: no-referrer`, and a Content-Security-Policy.
 *
 * The default policy fits the server-rendered pages (status, sources, usage, pricing, problems,
 * appeal exhibit): no script at all, inline styles only (the pages carry their CSS inline), images
 * from this host or `data:`. JSON answers get the same header, where it is inert. The docs page is
 * the one page with script: its route adds `docsSecurityHeaders`, which allows Swagger UI's file
 * from this host and the page's own inline script by its SHA-256, nothing else.
 *
 * The global middleware does not overwrite a header a route's own middleware set (`overwrite:
 * false`), so the docs policy stands.
 */
const PAGE_POLICY: ContentSecurityPolicyOptions = {
  defaultSrc: ["'none'"],
  styleSrc: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
};

const COMMON = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  // A public API read cross-origin with CORS; CORP only governs no-cors loads, which it allows too.
  crossOriginResourcePolicy: 'cross-origin',
} as const;

export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({ ...COMMON, contentSecurityPolicy: PAGE_POLICY, overwrite: false });
}

/** `'sha256-…'`, the CSP source expression allowing exactly this inline script. */
export function scriptHash(inlineScript: string): string {
  return `'sha256-${createHash('sha256').update(inlineScript, 'utf8').digest('base64')}'`;
}

/**
 * The docs page's policy: scripts from this host (Swagger UI's bundle) and the inline scripts with
 * these hashes; styles from this host and inline (Swagger UI sets styles at run time); requests
 * ("Try it out", the contract) to this host only.
 */
export function docsSecurityHeaders(inlineScriptHashes: readonly string[]): MiddlewareHandler {
  return secureHeaders({
    ...COMMON,
    contentSecurityPolicy: {
      ...PAGE_POLICY,
      scriptSrc: ["'self'", ...inlineScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
    },
  });
}

/**
 * `Cache-Control: private, no-store` on every answer to a request that presented an API key,
 * whatever the route set: a keyed answer is that customer's, and no shared cache may keep it.
 */
export function keyedNoStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.header('x-api-key') !== undefined) c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
