import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { NotImplementedError } from '../../shared/http/errors';
import { problemResponses } from '../../shared/http/schemas';
import { PLANNED } from './planned';

/** `{npi}` segments of a path, for the OpenAPI parameter list. */
function pathParams(path: string) {
  const names = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((n) => [
        n,
        z
          .string()
          .max(200)
          .openapi({ param: { name: n, in: 'path' } }),
      ]),
    ),
  );
}

/**
 * The catalog endpoints that are specified but not built yet: in the contract, each answering a
 * 501 problem that names what it waits for. A catalog key (free tier and up) is still required,
 * so the answer a client sees now is the one the built endpoint will gate the same way.
 */
export const catalogGroup: RouteGroup = {
  name: 'catalog',
  description: 'Specified catalog endpoints not built yet (501 problem each)',
  build() {
    const router = createRouter();
    for (const e of PLANNED) {
      const params = pathParams(e.path);
      const route = createRoute({
        method: 'get',
        path: e.path,
        tags: [e.tag],
        summary: `${e.summary} (not implemented yet)`,
        description: `Planned. Answers 501 until the loader of ${e.needs} is built; listed so the contract shows the whole surface.`,
        request: params ? { params } : undefined,
        responses: problemResponses(401, 429, 501),
      });
      router.openapi(route, () => {
        throw new NotImplementedError(`${e.path} is specified but not built yet: it waits for ${e.needs}.`, {
          planned: true,
          waits_for: e.needs,
        });
      });
    }
    return router;
  },
};
