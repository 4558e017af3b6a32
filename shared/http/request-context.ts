import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../deps';
import type { AppEnv } from './types';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when well formed, else API Gateway's,
 * else a new UUID), a logger carrying it, and one access-log line when the response is ready.
 */
export function requestContext(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const lambdaId = (c.env as { event?: { requestContext?: { requestId?: string } } } | undefined)?.event
      ?.requestContext?.requestId;
    const requestId = given && REQUEST_ID.test(given) ? given : (lambdaId ?? randomUUID());
    const logger = deps.logger.child({ request_id: requestId });
    c.set('requestId', requestId);
    c.set('publicBaseUrl', deps.config.publicBaseUrl);
    c.set('logger', logger);
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    logger.info('request', {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      key_id: c.get('principal')?.keyId,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
