import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { OriginNotAllowedError } from '../http/errors';
import type { AppEnv } from '../http/types';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopbackOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return /^https?:$/.test(u.protocol) && LOOPBACK.has(u.hostname);
  } catch {
    return false;
  }
}

/**
 * The MCP transport's guard against DNS rebinding (MCP "Streamable HTTP", security warning): a
 * request carrying an Origin other than the deployment's own (PUBLIC_BASE_URL), one of
 * MCP_ALLOWED_ORIGINS or, on a local server, a loopback origin is refused with a 403 problem. A
 * local server (PUBLIC_BASE_URL on a loopback host) also refuses any Host that is not a loopback
 * name, which is what a rebound name would send. Agents that are not browsers send no Origin.
 */
export function originGuard(config: Config): MiddlewareHandler<AppEnv> {
  const own = new URL(config.publicBaseUrl);
  const local = LOOPBACK.has(own.hostname);
  const allowed = new Set([own.origin, ...config.mcp.allowedOrigins]);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin) && !(local && isLoopbackOrigin(origin))) {
      throw new OriginNotAllowedError(
        `Origin ${JSON.stringify(origin.slice(0, 200))} may not call /mcp; allowed: ${[...allowed].join(', ')}${local ? ' and loopback origins' : ''}.`,
        { errors: [{ loc: ['header', 'origin'], msg: 'origin not allowed', type: 'origin' }] },
      );
    }
    const host = new URL(c.req.url).hostname;
    if (local && !LOOPBACK.has(host)) {
      throw new OriginNotAllowedError(
        `Host ${JSON.stringify(host.slice(0, 200))} is not served by this local server.`,
        {
          errors: [{ loc: ['header', 'host'], msg: 'a local server answers loopback names only', type: 'host' }],
        },
      );
    }
    await next();
  };
}
