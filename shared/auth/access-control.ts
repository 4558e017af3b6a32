import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Deps } from '../deps';
import type { AppEnv } from '../http/types';
import { authenticateAdmin, authenticateKey, authorize } from './authenticate';
import { type KeyRecord, KeyStore } from './key-store';
import { type Access, accessFor } from './policy';
import { principalOf } from './principal';
import { meter } from './quota';
import { UsageMeter } from './usage';

/** Build the key store every auth component shares (same pepper, same cache). */
export function keyStoreFor(deps: Deps): KeyStore {
  return new KeyStore(deps.tables.keys, deps.clock, {
    pepper: deps.config.apiKeyPepper,
    cacheSeconds: deps.config.keyCacheSeconds,
  });
}

/**
 * The access-control middleware, installed once in buildApp so every surface (the full local app,
 * each group's Lambda, tests) enforces the same policy (policy.ts). It resolves the matched route's
 * template, applies its level, sets the `principal`, spends one request of the daily allowance and
 * stamps the RateLimit fields on the response. Paths no route serves pass through to the 404.
 */
export function accessControl(deps: Deps): MiddlewareHandler<AppEnv> {
  const keys = keyStoreFor(deps);
  const usage = new UsageMeter(deps.tables.keys);
  const pricingUrl = `${deps.config.publicBaseUrl}/pricing`;
  // The policy walk depends only on method and route template, both drawn from the mounted
  // routes, so each decision is made once per process instead of once per request.
  const decided = new Map<string, Access>();
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const template = routeTemplate(c);
    if (template === undefined) return next();
    const what = `${c.req.method === 'HEAD' ? 'GET' : c.req.method} ${template}`;
    let access = decided.get(what);
    if (!access) {
      access = accessFor(c.req.method, template);
      decided.set(what, access);
    }
    if (access.level === 'public') return next();
    const presented = c.req.header('x-api-key');
    if (access.level === 'admin') {
      c.set('principal', authenticateAdmin(deps.config, presented, `${c.req.method} ${c.req.path}`));
      return next();
    }
    const key = await authenticateKey(keys, presented);
    authorize(key, access.level, what, pricingUrl);
    c.set('principal', principalOf(key));
    c.set('apiKey', key);
    c.set('logger', c.get('logger').child({ key_id: key.key_id }));
    const { headers } = await meter(usage, key, deps.clock.now(), access.metered);
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  };
}

/**
 * The template of the route that will answer (`/sources/{source_id}`), from Hono's match: the first
 * method-specific handler, else a path-specific catch-all; undefined when only global middleware
 * matched, i.e. no route serves the path.
 */
export function routeTemplate(c: Context): string | undefined {
  const routes = matchedRoutes(c);
  const route =
    routes.find((r) => r.method !== 'ALL') ?? routes.find((r) => r.method === 'ALL' && !/^\/?\*?$/.test(r.path));
  return route ? toTemplate(route.path) : undefined;
}

/** `/archive/:sha256{[0-9a-f]{64}}/text` -> `/archive/{sha256}/text`. */
export function toTemplate(path: string): string {
  return path
    .split('/')
    .map((seg) => {
      const m = /^:([A-Za-z0-9_]+)/.exec(seg);
      return m ? `{${m[1]}}` : seg;
    })
    .join('/');
}

/** The customer key the access-control middleware accepted for this request (undefined: none). */
export function acceptedKey(c: Context<AppEnv>): KeyRecord | undefined {
  return c.get('apiKey') as KeyRecord | undefined;
}
