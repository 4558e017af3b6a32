import { createRouter, type RouteGroup } from '../../shared/http/app';
import { mountMyUsage } from './my-usage';
import { mountSources } from './sources';
import { mountStatus } from './status';

/** Platform reads about the service and the caller: usage, the source catalog, status and statistics. */
export const platformGroup: RouteGroup = {
  name: 'platform',
  description: "The caller's usage, the source catalog, status and platform statistics",
  build(deps) {
    const router = createRouter();
    mountMyUsage(router, deps);
    mountSources(router, deps);
    mountStatus(router, deps);
    return router;
  },
};
