import type { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { accessControl } from '../auth/access-control';
import type { Deps } from '../deps';
import { createRouter, type GroupHost, type RouteGroup } from '../http/app';
import { NotFoundError, ServiceUnavailableError } from '../http/errors';
import { renderProblem } from '../http/problem';
import { requestContext } from '../http/request-context';
import { keyedNoStore, securityHeaders } from '../http/security-headers';
import type { AppEnv } from '../http/types';

/**
 * The application shell the Lambda entries and the local server share: the common middleware
 * (request id and logging, CORS, the one access policy), the single error renderer and the 404 for
 * unknown paths, around the endpoint groups. It sits above shared/http and shared/auth (which
 * it composes), so neither depends on the other.
 */
export const EXPOSED_HEADERS = [
  'X-Request-Id',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'X-Service-Quota-Reset',
  'Location',
];

/**
 * The application: common middleware (request id, logging, CORS), the single error renderer and
 * the 404 for unknown paths, with the given groups mounted. Lambda handlers mount one group; the
 * local server mounts all of them.
 */
export function buildApp(groups: readonly RouteGroup[], deps: Deps): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.use('*', requestContext(deps));
  app.use('*', securityHeaders());
  app.use('*', keyedNoStore());
  app.use('*', cors({ origin: '*', exposeHeaders: EXPOSED_HEADERS, maxAge: 600 }));
  app.use('*', accessControl(deps));
  app.onError((err, c) => renderProblem(c, err));
  app.notFound((c) =>
    renderProblem(c, new NotFoundError(`No route for ${c.req.method} ${new URL(c.req.url).pathname}.`)),
  );
  const host: GroupHost = { request: (path, init, env) => app.request(path, init, env as never) };
  for (const group of groups) app.route('/', group.build(deps, host));
  return app;
}

/**
 * What a local server answers while its start-up steps run (it listens first, so a port clash
 * stops start-up before anything is written): a 503 problem through the same renderer.
 */
export function buildStartingApp(deps: Deps): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.use('*', requestContext(deps));
  app.use('*', securityHeaders());
  app.onError((err, c) => renderProblem(c, err));
  app.all('*', () => {
    throw new ServiceUnavailableError('The server is still starting; retry in a few seconds.');
  });
  return app;
}
