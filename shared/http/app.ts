import { OpenAPIHono } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { validationErrorFromZod } from './problem';
import { declaredQueryNames, rejectUnknownQuery } from './query-guard';
import type { ToolSpec } from './tool-spec';
import type { AppEnv } from './types';

/**
 * A router for one endpoint group: request validation failures become ValidationErrors, and every
 * route refuses query parameters it does not declare (400 naming each one). The check is added
 * here, at registration, so no route can forget it: an OpenAPI route accepts the keys of its
 * `request.query` schema (none when it declares no query), a plain route (static assets) none.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationErrorFromZod(result.target, result.error);
    },
  });
  const openapi = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const names = route.request?.query ? declaredQueryNames(route.request.query) : [];
    const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
    const guard = names ? [rejectUnknownQuery(names)] : [];
    return openapi({ ...route, middleware: [...guard, ...own] }, handler, hook);
  }) as typeof router.openapi;
  for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
    const plain = router[method] as (...args: unknown[]) => OpenAPIHono<AppEnv>;
    router[method] = ((...args: unknown[]) =>
      typeof args[0] === 'string' && args.length > 1
        ? plain(args[0], rejectUnknownQuery([]), ...args.slice(1))
        : plain(...args)) as (typeof router)[typeof method];
  }
  return router;
}

/**
 * The app a group is mounted in: `request` sends a request through it, every group it mounts and
 * its shell included (the agent-tool surface answers tool calls this way on `npm start`). In a
 * Lambda the app holds one group, so only that group's routes answer.
 */
export interface GroupHost {
  request(path: string, init: RequestInit, env: unknown): Response | Promise<Response>;
}

/** One endpoint group: built from the shared dependencies; each group is one Lambda on AWS. */
export interface RouteGroup {
  readonly name: string;
  /** Path prefixes the group serves, for documentation and the infrastructure route map. */
  readonly description: string;
  /** The group's routes offered as agent tools (functions/mcp serves them at /mcp and over stdio). */
  readonly tools?: readonly ToolSpec[];
  build(deps: Deps, host?: GroupHost): OpenAPIHono<AppEnv>;
}
