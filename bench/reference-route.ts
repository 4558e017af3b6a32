import type { OpenAPIHono } from '@hono/zod-openapi';
import { ALL_GROUPS } from '../functions/groups';
import { signerFor } from '../functions/warrant/signer';
import { buildApp } from '../shared/app/build';
import { provideSigner, signedJson } from '../shared/attestation/signed-json';
import type { Deps } from '../shared/deps';
import { createRouter, type RouteGroup } from '../shared/http/app';
import type { AppEnv } from '../shared/http/types';

/** Where the bench's reference answer is served (never part of the product's contract). */
export const REFERENCE_PATH = '/bench/signed-constant';

/**
 * The warrant bench's reference: a route that answers a constant body the way a warrant answers,
 * canonicalized (RFC 8785) and signed per request by the same signer, behind the same app shell
 * and access middleware (a key lookup and the usage counter: the path is not in the access
 * policy, so it needs a key and is metered like the warrant). What a warm warrant costs beyond it
 * is the warrant's own work.
 */
function referenceGroup(body: object): RouteGroup {
  return {
    name: 'bench-reference',
    description: `${REFERENCE_PATH}: a constant answer, canonicalized and signed (bench only)`,
    build(deps) {
      const router = createRouter();
      router.use(REFERENCE_PATH, provideSigner(signerFor(deps)));
      router.get(REFERENCE_PATH, (c) => signedJson(c, body, 200));
      return router;
    },
  };
}

/** The full app with the reference route mounted beside every product route. */
export function benchApp(deps: Deps, referenceBody: object): OpenAPIHono<AppEnv> {
  return buildApp([...ALL_GROUPS, referenceGroup(referenceBody)], deps);
}
